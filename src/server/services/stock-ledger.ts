import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { inventory } from '../db/schema.js';
import type { LedgerMovementType, MovementType } from '../../domain/constants.js';
import { MAX_STOCK } from '../../domain/schemas/inventory.js';
import { HttpError, conflict, notFound, pgCode } from '../http/errors.js';
import { rowsOf } from '../db/rows.js';

/**
 * The ONLY code that changes stock. Each change is one ledger row plus a guarded update of the balance,
 * in one SQL statement run inside the caller's transaction: the database, not JavaScript, decides whether
 * the stock suffices, so concurrent requests (in any number of API processes) can never lose an update
 * or take a balance below zero.
 */

export type StockChange = {
  productId: string;
  warehouseId: string;
  /** Signed, never 0. */
  delta: number;
  movementType: MovementType;
  movementReason?: string | null;
  /** What units coming in cost each; without it they enter at the average. Units going out always leave at the average. */
  unitCost?: number;
  referenceId?: string | null;
  referenceType?: string | null;
  sellerId?: string | null;
  performedBy: string;
  notes?: string | null;
};

export type MovementOut = {
  _id: string;
  seq: number;
  product_id: string;
  warehouse_id: string;
  movement_type: LedgerMovementType;
  quantity: number;
  stock_before: number;
  stock_after: number;
  unit_cost: number;
  total_value: number;
  value_change: number;
  movement_reason: string | null;
  reference_id: string | null;
  reference_type: string | null;
  seller_id: string | null;
  performed_by: string | null;
  notes: string;
  created: string;
};

type MovementJson = Omit<MovementOut, '_id'> & { id: string };

export type BalanceRow = typeof inventory.$inferSelect;

export type StockRequestKind = 'add' | 'remove' | 'adjust' | 'revalue' | 'write-off-expired';

/** A stock request's answer: `body` is the JSON text built by the database, sent as it is. */
export type StockAnswer = { status: number; body: string; replayed: boolean };

/**
 * add-stock, remove-stock and adjust-stock: ONE statement, the SQL function `stock_request` (migration 0006), run
 * outside any explicit transaction, so the request costs one round trip to the database and its own commit.
 * The function checks in SPEC.md's order, changes the balance with a guard, appends the ledger row, records the
 * Idempotency-Key's outcome (when `key` is given) and builds the answer; a refusal writes nothing but the key.
 * Sent as a named (prepared) statement: PostgreSQL parses and plans it once per connection.
 */
const STOCK_REQUEST_SQL = `
  select (o->>'status')::int as status, coalesce((o->>'replayed')::boolean, false) as replayed, (o->'body')::text as body
    from stock_request($1::text, $2::uuid, $3::text, $4::text, $5::text, $6::jsonb) as o`;

export async function runStockRequest(
  database: Database,
  request: { kind: StockRequestKind; actor: string; route: string; key: string | null; requestHash: string | null; input: object },
): Promise<StockAnswer> {
  try {
    const [row] = await database.named<StockAnswer>('stock_request', STOCK_REQUEST_SQL, [
      request.kind,
      request.actor,
      request.route,
      request.key,
      request.requestHash,
      JSON.stringify(request.input),
    ]);
    return row!;
  } catch (error) {
    if (pgCode(error) === '22003') throw new HttpError(400, 'The value of this movement (quantity × unit cost) is too large');
    throw error;
  }
}

/** Locks a balance row until the transaction ends (PostgreSQL; PGlite has one connection and needs no lock). */
export async function lockBalance(tx: DbOrTx, where: { id: string } | { productId: string; warehouseId: string }): Promise<BalanceRow | undefined> {
  const condition = 'id' in where ? eq(inventory.id, where.id) : and(eq(inventory.productId, where.productId), eq(inventory.warehouseId, where.warehouseId));
  const [row] = await tx.select().from(inventory).where(condition).for('update');
  return row;
}

/**
 * Applies one stock change; throws 409 (and writes nothing) when it would take the stock below 0. Its value follows the
 * moving average (src/server/db/functions/10-ledger.sql): units out leave at the average; units in enter at `unitCost`
 * when given, else at the average (an empty record: the product's last purchase cost).
 */
export async function applyStockChange(tx: DbOrTx, change: StockChange): Promise<{ inventoryId: string; movement: MovementOut }> {
  const { productId, warehouseId, delta } = change;
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`applyStockChange: delta must be a non-zero integer, got ${delta}`);
  const unitCost = change.unitCost ?? null;
  let rows: { inventory_id: string; movement: MovementJson }[];
  try {
    rows = rowsOf(
      await tx.execute(sql`
      with old as (
        select id, current_stock, stock_value, unit_cost from inventory
         where product_id = ${productId}::uuid and warehouse_id = ${warehouseId}::uuid
           and current_stock::bigint + ${delta}::int between 0 and ${MAX_STOCK}::bigint
           for update
      ), valued as (
        select old.*, case when ${delta}::int > 0
                           then stock_in_value(old.current_stock, old.stock_value, ${delta}::int, ${unitCost}::numeric, ${productId}::uuid, old.unit_cost)
                           else -stock_value_of(old.current_stock, old.stock_value, -${delta}::int) end as change
          from old
      ), balance as (
        update inventory i
           set current_stock = i.current_stock + ${delta}::int, stock_value = i.stock_value + valued.change, modified = now()
          from valued
         where i.id = valued.id
        returning i.id, i.current_stock, valued.change
      ), movement as (
        insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after,
          unit_cost, total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
        select ${productId}::uuid, ${warehouseId}::uuid, ${change.movementType}::text, ${delta}::int,
          balance.current_stock - ${delta}::int, balance.current_stock,
          stock_row_cost(balance.change, ${delta}::int, case when ${delta}::int > 0 then ${unitCost}::numeric end),
          abs(balance.change), balance.change,
          ${change.movementReason ?? null}::text, ${change.referenceId ?? null}::text, ${change.referenceType ?? null}::text,
          ${change.sellerId ?? null}::uuid, ${change.performedBy}::uuid, ${change.notes ?? ''}::text
        from balance
        returning *
      )
      select balance.id as inventory_id, to_jsonb(movement.*) as movement from balance, movement`),
    );
  } catch (error) {
    if (pgCode(error) === '22003') throw new HttpError(400, 'The value of this movement (quantity × unit cost) is too large');
    throw error;
  }
  const [row] = rows;
  if (!row) throw await refusal(tx, change);
  const { id, ...movement } = row.movement;
  return { inventoryId: row.inventory_id, movement: { _id: id, ...movement } };
}

/** Why the guarded update matched no row: read only to word the message; nothing was written. */
async function refusal(tx: DbOrTx, change: StockChange): Promise<HttpError> {
  const [row] = await tx
    .select({ stock: inventory.currentStock })
    .from(inventory)
    .where(and(eq(inventory.productId, change.productId), eq(inventory.warehouseId, change.warehouseId)));
  if (change.delta > 0) {
    return row ? conflict(`Stock cannot exceed ${MAX_STOCK} units of one product in one warehouse`) : notFound('Inventory');
  }
  const available = row?.stock ?? 0;
  return conflict(`Insufficient stock: only ${available} in stock, cannot remove ${-change.delta}`);
}
