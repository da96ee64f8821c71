import { sql } from 'drizzle-orm';
import { warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

export type StockTotals = { records: number; low_stock: number; out_of_stock: number; total_value: number };

/**
 * The records, low-stock records, empty records and stock value of the warehouses asked for (one, or every one in the
 * caller's scope), as the sums over their records would give: from the kept stock totals
 * (functions/46-stock-totals.sql), what the stock writes left pending folded in first, in this transaction. A few
 * rows a warehouse, however many records it holds.
 */
export async function stockTotals(db: DbOrTx, { warehouseId, scope }: { warehouseId?: string; scope: WarehouseScope }): Promise<StockTotals> {
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`select stock_totals_take_pending()`);
    return rowsOf<StockTotals>(
      await tx.execute(sql`
        select coalesce(sum(t.records), 0)::float8 as records, coalesce(sum(t.low_stock), 0)::float8 as low_stock,
               coalesce(sum(t.out_of_stock), 0)::float8 as out_of_stock, coalesce(sum(t.stock_value), 0)::float8 as total_value
          from stock_totals t
         where ${warehouseId ? sql`t.warehouse_id = ${warehouseId}::uuid` : sql`true`} and ${warehouseFilterRaw(scope, 't.warehouse_id')}`),
    );
  });
  return row!;
}
