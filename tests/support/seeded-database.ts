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

/** Writes the dump of a seeded in-memory PGlite to `file`. */
export async function writeSeededPgliteDump(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await seed(database);
    // drizzle keeps its driver as $client: the PGlite instance (as bench-kit reads it).
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
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
