import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The SQL functions (stock requests, batches, stock takes, transfers, …) have ONE current definition each, in
 * `functions/*.sql` (`CREATE OR REPLACE`), applied after the migrations: a reader finds a function in one place, and a
 * change to one is an edit of that file, not a new migration repeating it. The files run in name order, in one
 * transaction, whenever their hash differs from the one the database recorded (`schema_functions`); otherwise a start
 * costs one small query. Migrations keep only tables, indexes, triggers and data changes (a migration that needs a
 * function as it was then defines it itself: later migrations may not rely on the files).
 */
export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

export type FunctionsSource = { hash: string; text: string };

export function readFunctions(folder: string = functionsFolder): FunctionsSource {
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const hash = crypto.createHash('sha256');
  const parts: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(folder, file), 'utf8');
    hash.update(`${file}\0${text}\0`);
    parts.push(`-- ${file}\n${text}`);
  }
  return { hash: hash.digest('hex'), text: parts.join('\n') };
}

/** Runs SQL text that may hold many statements (PGlite `exec`, node-postgres' simple query protocol). */
export type ExecScript = (text: string) => Promise<unknown>;
export type QueryRows = <T>(text: string) => Promise<T[]>;

/** Brings the database's functions to the files' definitions; true when it (re)applied them. */
export async function applyFunctions(exec: ExecScript, query: QueryRows, source: FunctionsSource = readFunctions()): Promise<boolean> {
  const [current] = await query<{ hash: string }>('select hash from schema_functions limit 1');
  if (current?.hash === source.hash) return false;
  const hash = source.hash.replace(/[^0-9a-f]/g, '');
  try {
    await exec(`begin;\n${source.text}\n;delete from schema_functions;\ninsert into schema_functions (hash) values ('${hash}');\ncommit;`);
  } catch (error) {
    await exec('rollback').catch(() => {});
    throw error;
  }
  return true;
}
