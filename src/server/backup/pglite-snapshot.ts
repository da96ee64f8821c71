import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { product } from '../product.js';
import type { Manifest } from './archive.js';
import { holdVacuum } from '../db/embedded-vacuum.js';

/** Runs one of the backup's helper processes (src/server/cli) to its end; its standard output, or why it failed. */
async function runHelper(args: string[], failure: string): Promise<string> {
  const { root } = product();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${failure}: ${stderr.trim() || `exit ${code}`}`);
  return stdout;
}

export type Snapshot = { blockedMs: number; walFiles: number };

/**
 * An online physical backup of the running embedded database, as pg_basebackup takes one: `pg_backup_start` (a
 * checkpoint), a copy of the data folder while writes go on (by another process: backup-copy.mjs), `pg_backup_stop`, then the WAL written meanwhile and the
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
  const release = holdVacuum(client);
  let stop: { labelfile: string; spcmapfile: string | null; wal: string };
  try {
    await timed(() => client.query(`select pg_backup_start('grocery backup', true)`));
    try {
      await runHelper([path.join(product().root, 'src/server/cli/backup-copy.mjs'), pgdata, target], 'Could not copy the data folder');
    } finally {
      stop = (await timed(() => client.query<typeof stop>('select labelfile, spcmapfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)'))).rows[0]!;
    }
  } finally {
    release();
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
 * Finishes a snapshot in another process (its WebAssembly PostgreSQL would hold this one's event loop for seconds, and
 * this one's loop, held by the running database's statements, would make the packing crawl): opens the copy, which
 * replays its WAL to a consistent state, counts what it holds, closes it cleanly, packs the data folder (tar.gz) and
 * writes the archive at `target`. The counts are of the backup itself: what a restore must find again.
 */
export async function sealSnapshot(pgdata: string, staging: string, created: Date, target: string): Promise<Manifest> {
  const script = path.join(product().root, 'src/server/cli/backup-seal.ts');
  const stdout = await runHelper(['--import', 'tsx', script, pgdata, staging, created.toISOString(), target], 'Could not open the copy of the database');
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Manifest;
}
