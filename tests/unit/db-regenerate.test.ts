import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run db:regenerate` on a copy of src/ (its migrations included): the last migration written again, or a refusal. */
const repo = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
let copy: string;
let migrations: string;

const run = (script: string, args: string[]) =>
  execFileSync(tsx, [`src/server/cli/${script}.ts`, ...args], { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const regenerate = (...args: string[]) => run('db-regenerate', args);
const refusal = (...args: string[]) => {
  try {
    regenerate(...args);
  } catch (error) {
    expect((error as { status: number }).status).toBe(1);
    return String((error as { stderr: string }).stderr);
  }
  throw new Error(`db:regenerate ${args.join(' ')} was not refused`);
};
/** Every file of the migrations folder with its content. */
const state = () =>
  Object.fromEntries(
    (fs.readdirSync(migrations, { recursive: true }) as string[])
      .sort()
      .filter((f) => fs.statSync(path.join(migrations, f)).isFile())
      .map((f) => [f, fs.readFileSync(path.join(migrations, f), 'utf8')]),
  );
const journalTags = () =>
  (JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] }).entries.map(
    (e) => `${e.idx}:${e.tag}`,
  );

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'db-regenerate-'));
  fs.cpSync(path.join(repo, 'src'), path.join(copy, 'src'), { recursive: true });
  for (const file of ['drizzle.config.ts', '.prettierrc.json']) fs.copyFileSync(path.join(repo, file), path.join(copy, file));
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
  migrations = path.join(copy, 'src/server/db/migrations');
});

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('npm run db:regenerate', () => {
  it('refuses a migration it does not know or one that is not the last, changing nothing', () => {
    const before = state();
    const last = journalTags().at(-1)!.split(':')[1]!;
    expect(refusal('nope')).toMatch(new RegExp(`no migration is named 'nope' in src/server/db/migrations: the last one is ${last}`));
    expect(refusal('cities_unique')).toMatch(new RegExp(`0014_cities_unique is not the last migration \\(${last} is\\): only the last can be written again`));
    expect(refusal()).toMatch(/Name the migration to write again: npm run db:regenerate -- <name>/);
    expect(refusal('x', '--all')).toMatch(/'--all' is not an option/);
    expect(state()).toEqual(before);
  }, 60_000);

  it('writes the last migration again from the changed declaration: one SQL file, snapshot and journal entry, same number', () => {
    run('new-resource', ['depot_bins', 'name:text!', 'code:text!']);
    const tags = journalTags();
    const tag = tags.at(-1)!.split(':')[1]!;
    expect(tag).toMatch(/^\d{4}_depot_bins$/);
    const before = state();
    expect(before[`${tag}.sql`]).not.toMatch(/UNIQUE/);

    const declaration = path.join(copy, 'src/domain/resources/depot-bins.ts');
    fs.writeFileSync(
      declaration,
      fs
        .readFileSync(declaration, 'utf8')
        .replace("code: { kind: 'text', label: 'Code', required: true,", "code: { kind: 'text', label: 'Code', required: true, unique: true,"),
    );
    // The resource's name (kebab-case) names its migration (snake_case).
    regenerate('depot-bins');

    const after = state();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after[`${tag}.sql`]).toMatch(/CREATE UNIQUE INDEX "depot_bins_code_unique" ON "depot_bins" USING btree \("code"\)/);
    expect(after[`meta/${tag.slice(0, 4)}_snapshot.json`]).toMatch(/depot_bins_code_unique/);
    expect(journalTags()).toEqual(tags);
    for (const file of Object.keys(before).filter(
      (f) => !f.startsWith(tag.slice(0, 4)) && !f.startsWith(`meta/${tag.slice(0, 4)}`) && f !== 'meta/_journal.json',
    )) {
      expect(after[file], file).toBe(before[file]);
    }
    // SQL edited by hand is kept unless --force; a migration is named by its tag too.
    const sqlFile = path.join(migrations, `${tag}.sql`);
    fs.writeFileSync(sqlFile, `-- Tuned by hand.\n${after[`${tag}.sql`]}`);
    expect(refusal(tag)).toMatch(new RegExp(`${tag}.sql holds SQL written by hand \\(its comments\\).*or pass --force`));
    regenerate(tag, '--force');
    expect(state()).toMatchObject({ [`${tag}.sql`]: after[`${tag}.sql`] });
    expect(Object.keys(state())).toEqual(Object.keys(before));
  }, 120_000);

  it('puts the migration back when drizzle-kit writes nothing: a schema that does not load, or no difference', () => {
    const before = state();
    const schema = path.join(copy, 'src/server/db/declared-schema.ts');
    const source = fs.readFileSync(schema, 'utf8');
    fs.writeFileSync(schema, `${source}\nthrow new Error('a broken schema');\n`);
    expect(refusal('depot_bins')).toMatch(
      /drizzle-kit wrote nothing: see its output above \(an error loading the schema.*\); \d{4}_depot_bins is back as it was/,
    );
    expect(state()).toEqual(before);

    // Without the depot_bins table the schema is the one before its migration: nothing to write.
    fs.writeFileSync(schema, source.replace(/^export const depotBins = .*$/m, ''));
    expect(refusal('depot_bins')).toMatch(/drizzle-kit wrote nothing: .*no difference from the migrations before \d{4}_depot_bins.*is back as it was/);
    expect(state()).toEqual(before);
    fs.writeFileSync(schema, source);
  }, 120_000);
});
