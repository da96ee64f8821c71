import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.js';
import { applyFunctions, functionsFolder, readFunctions } from '../../src/server/db/functions.js';

const namesIn = (text: string) => new Set([...text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION "?([a-z_]+)"?\s*\(/gi)].map((m) => m[1]!));

describe('SQL functions: one current definition each, applied after the migrations', () => {
  it('every function a migration ever defined has its current definition in src/server/db/functions, once', () => {
    const migrations = fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(migrationsFolder, f), 'utf8'))
      .join('\n');
    const files = fs.readdirSync(functionsFolder).filter((f) => f.endsWith('.sql'));
    const defined = files.flatMap((f) => [...namesIn(fs.readFileSync(path.join(functionsFolder, f), 'utf8'))]);
    expect(defined.length).toBe(new Set(defined).size);
    const missing = [...namesIn(migrations)].filter((name) => !defined.includes(name));
    expect(missing).toEqual([]);
  });

  it('applies the files when their hash changes, in one transaction, and only then', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-functions-'));
    const db = await PGlite.create();
    try {
      await db.exec('create table schema_functions (hash text primary key, applied timestamptz not null default now())');
      const exec = (text: string) => db.exec(text);
      const query = async <T>(text: string) => (await db.query<T>(text)).rows;
      const answer = async () => (await db.query<{ v: number }>('select answer() as v')).rows[0]!.v;

      fs.writeFileSync(path.join(folder, '10-a.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 41 $$;');
      expect(await applyFunctions(exec, query, readFunctions(folder))).toBe(true);
      expect(await answer()).toBe(41);
      expect(await applyFunctions(exec, query, readFunctions(folder))).toBe(false);

      fs.writeFileSync(path.join(folder, '10-a.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 42 $$;');
      expect(await applyFunctions(exec, query, readFunctions(folder))).toBe(true);
      expect(await answer()).toBe(42);

      // A broken file changes nothing: the earlier definitions and their hash stay.
      fs.writeFileSync(path.join(folder, '20-b.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 43 $$; SELECT broken(;');
      await expect(applyFunctions(exec, query, readFunctions(folder))).rejects.toThrow();
      expect(await answer()).toBe(42);
      expect((await query<{ n: number }>('select count(*)::int as n from schema_functions'))[0]!.n).toBe(1);
    } finally {
      await db.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
