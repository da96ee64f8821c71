import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { ResourceField, ResourceDeclaration } from '../../domain/resource.js';
import { camelOf, ruleOf } from '../../domain/resource.js';
import { idColumnOf, markGenerated, registerLinesTable, registerResourceTable, resourceTable } from './resource-tables.js';

/** The table name of a declared resource: 'handling-charges' → 'handling_charges'. */
export const tableNameOf = (spec: ResourceDeclaration) => spec.name.replace(/-/g, '_');
/** The table of a document's lines: 'purchase_orders' + 'lines' → 'purchase_orders_lines'. */
export const linesTableNameOf = (spec: ResourceDeclaration, field: string) => `${tableNameOf(spec)}_${field}`;

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
    case 'date':
      return date(name, { mode: 'string' });
    case 'datetime':
      return timestamp(name, { withTimezone: true, mode: 'string' });
    case 'ref':
      // A real foreign key: a record others point at cannot go (the API says who points at it first).
      return uuid(name).references(() => idColumnOf(resourceTable(field.ref!.resource)), { onDelete: 'restrict' });
    case 'list':
      // JSON, as the cities' wards: the API reads and writes the array whole.
      return jsonb(name).$type<string[]>();
    case 'json':
      return jsonb(name);
    default:
      return text(name);
  }
}

/** One column per field (NOT NULL when its rule requires a value, the rule's default as the column's); lines have none. */
function fieldColumns(spec: ResourceDeclaration, fields: Record<string, ResourceField>): Record<string, PgColumnBuilderBase> {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === 'lines') continue;
    let column = columnOf(name, field) as ReturnType<typeof text>;
    const initial = field.workflow?.initial;
    const empty = ruleOf(field).safeParse(undefined);
    if (initial !== undefined) column = column.notNull().default(initial) as typeof column;
    else if (field.readOnly && field.initial !== undefined) column = column.notNull().default(field.initial as never) as typeof column;
    else if (spec.numbering?.field === name) column = column.notNull() as typeof column;
    else if (!empty.success) column = column.notNull() as typeof column;
    else if (empty.data !== undefined && empty.data !== null) column = column.notNull().default(empty.data as never) as typeof column;
    columns[camelOf(name)] = column;
  }
  return columns;
}

const refFields = (fields: Record<string, ResourceField>) => Object.keys(fields).filter((f) => fields[f]!.kind === 'ref');

/**
 * The table of a declared resource that has none written by hand: a uuid id, one column per field, the declared
 * timestamps, a unique index per unique field (and on a document's number), an index per reference (the column a
 * delete's check counts by). drizzle-kit reads it through src/server/db/declared-schema.ts.
 */
export function declaredTable(spec: ResourceDeclaration) {
  const columns: Record<string, PgColumnBuilderBase> = { id: uuid('id').primaryKey().defaultRandom(), ...fieldColumns(spec, spec.fields) };
  if (spec.timestamps?.created) columns.created = timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  if (spec.timestamps?.modified) columns.modified = timestamp('modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  const name = tableNameOf(spec);
  const unique = [...Object.keys(spec.fields).filter((f) => spec.fields[f]!.unique), ...(spec.numbering ? [spec.numbering.field] : [])];
  const table = pgTable(name, columns, (t) => [
    ...unique.map((f) => uniqueIndex(`${name}_${f}_unique`).on(t[camelOf(f)]!)),
    ...refFields(spec.fields).map((f) => index(`${name}_${f}_idx`).on(t[camelOf(f)]!)),
  ]);
  registerResourceTable(spec.name, table);
  markGenerated(spec.name);
  return table;
}

/**
 * The child table of a document's `lines` field: a uuid id, the parent (a foreign key: deleting the document deletes
 * its lines), the row's position, one column per line field (references are foreign keys with an index).
 */
export function linesTable(spec: ResourceDeclaration, field: string) {
  const lines = spec.fields[field]?.lines;
  if (!lines) throw new Error(`${spec.name}.${field} is not a lines field`);
  const name = linesTableNameOf(spec, field);
  const columns: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => idColumnOf(resourceTable(spec.name)), { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...fieldColumns(spec, lines.fields),
  };
  const table = pgTable(name, columns, (t) => [
    index(`${name}_parent_idx`).on(t.parentId!, t.position!),
    ...refFields(lines.fields).map((f) => index(`${name}_${f}_idx`).on(t[camelOf(f)]!)),
  ]);
  registerLinesTable(spec.name, field, table);
  return table;
}
