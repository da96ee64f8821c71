import { Column, SQL, Table, getTableColumns, is, sql } from 'drizzle-orm';

type Raw = Record<string, unknown>;
type Field = { path: string[]; value: SQL; column?: Column };

function fieldsOf(selection: Raw, path: string[] = []): Field[] {
  return Object.entries(selection).flatMap(([key, value]): Field[] => {
    const at = [...path, key];
    if (is(value, Column)) return [{ path: at, value: sql`${value}`, column: value }];
    if (is(value, SQL)) return [{ path: at, value }];
    if (is(value, SQL.Aliased)) return [{ path: at, value: value.sql }];
    if (is(value, Table)) return fieldsOf(getTableColumns(value), at);
    if (value && typeof value === 'object') return fieldsOf(value as Raw, at);
    throw new Error(`Cannot select '${at.join('.')}'`);
  });
}

/**
 * A drizzle selection (columns, tables, SQL, nested objects, as `db.select()` takes) as flat fields named `f0`, `f1`…,
 * for a statement whose rows are read raw (a download's cursor, src/server/http/csv-download.ts), and how to give such
 * a raw row the selection's shape: each column's value mapped as drizzle maps it (money as a number, an instant as a
 * Date). An SQL field's value is the driver's (a `mapWith` is not applied: convert it where the row is used).
 */
export function flatSelection(selection: Raw): { fields: Record<string, SQL.Aliased>; decode: (raw: Raw) => Raw } {
  const fields = fieldsOf(selection);
  return {
    fields: Object.fromEntries(fields.map((f, i) => [`f${i}`, f.value.as(`f${i}`)])),
    decode(raw) {
      const row: Raw = {};
      fields.forEach(({ path, column }, i) => {
        const value = raw[`f${i}`];
        let node = row;
        for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Raw;
        node[path.at(-1)!] = value === null || value === undefined || !column ? (value ?? null) : column.mapFromDriverValue(value);
      });
      return row;
    },
  };
}
