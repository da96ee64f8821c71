import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { ResourceField, ResourceSpec } from '../../domain/resource.js';
import { camelOf } from '../../domain/resource.js';

/** The table name of a declared resource: 'handling-charges' → 'handling_charges'. */
export const tableNameOf = (spec: ResourceSpec) => spec.name.replace(/-/g, '_');

function columnOf(name: string, field: ResourceField) {
  switch (field.kind) {
    case 'money':
      return numeric(name, { precision: 12, scale: 2, mode: 'number' });
    case 'decimal':
      return numeric(name, { precision: 10, scale: 2, mode: 'number' });
    case 'integer':
      return integer(name);
    case 'boolean':
      return boolean(name);
    case 'ref':
      return uuid(name);
    case 'list':
      // JSON, as the cities' wards: the API reads and writes the array whole.
      return jsonb(name).$type<string[]>();
    case 'json':
      return jsonb(name);
    default:
      return text(name);
  }
}

/**
 * The table of a declared resource that has none written by hand: a uuid id, one column per field (NOT NULL
 * when its rule requires a value, the rule's default as the column's), the declared timestamps and a unique
 * index per unique field. drizzle-kit reads it through src/server/db/declared-schema.ts.
 */
export function declaredTable(spec: ResourceSpec) {
  const columns: Record<string, PgColumnBuilderBase> = { id: uuid('id').primaryKey().defaultRandom() };
  for (const [name, field] of Object.entries(spec.fields)) {
    const empty = field.rule.safeParse(undefined);
    let column = columnOf(name, field) as ReturnType<typeof text>;
    if (!empty.success) column = column.notNull() as typeof column;
    else if (empty.data !== undefined && empty.data !== null) column = column.notNull().default(empty.data as never) as typeof column;
    columns[camelOf(name)] = column;
  }
  if (spec.timestamps?.created) columns.created = timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  if (spec.timestamps?.modified) columns.modified = timestamp('modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  const table = tableNameOf(spec);
  const unique = Object.keys(spec.fields).filter((f) => spec.fields[f]!.unique);
  return pgTable(table, columns, (t) => unique.map((f) => uniqueIndex(`${table}_${f}_unique`).on(t[camelOf(f)]!)));
}
