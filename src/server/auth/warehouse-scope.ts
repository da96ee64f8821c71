import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { HttpError, isUuid } from '../http/errors.js';

/**
 * Row-level scope of one request: null when the role sees every warehouse on the route's resource, else the user
 * whose assigned warehouses (table user_warehouses) bound what the request reads and writes. The access hook sets
 * it from the policy (request.user.warehouses) for every resource listed in WAREHOUSE_SCOPED (src/domain/policy.ts).
 *
 * A warehouse-owned resource opts in with one line in WAREHOUSE_SCOPED; its service then adds
 * `warehouseFilter(scope, table.warehouseId)` to its reads and calls `assertWarehouseWritable` before a write (a
 * declared resource's server part names the column instead: src/server/services/declared-scope.ts).
 */
export type WarehouseScope = { assignedTo: string } | null;

export const OUT_OF_SCOPE_MESSAGE = 'This warehouse is not one of your assigned warehouses';

/** The SQL condition "this warehouse is one of the user's", on the assignment table, run by the database. */
export function warehouseFilter(scope: WarehouseScope, warehouseId: AnyColumn | SQL): SQL | undefined {
  if (!scope) return undefined;
  // An array computed once per statement (an InitPlan), not a semi-join: the planner keeps the plan it would use
  // without a scope (index order + LIMIT) and checks the warehouse as a cheap filter or index condition.
  return sql`${warehouseId} = any(array(select uw.warehouse_id from user_warehouses uw where uw.user_id = ${scope.assignedTo}::uuid))`;
}

/** The same condition for hand-written SQL naming a table alias (e.g. `i.warehouse_id`). */
export const warehouseFilterRaw = (scope: WarehouseScope, column: string): SQL => warehouseFilter(scope, sql.raw(column)) ?? sql`true`;

/** Whether the scope lets the request at this warehouse (always, for 'all'). */
export async function warehouseInScope(db: DbOrTx, scope: WarehouseScope, warehouseId: string): Promise<boolean> {
  if (!scope) return true;
  if (!isUuid(warehouseId)) return false;
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
    select exists (select 1 from user_warehouses where user_id = ${scope.assignedTo}::uuid and warehouse_id = ${warehouseId.toLowerCase()}::uuid) as ok`),
  );
  return Boolean(row?.ok);
}

/**
 * A write into a warehouse outside the scope is refused (403) before anything is written. An unknown or malformed
 * id is left to the write itself to report (its usual 400), so the two answers stay what they were.
 */
export async function assertWarehouseWritable(db: DbOrTx, scope: WarehouseScope, warehouseId: string | undefined): Promise<void> {
  if (!scope || warehouseId === undefined || !isUuid(warehouseId)) return;
  const [row] = rowsOf<{ known: boolean; mine: boolean }>(
    await db.execute(sql`
    select exists (select 1 from warehouses where id = ${warehouseId.toLowerCase()}::uuid) as known,
           exists (select 1 from user_warehouses where user_id = ${scope.assignedTo}::uuid and warehouse_id = ${warehouseId.toLowerCase()}::uuid) as mine`),
  );
  if (row?.known && !row.mine) throw new HttpError(403, OUT_OF_SCOPE_MESSAGE);
}

/**
 * A change to a record that belongs to a warehouse (a stock take, a transfer's end): 403 when that warehouse is out of
 * the scope. The record's warehouse is looked up only for a scoped user; a missing record is left to the caller's 404.
 */
export async function assertRecordWritable(db: DbOrTx, scope: WarehouseScope, warehouseOf: () => Promise<string | null>): Promise<void> {
  if (!scope) return;
  const warehouseId = await warehouseOf();
  if (warehouseId) await assertWarehouseWritable(db, scope, warehouseId);
}
