import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { setPasswordHashCost } from './auth/passwords.js';
import { createTokenSigner } from './auth/tokens.js';
import { dbPolicySource, ensurePolicySeeded } from './auth/db-policy-source.js';
import { buildApp } from './app.js';
import { trustProxyWarning } from './http/trust-proxy.js';
import type { Api } from './http/types.js';
import { demoPasswordHashes, isDemoSeeded, seedDemo } from './seed/seed-demo.js';
import { DEMO_LOGINS } from './seed/demo-data.js';
import { deleteUnusedImages } from './services/image-gc.js';
import { loggerOptions } from './logging.js';
import { refuseDataFolder } from './backup/take-backup.js';

export type Server = {
  app: Api;
  database: Database;
  /** Demo data loaded by this start. */
  seeded: boolean;
  /** The demo accounts exist (loaded now or before): the start log lists them. */
  hasDemoAccounts: boolean;
  close: () => Promise<void>;
};

/** In embedded mode the JWT secret is generated once and kept beside the data, so tokens survive restarts. */
function embeddedJwtSecret(dataDir: string | null): string {
  if (!dataDir) return crypto.randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

function mayNeedSeed(config: ServerConfig): boolean {
  if (config.seedDemo === 'no') return false;
  if (config.db.kind === 'pglite') return !config.db.dataDir || !fs.existsSync(path.join(config.db.dataDir, 'pgdata'));
  return config.seedDemo === 'yes';
}

async function shouldSeed(config: ServerConfig, database: Database): Promise<boolean> {
  if (config.seedDemo === 'no') return false;
  if (config.seedDemo === 'auto' && database.kind !== 'pglite') return false;
  return !(await isDemoSeeded(database.db));
}

/** `pgliteTemplate`: the template data folder `npm run build` made, for a fresh embedded database. */
export async function startServer(config: ServerConfig, spaDir?: string, pgliteTemplate?: string): Promise<Server> {
  setPasswordHashCost(config.passwordHashCost);
  if (config.backup.dir && config.db.kind === 'pglite') refuseDataFolder(config.backup.dir, config.db.dataDir);
  // A new database will be seeded: hash the demo passwords on the thread pool while the main thread opens it.
  if (mayNeedSeed(config)) demoPasswordHashes().catch(() => {}); // a failure surfaces when the seed awaits them
  const database = await openDatabase(config.db, { pgliteTemplate });
  try {
    const jwtSecret = config.jwtSecret ?? embeddedJwtSecret(config.db.kind === 'pglite' ? config.db.dataDir : null);
    await ensurePolicySeeded(database.db);
    let seeded = false;
    if (await shouldSeed(config, database)) {
      await seedDemo(database.db);
      seeded = true;
    }
    // A product's unused images are deleted just after it commits; a stop in between leaves them to this.
    await deleteUnusedImages(database.db);
    const app = await buildApp({
      database,
      signer: createTokenSigner(jwtSecret),
      policy: dbPolicySource(database.db),
      config: { loginRateLimit: config.loginRateLimit, metricsToken: config.metricsToken },
      backup: config.backup,
      trustProxy: config.trustProxy,
      logger: await loggerOptions(config.logLevel),
      spaDir,
    });
    const proxyWarning = trustProxyWarning(config.trustProxy);
    if (proxyWarning) app.log.warn(proxyWarning);
    return {
      app,
      database,
      seeded,
      hasDemoAccounts: seeded || (await isDemoSeeded(database.db)),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export function demoLoginsText(): string {
  return DEMO_LOGINS.map((l) => `  ${l.role.padEnd(15)} ${l.email.padEnd(24)} ${l.password}`).join('\n');
}
