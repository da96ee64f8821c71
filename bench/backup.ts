/**
 * npm run backup / npm run restore at scale (issue 35): a data set of 1M ledger rows (bench/support/scale-data.ts, set-based
 * SQL), then one backup and one restore of it, on PostgreSQL (pg_dump / pg_restore) and on the embedded database (the
 * online physical copy, in a data folder on disk). Prints rows, times, the archive's size and this process's peak RSS
 * (the helper processes — pg_dump, the copy and the seal — are apart).
 *
 *   npm run bench:backup -- [--movements 1000000] [--products 100000] [--db postgres,pglite]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensurePolicySeeded } from '../src/server/auth/db-policy-source.js';
import { setPasswordHashCost } from '../src/server/auth/passwords.js';
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
type Line = { db: Kind; rows: number; backup: number; bytes: number; restore: number; rss: number };
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
      await database.close();
      const r = await restoreArchive(b.file, { kind: 'pglite', dataDir: path.join(work, 'pglite-restored') });
      line = { db: kind, rows: r.rows, backup: b.ms, bytes: b.bytes, restore: r.ms, rss: peakMb() };
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
      line = { db: kind, rows: r.rows, backup: b.ms, bytes: b.bytes, restore: r.ms, rss: peakMb() };
    }
    lines.push(line);
    console.log(`  backup ${(line.backup / 1000).toFixed(1)} s, ${(line.bytes / 1e6).toFixed(1)} MB; restore ${(line.restore / 1000).toFixed(1)} s`);
  }
} finally {
  stopBenchCluster();
  fs.rmSync(work, { recursive: true, force: true });
}

console.log(`\nnpm run backup / restore: ${M.toLocaleString('en-IN')} movements, ${N.toLocaleString('en-IN')} products`);
console.log(
  `${'database'.padEnd(9)} ${'rows'.padStart(11)} ${'backup'.padStart(9)} ${'archive'.padStart(10)} ${'restore'.padStart(9)} ${'peak RSS'.padStart(9)}`,
);
for (const l of lines) {
  console.log(
    `${l.db.padEnd(9)} ${l.rows.toLocaleString('en-IN').padStart(11)} ${`${(l.backup / 1000).toFixed(1)} s`.padStart(9)} ${`${(l.bytes / 1e6).toFixed(1)} MB`.padStart(10)} ${`${(l.restore / 1000).toFixed(1)} s`.padStart(9)} ${`${l.rss} MB`.padStart(9)}`,
  );
}
