import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { archiveName, archiveTime, packBackup, type Manifest } from './archive.js';
import { sealSnapshot, snapshotPglite } from './pglite-snapshot.js';
import { dumpPostgres } from './postgres-dump.js';

/** What a backup is taken of: a PostgreSQL server's database, or the embedded database open in this process. */
export type BackupSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite; dataDir: string };

export type Backup = {
  name: string;
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Wall time of the whole backup. */
  ms: number;
  /** How long the embedded database was busy with the backup (its start and stop); null for PostgreSQL (never). */
  blockedMs: number | null;
};

/** Whether `dir` is `parent` or inside it (after following links, as far as they exist). */
function isInside(dir: string, parent: string): boolean {
  const real = (p: string) => {
    const absolute = path.resolve(p);
    let existing = absolute;
    while (!fs.existsSync(existing)) existing = path.dirname(existing);
    return path.join(fs.realpathSync(existing), path.relative(existing, absolute));
  };
  const relative = path.relative(real(parent), real(dir));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A backup must outlive the data folder: none is written into it. */
export function refuseDataFolder(outDir: string, dataDir: string | null): void {
  if (dataDir && isInside(outDir, dataDir)) {
    throw new Error(
      `Backups may not be written into the data folder (${path.resolve(dataDir)}): a backup must survive the loss of that folder. ` +
        'Choose another folder (BACKUP_DIR, or --out).',
    );
  }
}

/** Takes a backup into `outDir` as one archive (archive.ts); nothing is left behind when it fails. */
export async function takeBackup(source: BackupSource, outDir: string): Promise<Backup> {
  const started = performance.now();
  refuseDataFolder(outDir, source.kind === 'pglite' ? source.dataDir : null);
  fs.mkdirSync(outDir, { recursive: true });
  const created = new Date();
  const name = archiveName(created);
  // Beside the archive (same file system, so it is renamed into place), never in the data folder.
  const staging = fs.mkdtempSync(path.join(outDir, '.staging-'));
  try {
    const target = path.join(outDir, name);
    let manifest: Manifest;
    let blockedMs: number | null = null;
    if (source.kind === 'pglite') {
      const copy = path.join(staging, 'pgdata');
      blockedMs = (await snapshotPglite(source.client, path.join(source.dataDir, 'pgdata'), copy)).blockedMs;
      manifest = await sealSnapshot(copy, staging, created, target);
    } else {
      const { tool, ...inspection } = await dumpPostgres(source.url, path.join(staging, 'database.pgdump'));
      manifest = await packBackup(staging, 'database.pgdump', inspection, { kind: 'postgres', engine: inspection.engine, tool }, created, target);
    }
    return { name, file: target, bytes: fs.statSync(target).size, manifest, ms: performance.now() - started, blockedMs };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export type ArchiveEntry = { name: string; created: Date; bytes: number };

/**
 * The archives in a folder, newest first (only finished ones: a partial archive or a staging folder is not listed).
 * A folder that is missing or is no folder holds none: the health check and the list still answer.
 */
export function listArchives(dir: string): ArchiveEntry[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const created = archiveTime(name);
      return created ? [{ name, created, bytes: fs.statSync(path.join(dir, name)).size }] : [];
    })
    .sort((a, b) => b.created.getTime() - a.created.getTime());
}

/** Keeps the newest `keep` archives and deletes the others; the names deleted. */
export function pruneArchives(dir: string, keep: number): string[] {
  const old = listArchives(dir).slice(Math.max(1, keep));
  for (const a of old) fs.rmSync(path.join(dir, a.name), { force: true });
  return old.map((a) => a.name);
}
