import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzleGenerate, migrationNameOf } from './drizzle-generate.js';

/**
 * `npm run db:regenerate -- <name> [--force]`: the last migration written again from the schema as it is now (a
 * declaration changed after `npm run new-resource` wrote its migration). Its SQL file, its snapshot and its journal
 * entry go together, then `drizzle-kit generate --name <name>` writes them again under the same number. Only the last
 * migration: later snapshots are made from earlier ones. If drizzle-kit fails or finds nothing to write, the three
 * are put back as they were.
 */
const root = path.resolve(import.meta.dirname, '../../..');
// drizzle.config.ts's `out`.
const folder = path.join(root, 'src/server/db/migrations');
const journalFile = path.join(folder, 'meta', '_journal.json');
const shown = path.relative(root, folder);

type Journal = { entries: { idx: number; tag: string; when: number }[] };

function refuse(message: string): never {
  console.error(`db:regenerate: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => a !== '--force');
const unknownFlag = names.find((a) => a.startsWith('--'));
if (unknownFlag) refuse(`'${unknownFlag}' is not an option: the only one is --force (write again a migration whose SQL was edited by hand)`);
if (names.length !== 1)
  refuse('Name the migration to write again: npm run db:regenerate -- <name> (the name it was generated with, e.g. suppliers, or its tag 0018_suppliers)');

const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
const last = journal.entries.at(-1);
if (!last) refuse(`${shown} has no migration yet: npm run db:generate -- --name <name> writes the first`);
const nameOf = (tag: string) => tag.replace(/^\d+_/, '');
const wanted = nameOf(migrationNameOf(names[0]!));
const named = journal.entries.filter((e) => nameOf(e.tag) === wanted);
if (!named.length) refuse(`no migration is named '${names[0]}' in ${shown}: the last one is ${last.tag} (npm run db:regenerate -- ${nameOf(last.tag)})`);
if (!named.includes(last)) {
  refuse(
    `${named.at(-1)!.tag} is not the last migration (${last.tag} is): only the last can be written again, since the ones after it` +
      ' were made from its snapshot. Change the schema and write a new migration instead: npm run db:generate -- --name <name>',
  );
}

const files = [path.join(folder, `${last.tag}.sql`), path.join(folder, 'meta', `${last.tag.split('_')[0]}_snapshot.json`)];
const sql = fs.existsSync(files[0]!) ? fs.readFileSync(files[0]!, 'utf8') : '';
// drizzle-kit writes no comments ('--> statement-breakpoint' is its separator): a comment means SQL written by hand.
if (/^\s*--(?!>)/m.test(sql) && !force) {
  refuse(
    `${last.tag}.sql holds SQL written by hand (its comments), which drizzle-kit would not write again: edit that file instead,` +
      ` or pass --force to replace it with drizzle-kit's`,
  );
}

const backup = fs.mkdtempSync(path.join(os.tmpdir(), 'db-regenerate-'));
const kept = [...files, journalFile].filter((f) => fs.existsSync(f));
kept.forEach((f, i) => fs.copyFileSync(f, path.join(backup, String(i))));
const restore = (why: string): never => {
  for (const f of files) fs.rmSync(f, { force: true });
  kept.forEach((f, i) => fs.copyFileSync(path.join(backup, String(i)), f));
  fs.rmSync(backup, { recursive: true, force: true });
  refuse(`${why}; ${last.tag} is back as it was`);
};

for (const f of files) fs.rmSync(f, { force: true });
fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }, null, 2));
console.log(`Removed ${last.tag} (its SQL, snapshot and journal entry); generating it again...`);
try {
  drizzleGenerate(root, nameOf(last.tag));
} catch {
  restore('drizzle-kit failed: see its output above');
}
const written = (JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal).entries.at(-1);
if (written?.tag !== last.tag) {
  // drizzle-kit exits with 0 even when the schema fails to load: what it wrote tells.
  restore(
    `drizzle-kit wrote nothing: see its output above (an error loading the schema, or no difference from the migrations before ${last.tag}:` +
      ' delete that one by hand if it is no longer wanted)',
  );
}
fs.rmSync(backup, { recursive: true, force: true });
console.log(
  `Wrote ${last.tag} again. A database that ran the earlier one would run this one too and fail on what it created:` +
    ' start development data afresh (a new DATA_DIR).',
);
