import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { conflict } from '../http/errors.js';
import { countRows } from './list-helpers.js';

/**
 * Rows of another table that keep a record from being deleted (products of a category): a 409 with their count,
 * worded from the rows' noun ('Category is used by 3 products and cannot be deleted'), or a message of its own
 * where the API already has one ('This city has 2 warehouse(s). Move or delete them before deleting the city.').
 * `where`: only the rows that also meet it count (a warehouse's inventory rows that hold stock).
 */
export type UsedBy = { table: PgTable; column: AnyPgColumn; where?: SQL } & (
  { noun: { singular: string; plural: string } } | { message: (count: number) => string }
);

/** Rows of another table that go with the record (a warehouse's empty inventory rows), once no `usedBy` holds it. */
export type Cascade = { table: PgTable; column: AnyPgColumn };

/**
 * Inside the delete's transaction, before the record goes: each `usedBy` in turn refuses (409) while it counts rows,
 * then the `cascade` rows are deleted, so the checks, the dependent rows and the record go together or not at all.
 */
export async function clearForDelete(
  tx: DbOrTx,
  entity: string,
  recordId: string,
  guards: { usedBy?: readonly UsedBy[]; cascade?: readonly Cascade[] },
): Promise<void> {
  for (const used of guards.usedBy ?? []) {
    const n = await countRows(tx, used.table, and(eq(used.column, recordId), used.where));
    if (n === 0) continue;
    throw conflict('message' in used ? used.message(n) : `${entity} is used by ${n} ${n === 1 ? used.noun.singular : used.noun.plural} and cannot be deleted`);
  }
  for (const dependent of guards.cascade ?? []) await tx.delete(dependent.table).where(eq(dependent.column, recordId));
}
