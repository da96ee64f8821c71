/**
 * The second half of a backup of the embedded database, in a process of its own (src/server/backup/pglite-snapshot.ts):
 *
 *   node --import tsx src/server/cli/backup-seal.ts <copied data folder> <out.tar.gz>
 *
 * Prints the copy's inspection (rows per table, images, migrations) as one JSON line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { inspectDatabase } from '../backup/inspect.js';

const [pgdata, out] = process.argv.slice(2);
if (!pgdata || !out) throw new Error('usage: backup-seal.ts <data folder> <out.tar.gz>');
const client = await PGlite.create(pgdata, { extensions: { pg_trgm } });
const inspection = await inspectDatabase(async <T>(text: string) => (await client.query<T>(text)).rows);
await client.close();
// Recovery done: the label it renamed has served its purpose.
fs.rmSync(path.join(pgdata, 'backup_label.old'), { force: true });
await tar.c({ file: out, cwd: pgdata, gzip: true, portable: true }, fs.readdirSync(pgdata));
process.stdout.write(`${JSON.stringify(inspection)}\n`);
