import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/domain/csv.js';
import type { Database } from '../../src/server/db/client.js';
import { csvLineSql } from '../../src/server/db/csv-line.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { openTestDatabase } from '../support/test-app.js';

/**
 * A download whose columns are plain fields has its lines written by its statement (functions/05-csv.sql,
 * src/server/db/csv-line.ts): they must be exactly what the product's one CSV writer (src/domain/csv.ts) writes, for
 * any text at all.
 */
let database: Database;

/** Every character the rules look at, and some they must leave alone (PostgreSQL's text holds no NUL). */
const ALPHABET = [
  'a',
  'Z',
  '0',
  '7',
  '.',
  '-',
  '+',
  '=',
  '@',
  "'",
  '"',
  ',',
  '\r',
  '\n',
  '\t',
  ' ',
  '\u000b',
  '\f',
  '\u001f',
  '\u00a0',
  '\u1680',
  '\u2003',
  '\u200a',
  '\u2028',
  '\u202f',
  '\u3000',
  '\ufeff',
  '\u200b',
  'क',
  '₹',
  '😀',
];
const FIXED = [
  '',
  ' ',
  "'",
  "''",
  "'=1",
  '=SUM(A1)',
  '+91 98765',
  '-12.50',
  '-12.',
  '-.5',
  '12',
  '-0',
  '@home',
  '\tx',
  '\rx',
  'a,b',
  'say "hi"',
  'line\nbreak',
  'x ',
  ' x',
  '\u00a0x',
  'x\ufeff',
  '१२',
  'plain',
];

/** A seeded generator: the same texts on every run. */
function texts(count: number, seed = 33): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 7) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''));
}

const many = [...FIXED, ...texts(3000)];

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('CSV written by a statement', () => {
  it('writes every cell as the CSV writer does', async () => {
    const rows = rowsOf<{ cell: string }>(
      await database.db.execute(
        sql`select csv_cell(v) as cell from jsonb_array_elements_text(${JSON.stringify(many)}::jsonb) with ordinality as t(v, k) order by k`,
      ),
    );
    expect(rows.map((r) => r.cell)).toEqual(many.map(csvCell));
    const [empty] = rowsOf<{ cell: string }>(await database.db.execute(sql`select csv_cell(null) as cell`));
    expect(empty!.cell).toBe(csvCell(null));
  });

  it('writes every line as the CSV writer does, nulls and unit separators among the cells', async () => {
    const cells = texts(5 * 1200, 7).map((text, i) => (i % 11 === 3 ? null : text));
    const lines = Array.from({ length: cells.length / 5 }, (_, i) => cells.slice(i * 5, i * 5 + 5));
    const values = [0, 1, 2, 3, 4].map((c) => sql.raw(`(v ->> ${c})`));
    const rows = rowsOf<{ line: string }>(
      await database.db.execute(
        sql`select ${csvLineSql(values)} as line from jsonb_array_elements(${JSON.stringify(lines)}::jsonb) with ordinality as t(v, k) order by k`,
      ),
    );
    expect(rows.map((r) => r.line)).toEqual(lines.map(csvLine));
  });
});
