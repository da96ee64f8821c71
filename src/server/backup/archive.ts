import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { MigrationLevel } from '../db/migration-level.js';
import { product } from '../product.js';
import { IMAGES_STORED, type Inspection } from './inspect.js';

/**
 * A backup archive: one tar file, `grocery-backup-<UTC time>.tar`, holding `manifest.json` first and the database beside
 * it: `database.pgdump` (PostgreSQL: pg_dump's custom format) or `pgdata.tar.gz` (the embedded database's data folder,
 * recovered to a consistent state). The product's images are rows of the database (table `images`, bytea), so the
 * database file holds them; the manifest says so and counts them. The manifest's checksums and row counts are what a
 * restore verifies.
 */
export const ARCHIVE_FORMAT = 'grocery-backup/1';
export const MANIFEST = 'manifest.json';
export type DatabaseFile = 'database.pgdump' | 'pgdata.tar.gz';

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  created: string;
  product: { name: string; version: string };
  database: {
    kind: 'pglite' | 'postgres';
    /** `select version()` of the database the backup was taken from. */
    engine: string;
    /** PostgreSQL: the pg_dump that wrote it. */
    tool?: string;
  };
  migrations: MigrationLevel;
  /** Rows per table ("schema.table") in the backup itself. */
  tables: Record<string, number>;
  images: { stored: string; count: number; bytes: number };
  files: { name: DatabaseFile; bytes: number; sha256: string }[];
};

const NAME = /^grocery-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar$/;

/** `grocery-backup-2026-11-27T12-34-56-789Z.tar`: sorts by time, and safe in any file system and URL. */
export const archiveName = (at: Date) => `grocery-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;

/** The time an archive's name says, or null when the name is not one of ours. */
export function archiveTime(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Writes the archive from a staging folder holding the database file: the manifest gets the file's size and checksum,
 * and the archive is written beside its final name and renamed, so a listing never shows half an archive.
 */
async function writeArchive(staging: string, manifest: Omit<Manifest, 'files'>, file: DatabaseFile, target: string): Promise<Manifest> {
  const payload = path.join(staging, file);
  const full: Manifest = { ...manifest, files: [{ name: file, bytes: fs.statSync(payload).size, sha256: await sha256Of(payload) }] };
  fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(full, null, 2)}\n`);
  const partial = `${target}.partial`;
  try {
    await tar.c({ file: partial, cwd: staging, portable: true }, [MANIFEST, file]);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return full;
}

/**
 * The archive of a backup from its database file in `staging` and what was found in it (`inspection`), at `target`: the
 * manifest names this product and version. Run by the process that wrote the file (the embedded database's is another
 * process: pglite-snapshot.ts).
 */
export function packBackup(
  staging: string,
  file: DatabaseFile,
  inspection: Inspection,
  database: Manifest['database'],
  created: Date,
  target: string,
): Promise<Manifest> {
  const { name, version } = product();
  const manifest: Omit<Manifest, 'files'> = {
    format: ARCHIVE_FORMAT,
    created: created.toISOString(),
    product: { name, version },
    database,
    migrations: inspection.migrations,
    tables: inspection.tables,
    images: { stored: IMAGES_STORED, ...inspection.images },
  };
  return writeArchive(staging, manifest, file, target);
}

/** The manifest of an archive, read without extracting the rest. */
export async function readManifest(archive: string): Promise<Manifest> {
  let text: string | null = null;
  await tar.t({
    file: archive,
    onReadEntry: (entry) => {
      if (entry.path !== MANIFEST) return entry.resume();
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
    },
  });
  if (text === null) throw new Error(`${archive} is not a backup of this product: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`${archive} is a backup in another format (${String(manifest.format)}), not ${ARCHIVE_FORMAT}.`);
  return manifest;
}

/** Extracts the archive's database file into `dir` and checks its size and checksum against the manifest. */
export async function extractVerified(archive: string, manifest: Manifest, dir: string): Promise<string> {
  const [entry] = manifest.files;
  if (!entry) throw new Error('The archive names no database file.');
  fs.mkdirSync(dir, { recursive: true });
  await tar.x({ file: archive, cwd: dir, strict: true, filter: (p) => p === entry.name });
  const file = path.join(dir, entry.name);
  if (!fs.existsSync(file)) throw new Error(`The archive lacks ${entry.name}, which its manifest lists: it is incomplete.`);
  const [bytes, sha256] = [fs.statSync(file).size, await sha256Of(file)];
  if (bytes !== entry.bytes || sha256 !== entry.sha256) {
    throw new Error(
      `${entry.name} in the archive does not match its manifest (${bytes} bytes, sha256 ${sha256}; expected ${entry.bytes}, ${entry.sha256}): the archive is damaged.`,
    );
  }
  return file;
}

/** Row counts that differ between the manifest and a restored database, in words; empty when they all match. */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names.filter((n) => expected[n] !== actual[n]).map((n) => `${n}: ${actual[n] ?? 'missing'} rows, the backup had ${expected[n] ?? 'none'}`);
}
