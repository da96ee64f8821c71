import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { inventory } from '../db/schema.js';
import { requireWarehouse } from './inventory-records.js';
import { rowsOf } from '../db/rows.js';
import { transactionAs, withoutRowHistory } from '../db/actor.js';
import type { CurrentUser } from '../auth/access.js';
import { recordEvent } from './record-history.js';

export const UPDATE_ALL_MESSAGE = 'Inventory updated successfully!';

export type Drift = {
  product_id: string;
  product_name: string;
  recorded_stock: number;
  ledger_stock: number;
  recorded_value: number;
  ledger_value: number;
};

/**
 * "Update all inventory" for one warehouse, in set-based SQL: every product gets a balance row there, and every
 * balance (stock and value) is set back to the sum of its ledger rows, reporting each drift it corrects.
 * Product stock status is derived from the balances when read, so it is current as soon as this commits.
 */
export function reconcileService(db: Db) {
  return {
    async reconcileWarehouse(warehouseId: string, by: CurrentUser) {
      return transactionAs(db, by, async (tx) => {
        const warehouse = await requireWarehouse(tx, warehouseId);
        await withoutRowHistory(tx);
        const created = rowsOf<{ id: string }>(
          await tx.execute(sql`
          insert into inventory (product_id, warehouse_id)
          select p.id, ${warehouse.id}::uuid from products p
          on conflict (product_id, warehouse_id) do nothing
          returning id`),
        ).length;
        // Lock the warehouse's balances (in a fixed order) before reading the ledger: a stock change to any of
        // them must either have committed already (and be counted) or wait until the correction is done.
        await tx.select({ id: inventory.id }).from(inventory).where(eq(inventory.warehouseId, warehouse.id)).orderBy(asc(inventory.id)).for('update');
        // Values too: a balance's stock value is reset to the sum of its ledger values (an empty one holds none).
        const drift = rowsOf<Drift>(
          await tx.execute(sql`
          with ledger as (
            select product_id, sum(quantity) as total, sum(value_change) as worth from stock_movements
             where warehouse_id = ${warehouse.id}::uuid group by product_id
          ), drift as (
            select i.id, i.product_id, i.current_stock as recorded_stock, coalesce(l.total, 0)::int as ledger_stock,
                   i.stock_value::float8 as recorded_value,
                   (case when coalesce(l.total, 0) > 0 then greatest(coalesce(l.worth, 0), 0) else 0 end)::float8 as ledger_value
              from inventory i left join ledger l on l.product_id = i.product_id
             where i.warehouse_id = ${warehouse.id}::uuid and coalesce(l.total, 0) >= 0
               and (i.current_stock <> coalesce(l.total, 0)
                    or i.stock_value <> case when coalesce(l.total, 0) > 0 then greatest(coalesce(l.worth, 0), 0) else 0 end)
          )
          update inventory set current_stock = drift.ledger_stock, stock_value = drift.ledger_value, modified = now()
            from drift join products p on p.id = drift.product_id
           where inventory.id = drift.id
          returning drift.product_id, p.productname as product_name, drift.recorded_stock, drift.ledger_stock,
                    drift.recorded_value, drift.ledger_value`),
        );
        // Batches of products that track expiry (issue 17) are reset to their own ledger rows the same way (the ledger's
        // batch split: stock_ledger_batches), so the record keeps equalling the sum of its batches.
        await tx.execute(sql`
          with ledger as (
            select product_id, batch_no, sum(quantity) as total from stock_ledger_batches
             where warehouse_id = ${warehouse.id}::uuid group by 1, 2
          )
          update stock_batches b set current_stock = ledger.total
            from ledger
           where b.warehouse_id = ${warehouse.id}::uuid and ledger.product_id = b.product_id and ledger.batch_no = b.batch_no
             and b.current_stock <> ledger.total and ledger.total >= 0`);
        await recordEvent(tx, {
          resource: 'warehouses',
          recordId: warehouse.id,
          recordLabel: warehouse.name,
          action: 'update-all-inventory',
          by,
          note: `${created} inventory records created, ${drift.length} balances corrected`,
          warehouseId: warehouse.id,
        });
        return {
          message: UPDATE_ALL_MESSAGE,
          warehouse_id: warehouse.id,
          warehouse_name: warehouse.name,
          created,
          corrected: drift.length,
          drift: drift.sort((a, b) => a.product_name.localeCompare(b.product_name)),
        };
      });
    },
  };
}
