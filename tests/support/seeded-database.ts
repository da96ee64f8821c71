import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { setPasswordHashCost } from '../../src/server/auth/passwords.js';
import { ensurePolicySeeded } from '../../src/server/auth/db-policy-source.js';
import { seedDemo } from '../../src/server/seed/seed-demo.js';

/**
 * Every API test file starts from the same migrated, demo-seeded database. Built once per run (the migrations and the
 * seed cost seconds per file on a loaded machine), then copied per file: PGlite from a dump of its data folder,
 * PostgreSQL with CREATE DATABASE … TEMPLATE. So is the migrated database of a test of an empty product.
 */
export const SEEDED_TEMPLATE_DB = 'seeded_template';
export const MIGRATED_TEMPLATE_DB = 'migrated_template';

async function seed(database: Database): Promise<void> {
  setPasswordHashCost('low');
  await ensurePolicySeeded(database.db);
  await seedDemo(database.db);
}

async function writeDump(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/** drizzle keeps its driver as $client: the PGlite instance (as bench-kit reads it). */
const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

/**
 * Writes the dumps of an in-memory PGlite: `clusterFile` a new cluster before any migration (a test of a database an older
 * release left starts there, rather than running PGlite's initdb again: seconds, and up to a minute on a loaded machine),
 * `migratedFile` just migrated (a test of an empty product), then `seededFile` demo-seeded.
 */
export async function writePgliteDumps(clusterFile: string, migratedFile: string, seededFile: string): Promise<void> {
  const cluster = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await writeDump(cluster, clusterFile);
  } finally {
    await cluster.close();
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null }, { pgliteDump: new Blob([fs.readFileSync(clusterFile)]) });
  try {
    await writeDump(clientOf(database), migratedFile);
    await seed(database);
    await writeDump(clientOf(database), seededFile);
  } finally {
    await database.close();
  }
}

/**
 * Creates the run's template databases on its PostgreSQL server: the migrated one (a test of an empty product), then the
 * seeded one, a copy of it with the demo data. No connection is left open to either.
 */
export async function createPostgresTemplates(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${MIGRATED_TEMPLATE_DB}`);
    const migrated = await openDatabase({ kind: 'postgres', url: adminUrl.replace(/\/[^/]*$/, `/${MIGRATED_TEMPLATE_DB}`), poolSize: 4 });
    await migrated.close();
    await admin.query(`create database ${SEEDED_TEMPLATE_DB} template ${MIGRATED_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: adminUrl.replace(/\/[^/]*$/, `/${SEEDED_TEMPLATE_DB}`), poolSize: 4 });
  try {
    await seed(database);
  } finally {
    await database.close();
  }
}
