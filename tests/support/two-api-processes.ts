import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { createTokenSigner } from '../../src/server/auth/tokens.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { TEST_JWT_SECRET, openTestDatabase } from './test-app.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export type TwoApiProcesses = {
  database: Database & { url?: string };
  servers: ServerProcess[];
  /** Access tokens of the demo admin and warehouse user. */
  tokens: { admin: string; warehouse: string };
  stop: () => Promise<void>;
};

/**
 * A fresh PostgreSQL database with the demo data (a copy of the run's seeded one) and two API processes on it, started
 * side by side: the setup of every concurrency test. (A process that seeds the demo data itself and another that finds
 * it there: stock-concurrency.test.ts.)
 */
export async function startTwoApiProcesses(): Promise<TwoApiProcesses> {
  const database = await openTestDatabase({ seeded: true });
  const env = { DATABASE_URL: database.url!, JWT_SECRET: TEST_JWT_SECRET, PORT: '0', LOGIN_RATE_LIMIT: '100000', DB_POOL_SIZE: '10', SEED_DEMO: '0' };
  const starts = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  const servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
    throw failed.reason;
  }
  const signer = createTokenSigner(TEST_JWT_SECRET);
  const idOf = async (email: string) => rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = ${email}`))[0]!.id;
  const tokens = {
    admin: await signer.sign({ sub: await idOf('admin@demo.local'), role: 'admin', firstname: 'Admin' }),
    warehouse: await signer.sign({ sub: await idOf('warehouse@demo.local'), role: 'warehouse-user', firstname: 'Vikram' }),
  };
  return {
    database,
    servers,
    tokens,
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database.close();
    },
  };
}
