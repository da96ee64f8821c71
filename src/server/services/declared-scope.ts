import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CurrentUser } from '../auth/access.js';
import { OUT_OF_SCOPE_MESSAGE, assertWarehouseWritable, warehouseFilter, warehouseInScope } from '../auth/warehouse-scope.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';

/**
 * A declared resource whose rows belong to a warehouse (it must be listed in WAREHOUSE_SCOPED, src/domain/policy.ts):
 * `column` names a row's warehouse, or is the table's id where the rows are the warehouses themselves.
 */
export type DeclaredScope = { column: AnyPgColumn };

type Row = Record<string, unknown>;

const NEW_WAREHOUSE_SCOPED_MESSAGE = 'Only a user who sees every warehouse may add one';

/** The resource a scope applies to: its table, id column and declared fields' columns. */
type Scoped = { name: string; table: PgTable; id: AnyPgColumn; fields: [string, AnyPgColumn][] };

/**
 * The warehouse scope of a declared resource for one caller (`by.warehouses`: null, every warehouse). Reads see
 * only the caller's warehouses, so another's record is not found like an unknown one; a write to a known record of
 * another warehouse, or into another warehouse, is refused (403) before anything is written.
 */
export function declaredScope(db: Db, { name, table, id, fields }: Scoped, scope: DeclaredScope) {
  const isWarehouse = scope.column === id;
  // The field a create or update names the warehouse in.
  const field = fields.find(([, column]) => column === scope.column)?.[0];
  if (!isWarehouse && !field) throw new Error(`${name}: its scope column is neither its id nor a declared field's`);
  const into = (by: CurrentUser | undefined, input: Row) =>
    assertWarehouseWritable(db, by?.warehouses ?? null, field ? (input[field] as string | undefined) : undefined);

  return {
    filter: (by: CurrentUser | undefined): SQL | undefined => warehouseFilter(by?.warehouses ?? null, scope.column),

    async assertCreatable(by: CurrentUser | undefined, input: Row): Promise<void> {
      if (!by?.warehouses) return;
      // A new warehouse would be nobody's: none of the caller's assigned ones.
      if (isWarehouse) throw new HttpError(403, NEW_WAREHOUSE_SCOPED_MESSAGE);
      await into(by, input);
    },

    /** `input`: an update's body, whose warehouse must be the caller's too. An unknown record is left to the 404. */
    async assertWritable(by: CurrentUser | undefined, recordId: string, input?: Row): Promise<void> {
      const assigned = by?.warehouses;
      if (!assigned) return;
      const [row] = await db.select({ warehouse: scope.column }).from(table).where(eq(id, recordId)).limit(1);
      const warehouse = row?.warehouse as string | null | undefined;
      // A row of no warehouse is outside every assigned scope, as the reads' filter has it.
      if (row && !(warehouse && (await warehouseInScope(db, assigned, warehouse)))) throw new HttpError(403, OUT_OF_SCOPE_MESSAGE);
      if (input && !isWarehouse) await into(by, input);
    },
  };
}
