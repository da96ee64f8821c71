import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import type { DbConfig } from '../config.js';
import { migrationsFolder, openDatabase } from '../db/client.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import { describeLevel, isNewer, knownMigrations } from '../db/migration-level.js';
import { rowsOf } from '../db/rows.js';
import { product } from '../product.js';
import { countDifferences, extractVerified, readManifest, type Manifest } from './archive.js';
import { inspectDatabase } from './inspect.js';
import { queryOn, serverMajor } from './postgres-dump.js';
import { findPgTool, runTool } from './postgres-tools.js';

export type Restored = {
  manifest: Manifest;
  rows: number;
  /** Migrations this version applied on top of the archive's. */
  migrated: number;
  /** Sign-ins of the archive that were ended (everyone signs in again). */
  sessionsEnded: number;
  /** Where the data that was there before went (`--force`). */
  keptAside: string | null;
  ms: number;
};

const stamp = () => new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);

/** The archive must be of this kind of database and of this version of the product or an older one. */
function refuseUnfit(manifest: Manifest, target: DbConfig): void {
  const known = knownMigrations(migrationsFolder);
  if (isNewer(manifest.migrations, known)) {
    throw new Error(
      `This archive was made by a newer version of the product (${manifest.product.version}: ${describeLevel(manifest.migrations)}); ` +
        `this version (${product().version}) knows ${describeLevel(known)}. Restore it with version ${manifest.product.version} or newer.`,
    );
  }
  if (manifest.database.kind !== target.kind) {
    const [archive, here] = [manifest.database.kind, target.kind].map((k) =>
      k === 'pglite' ? 'the embedded database (DATA_DIR)' : 'a PostgreSQL server (DATABASE_URL)',
    );
    throw new Error(`This archive holds ${archive}; this configuration restores into ${here}.`);
  }
}

function checkCounts(manifest: Manifest, actual: Record<string, number>): number {
  const differences = countDifferences(manifest.tables, actual);
  if (differences.length) throw new Error(`The restored database does not hold what the backup did: ${differences.join('; ')}.`);
  return Object.values(actual).reduce((a, b) => a + b, 0);
}

/** Into DATA_DIR/pgdata: refused while a server holds the folder (its lock), and over existing data unless forced. */
async function restorePglite(archive: string, manifest: Manifest, dataDir: string, force: boolean): Promise<{ rows: number; keptAside: string | null }> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  let keptAside: string | null = null;
  const occupied = fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0;
  if (occupied && !force) {
    release();
    throw new Error(`${pgdata} already holds a database: restore into an empty DATA_DIR, or add --force to keep it aside and replace it.`);
  }
  const work = fs.mkdtempSync(path.join(dataDir, '.restoring-'));
  try {
    const unpacked = path.join(work, 'pgdata');
    fs.mkdirSync(unpacked);
    await tar.x({ file: await extractVerified(archive, manifest, work), cwd: unpacked });
    const client = await PGlite.create(unpacked, { extensions: { pg_trgm } });
    const found = await inspectDatabase(async <T>(text: string) => (await client.query<T>(text)).rows).finally(() => client.close());
    const rows = checkCounts(manifest, found.tables);
    if (occupied) {
      keptAside = `${pgdata}.before-restore-${stamp()}`;
      fs.renameSync(pgdata, keptAside);
    } else fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(unpacked, pgdata);
    return { rows, keptAside };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    release();
  }
}

/** The database a URL names, and the maintenance database beside it (to create or rename that one). */
function databases(url: string): { name: string; admin: string } {
  const address = new URL(url);
  const name = decodeURIComponent(address.pathname.slice(1));
  address.pathname = '/postgres';
  return { name, admin: address.toString() };
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Into the database DATABASE_URL names: created when missing; refused when it holds tables unless forced, then renamed
 * aside (`<name>_before_restore_<time>`, which needs every API process stopped) and made anew. pg_restore runs in one
 * transaction: a failed restore leaves the database empty.
 */
async function restorePostgres(
  archive: string,
  manifest: Manifest,
  url: string,
  force: boolean,
  work: string,
): Promise<{ rows: number; keptAside: string | null }> {
  const { name, admin: adminUrl } = databases(url);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let keptAside: string | null = null;
  let toolMajor: number;
  try {
    toolMajor = Math.max(await serverMajor(admin), Number(/(\d+)/.exec(manifest.database.tool ?? '')?.[1] ?? 0));
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`create database ${ident(name)}`);
    else {
      const target = new pg.Client({ connectionString: url });
      await target.connect();
      const tables = Number(
        (
          await target.query<{ n: string }>(
            `select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
          )
        ).rows[0]!.n,
      );
      await target.end();
      if (tables > 0) {
        if (!force)
          throw new Error(
            `The database ${name} already holds ${tables} tables: restore into an empty database, or add --force to keep it aside and replace it.`,
          );
        const others = Number((await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0]!.n);
        if (others > 0) throw new Error(`${others} connections are open to ${name}: stop every API process first.`);
        keptAside = `${name}_before_restore_${stamp()}`.toLowerCase();
        await admin.query(`alter database ${ident(name)} rename to ${ident(keptAside)}`);
        await admin.query(`create database ${ident(name)}`);
      }
    }
  } finally {
    await admin.end();
  }
  const file = await extractVerified(archive, manifest, work);
  const tool = await findPgTool('pg_restore', toolMajor);
  await runTool(tool, url, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { rows: checkCounts(manifest, (await inspectDatabase(queryOn(client))).tables), keptAside };
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- <archive>`: verifies the archive (its checksums; its version against this one), restores it, checks
 * that every table holds the rows the backup counted, then opens the database as a start would: migrations newer than
 * the archive run. Sign-ins the archive holds are ended (their refresh tokens revoked): a session that had been ended
 * after the backup must not come back, and everyone signs in again.
 */
export async function restoreArchive(archive: string, target: DbConfig, options: { force?: boolean } = {}): Promise<Restored> {
  const started = performance.now();
  const manifest = await readManifest(archive);
  refuseUnfit(manifest, target);
  let restored: { rows: number; keptAside: string | null };
  if (target.kind === 'pglite') {
    if (!target.dataDir) throw new Error('DATA_DIR is needed to restore the embedded database.');
    restored = await restorePglite(archive, manifest, target.dataDir, options.force ?? false);
  } else {
    const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(archive)), '.restoring-'));
    try {
      restored = await restorePostgres(archive, manifest, target.url, options.force ?? false, work);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  const database = await openDatabase(target);
  try {
    const [level] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    const ended = await database.db.execute(sql`update refresh_tokens set revoked_at = now() where revoked_at is null`);
    return {
      manifest,
      rows: restored.rows,
      migrated: (level?.n ?? 0) - manifest.migrations.count,
      sessionsEnded: (ended as { rowCount?: number; affectedRows?: number }).rowCount ?? (ended as { affectedRows?: number }).affectedRows ?? 0,
      keptAside: restored.keptAside,
      ms: performance.now() - started,
    };
  } finally {
    await database.close();
  }
}
