import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { categories, cities, handlingCharges, inventory, products, subcategories, users, warehouses } from './schema.js';

/**
 * The table of every declared resource, by resource name: the hand-written ones of schema.ts and, as
 * declared-schema.ts creates them, the generated ones. A generated reference's foreign key looks its target up here
 * (lazily: tables may be declared in any order).
 */
const tables = new Map<string, PgTable>(
  Object.entries({
    cities,
    warehouses,
    users,
    products,
    inventory,
    'handling-charges': handlingCharges,
    categories,
    subcategories,
  }),
);

export const registerResourceTable = (resource: string, table: PgTable): void => void tables.set(resource, table);

/** The child tables of documents' lines, by '<resource>.<field>'. */
const linesTables = new Map<string, PgTable>();
export const registerLinesTable = (resource: string, field: string, table: PgTable): void => void linesTables.set(`${resource}.${field}`, table);
export function linesTableOf(resource: string, field: string): PgTable {
  const table = linesTables.get(`${resource}.${field}`);
  if (!table) throw new Error(`No lines table for ${resource}.${field}: is it exported from src/server/db/declared-schema.ts?`);
  return table;
}
/** Whether a resource's table was generated from its declaration (else hand-written in schema.ts). */
const generated = new Set<string>();
export const markGenerated = (resource: string): void => void generated.add(resource);
export const isGenerated = (resource: string): boolean => generated.has(resource);

export function resourceTable(resource: string): PgTable {
  const table = tables.get(resource);
  if (!table) throw new Error(`No table for resource '${resource}': is it declared in src/domain/resources?`);
  return table;
}

export const idColumnOf = (table: PgTable): AnyPgColumn => (getTableColumns(table) as Record<string, AnyPgColumn>).id!;
