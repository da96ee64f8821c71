import fs from 'node:fs';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { setPasswordHashCost } from '../../src/server/auth/passwords.js';
import { ensurePolicySeeded } from '../../src/server/auth/db-policy-source.js';
import { seedDemo } from '../../src/server/seed/seed-demo.js';

/**
 * Every API test file starts from the same migrated, demo-seeded database. Built once per run (the migrations and the
 * seed cost seconds per file on a loaded machine), then copied per file: PGlite from a dump of its data folder,
 * PostgreSQL with CREATE DATABASE … TEMPLATE.
 */
export const SEEDED_TEMPLATE_DB = 'seeded_template';

async function seed(database: Database): Promise<void> {
  setPasswordHashCost('low');
  await ensurePolicySeeded(database.db);
  await seedDemo(database.db);
}

async function writeDump(database: Database, file: string): Promise<void> {
  // drizzle keeps its driver as $client: the PGlite instance (as bench-kit reads it).
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/**
 * Writes the dumps of an in-memory PGlite: `migratedFile` just migrated (a test of an empty product), then
 * `seededFile` demo-seeded. Migrating from nothing costs a PGlite test 5–60 s, by the machine's load.
 */
export async function writePgliteDumps(migratedFile: string, seededFile: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await writeDump(database, migratedFile);
    await seed(database);
    await writeDump(database, seededFile);
  } finally {
    await database.close();
  }
}

/** Creates the seeded template database on the run's PostgreSQL server (no connection is left open to it). */
export async function createSeededPostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${SEEDED_TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: adminUrl.replace(/\/[^/]*$/, `/${SEEDED_TEMPLATE_DB}`), poolSize: 4 });
  try {
    await seed(database);
  } finally {
    await database.close();
  }
}
