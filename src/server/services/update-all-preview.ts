import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { requireWarehouse } from './inventory-records.js';

export type UpdateAllPreview = {
  warehouse_id: string;
  warehouse_name: string;
  /** Records 'Update all inventory' would create now: products with none in the warehouse. */
  to_create: number;
  /** Records the warehouse holds now. */
  records: number;
};

/**
 * What "Update all inventory" would do to one warehouse, read without writing, so the screen can say it before asking
 * for confirmation. Counts only: which balances drifted from the ledger is known once the update has locked them.
 */
export function updateAllPreviewService(db: DbOrTx) {
  return {
    async preview(warehouseId: string): Promise<UpdateAllPreview> {
      const warehouse = await requireWarehouse(db, warehouseId);
      const [counts] = rowsOf<{ records: number; to_create: number }>(
        await db.execute(sql`
        select (select count(*) from inventory i where i.warehouse_id = ${warehouse.id}::uuid)::int as records,
               (select count(*) from products p
                 where not exists (select 1 from inventory i where i.product_id = p.id and i.warehouse_id = ${warehouse.id}::uuid))::int as to_create`),
      );
      return { warehouse_id: warehouse.id, warehouse_name: warehouse.name, to_create: counts!.to_create, records: counts!.records };
    },
  };
}
