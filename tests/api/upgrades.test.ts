import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../src/server/db/client.js';
import { knownMigrations } from '../../src/server/db/migration-level.js';
import { TEST_JWT_SECRET, dbKind, openTestDatabase, seededDataDir } from '../support/test-app.js';
import { startServerProcess } from '../support/server-process.js';

const known = knownMigrations(migrationsFolder);
const DAY_MS = 86_400_000;

describe('upgrades: a database migrated by a newer version of the product is refused at start-up', () => {
  let dataDir = '';
  afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

  it('the server exits at start, naming both levels, and migrates nothing', async () => {
    // A database of this version, then a migration a later version would have applied.
    if (dbKind === 'pglite') dataDir = await seededDataDir();
    const database = dbKind === 'postgres' ? await openTestDatabase() : await openDatabase({ kind: 'pglite', dataDir });
    const url = (database as { url?: string }).url;
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${known.lastWhen + DAY_MS})`);
    await database.close();

    const env: Record<string, string> = url ? { DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET } : { DATA_DIR: dataDir };
    const failure = await startServerProcess({ ...env, PORT: '0' }).then(
      async (server) => {
        await server.stop('SIGKILL');
        throw new Error('the server started on a database of a newer version');
      },
      (error: { code?: number | null; output?: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.output).toContain(
      `The database was migrated by a newer version of the product (${known.count + 1} migrations, the last of ` +
        `${new Date(known.lastWhen + DAY_MS).toISOString().slice(0, 19).replace('T', ' ')} UTC); this version knows ${known.count} migrations, ` +
        `the last ${known.lastTag} of`,
    );
    expect(failure.output).toContain('restore a backup made by this version (npm run restore)');

    // Nothing was applied or changed: the newer row is still the last one.
    const count = 'select count(*)::int as n from drizzle.__drizzle_migrations';
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      expect((await client.query<{ n: number }>(count)).rows[0]!.n).toBe(known.count + 1);
      await client.end();
    } else {
      const raw = await PGlite.create(path.join(dataDir, 'pgdata'));
      expect((await raw.query<{ n: number }>(count)).rows[0]!.n).toBe(known.count + 1);
      await raw.close();
    }
  }, 120_000);
});
