import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { product } from '../product.js';
import type { Inspection } from './inspect.js';

/** Left out of a copy of a running cluster (as pg_basebackup does): the server's own state, and WAL (copied apart). */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'backup_label', 'tablespace_map']);
/** Folders copied empty: their contents are rebuilt at start. */
const COPIED_EMPTY = new Set(['pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);

async function copyTree(from: string, to: string, top: boolean): Promise<void> {
  await fs.promises.mkdir(to, { recursive: true });
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
    if (top && NOT_COPIED.has(entry.name)) continue;
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) {
      if (top && COPIED_EMPTY.has(entry.name)) await fs.promises.mkdir(target, { recursive: true });
      else await copyTree(source, target, false);
      continue;
    }
    // A file the database drops while it is copied (a rewritten table's old one) is not needed: WAL says so.
    await fs.promises.copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

export type Snapshot = { blockedMs: number; walFiles: number };

/**
 * An online physical backup of the running embedded database, as pg_basebackup takes one: `pg_backup_start` (a
 * checkpoint), a copy of the data folder while writes go on, `pg_backup_stop`, then the WAL written meanwhile and the
 * backup label. Opened, the copy replays that WAL to a consistent state. The database is busy only for the start (its
 * checkpoint) and the stop: sign-ins and stock writes wait those two statements, never for the copy.
 */
export async function snapshotPglite(client: PGlite, pgdata: string, target: string): Promise<Snapshot> {
  let blockedMs = 0;
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      blockedMs += performance.now() - started;
    }
  };
  await timed(() => client.query(`select pg_backup_start('grocery backup', true)`));
  let stop: { labelfile: string; spcmapfile: string | null; wal: string };
  try {
    await copyTree(pgdata, target, true);
  } finally {
    stop = (await timed(() => client.query<typeof stop>('select labelfile, spcmapfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)'))).rows[0]!;
  }
  const start = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1];
  if (!start) throw new Error(`Unexpected backup label from the database: ${stop.labelfile}`);
  const walDir = path.join(target, 'pg_wal');
  fs.mkdirSync(walDir, { recursive: true });
  // Segment names are fixed-width hex: the ones from the start's to the stop's, in order.
  const needed = fs.readdirSync(path.join(pgdata, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name) && name >= start && name <= stop.wal);
  if (needed[0] !== start) {
    throw new Error('The WAL this backup needs was recycled while it was taken (a burst of writes): run the backup again.');
  }
  for (const name of needed) await fs.promises.copyFile(path.join(pgdata, 'pg_wal', name), path.join(walDir, name));
  fs.writeFileSync(path.join(target, 'backup_label'), stop.labelfile);
  if (stop.spcmapfile) fs.writeFileSync(path.join(target, 'tablespace_map'), stop.spcmapfile);
  return { blockedMs, walFiles: needed.length };
}

/**
 * Finishes a snapshot in another process (its WebAssembly PostgreSQL would hold this one's event loop for seconds):
 * opens the copy, which replays its WAL to a consistent state, counts what it holds, closes it cleanly and packs the data
 * folder into `<out>` (tar.gz). The counts are of the backup itself: what a restore must find again.
 */
export async function sealSnapshot(pgdata: string, out: string): Promise<Inspection> {
  const { root } = product();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/cli/backup-seal.ts'), pgdata, out], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not open the copy of the database: ${stderr.trim() || `exit ${code}`}`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Inspection;
}
