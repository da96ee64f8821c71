/**
 * npm run backup / npm run restore at scale (issue 35): a data set of 1M ledger rows (bench/support/scale-data.ts, set-based
 * SQL), then one backup and one restore of it, on PostgreSQL (pg_dump / pg_restore) and on the embedded database (the
 * online physical copy, in a data folder on disk). Prints rows, times, the archive's size and this process's peak RSS
 * (the helper processes — pg_dump, the copy and the seal — are apart). Beside each, in the same run, a baseline of the
 * same data without the product around it: PostgreSQL's own `pg_dump --format=custom` and `pg_restore` into an empty
 * database (what an operator would type); PGlite's own `dumpDataDir('gzip')` (in memory, the server stopped from
 * writing while it runs) and a PGlite opened from that dump.
 *
 *   npm run bench:backup -- [--movements 1000000] [--products 100000] [--db postgres,pglite]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ensurePolicySeeded } from '../src/server/auth/db-policy-source.js';
import { setPasswordHashCost } from '../src/server/auth/passwords.js';
import { findPgTool, runTool } from '../src/server/backup/postgres-tools.js';
import { restoreArchive } from '../src/server/backup/restore.js';
import { takeBackup } from '../src/server/backup/take-backup.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/seed/seed-demo.js';
import { openBenchDb, seconds, stopBenchCluster, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';

const { values } = parseArgs({
  options: {
    movements: { type: 'string', default: '1000000' },
    products: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
});
const M = Number(values.movements);
const N = Number(values.products);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
type Line = { db: Kind; rows: number; backup: number; bytes: number; restore: number; rss: number; baseBackup: number; baseBytes: number; baseRestore: number };
const lines: Line[] = [];

async function build(database: Database): Promise<void> {
  setPasswordHashCost('low');
  await ensurePolicySeeded(database.db);
  await seedDemo(database.db);
  await buildScaleData(database.db, { products: N, movements: M, days: 120 });
}

try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const out = path.join(work, `${kind}-backups`);
    let line: Line;
    if (kind === 'pglite') {
      const dataDir = path.join(work, 'pglite-data');
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await build(database);
      console.log(`pglite: data set built in ${seconds(t0)}`);
      if (database.origin.kind !== 'pglite') throw new Error('expected the embedded database');
      const b = await takeBackup({ kind: 'pglite', client: database.origin.client, dataDir }, out);
      const t1 = performance.now();
      const dump = await database.origin.client.dumpDataDir('gzip');
      const baseBackup = performance.now() - t1;
      await database.close();
      const r = await restoreArchive(b.file, { kind: 'pglite', dataDir: path.join(work, 'pglite-restored') });
      const t2 = performance.now();
      const reopened = await PGlite.create({ loadDataDir: dump });
      await reopened.query('select count(*) from stock_movements');
      const baseRestore = performance.now() - t2;
      await reopened.close();
      line = { db: kind, rows: r.rows, backup: b.ms, bytes: b.bytes, restore: r.ms, rss: peakMb(), baseBackup, baseBytes: dump.size, baseRestore };
    } else {
      const bench = await openBenchDb('postgres');
      await build(bench.database);
      console.log(`postgres: data set built in ${seconds(t0)}`);
      const b = await takeBackup({ kind: 'postgres', url: bench.url! }, out);
      await bench.close();
      const target = bench.url!.replace(/\/[^/]*$/, '/bench_restored');
      const admin = new pg.Client({ connectionString: bench.url!.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      await admin.query('create database bench_restored');
      await admin.end();
      const r = await restoreArchive(b.file, { kind: 'postgres', url: target, poolSize: 2 });
      const plain = path.join(work, 'plain.pgdump');
      const t1 = performance.now();
      await runTool(await findPgTool('pg_dump', 0), bench.url!, ['--format=custom', `--file=${plain}`]);
      const baseBackup = performance.now() - t1;
      const again = new pg.Client({ connectionString: bench.url!.replace(/\/[^/]*$/, '/postgres') });
      await again.connect();
      await again.query('create database bench_plain');
      await again.end();
      const t2 = performance.now();
      await runTool(await findPgTool('pg_restore', 0), target.replace(/bench_restored$/, 'bench_plain'), [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        plain,
      ]);
      const baseRestore = performance.now() - t2;
      line = {
        db: kind,
        rows: r.rows,
        backup: b.ms,
        bytes: b.bytes,
        restore: r.ms,
        rss: peakMb(),
        baseBackup,
        baseBytes: fs.statSync(plain).size,
        baseRestore,
      };
    }
    lines.push(line);
    console.log(
      `  backup ${(line.backup / 1000).toFixed(1)} s, ${(line.bytes / 1e6).toFixed(1)} MB; restore ${(line.restore / 1000).toFixed(1)} s` +
        ` (baseline: ${(line.baseBackup / 1000).toFixed(1)} s, ${(line.baseBytes / 1e6).toFixed(1)} MB; ${(line.baseRestore / 1000).toFixed(1)} s)`,
    );
  }
} finally {
  stopBenchCluster();
  fs.rmSync(work, { recursive: true, force: true });
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`\nnpm run backup / restore: ${M.toLocaleString('en-IN')} movements, ${N.toLocaleString('en-IN')} products (product / baseline / ratio)`);
console.log(`${'database'.padEnd(9)} ${'rows'.padStart(11)}  ${'backup'.padEnd(24)} ${'archive'.padEnd(22)} ${'restore'.padEnd(24)} peak RSS`);
for (const l of lines) {
  console.log(
    `${l.db.padEnd(9)} ${l.rows.toLocaleString('en-IN').padStart(11)}  ${`${sec(l.backup)} / ${sec(l.baseBackup)} / ${(l.backup / l.baseBackup).toFixed(2)}×`.padEnd(24)} ` +
      `${`${mb(l.bytes)} / ${mb(l.baseBytes)}`.padEnd(22)} ${`${sec(l.restore)} / ${sec(l.baseRestore)} / ${(l.restore / l.baseRestore).toFixed(2)}×`.padEnd(24)} ${l.rss} MB`,
  );
}
