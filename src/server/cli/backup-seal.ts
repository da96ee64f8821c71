/**
 * The second half of a backup of the embedded database, in a process of its own (src/server/backup/pglite-snapshot.ts):
 *
 *   node --import tsx src/server/cli/backup-seal.ts <copied data folder> <staging folder> <created (ISO)> <archive>
 *
 * Opens the copy (it replays its WAL to a consistent state), counts what it holds, packs it and writes the archive.
 * Prints the archive's manifest as one JSON line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { packBackup } from '../backup/archive.js';
import { inspectDatabase } from '../backup/inspect.js';

const [pgdata, staging, created, target] = process.argv.slice(2);
if (!pgdata || !staging || !created || !target) throw new Error('usage: backup-seal.ts <data folder> <staging folder> <created> <archive>');
const client = await PGlite.create(pgdata, { extensions: { pg_trgm } });
const inspection = await inspectDatabase(async <T>(text: string) => (await client.query<T>(text)).rows);
await client.close();
// Recovery done: the label it renamed has served its purpose.
fs.rmSync(path.join(pgdata, 'backup_label.old'), { force: true });
await tar.c({ file: path.join(staging, 'pgdata.tar.gz'), cwd: pgdata, gzip: true, portable: true }, fs.readdirSync(pgdata));
const manifest = await packBackup(staging, 'pgdata.tar.gz', inspection, { kind: 'pglite', engine: inspection.engine }, new Date(created), target);
process.stdout.write(`${JSON.stringify(manifest)}\n`);
