import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { BatchRow } from '../../domain/schemas/batches.js';
import { notFound, requireId } from '../http/errors.js';
import { warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';

/** Days are counted in the business's time zone (stock_today(), migration 0008), like the reports' days. */
export function batchService(db: DbOrTx) {
  return {
    /** The batches of one inventory record that hold stock, earliest expiry first, undated ('OPENING') last. */
    async ofRecord(id: string, scope: WarehouseScope = null): Promise<{ data: BatchRow[] }> {
      const recordId = requireId(id, 'Inventory');
      const [record] = rowsOf<{ product_id: string; warehouse_id: string }>(
        await db.execute(sql`
        select product_id, warehouse_id from inventory where id = ${recordId}::uuid and ${warehouseFilterRaw(scope, 'warehouse_id')}`),
      );
      if (!record) throw notFound('Inventory');
      const data = rowsOf<BatchRow>(
        await db.execute(sql`
        select b.batch_no, to_char(b.expiry_date, 'YYYY-MM-DD') as expiry_date, to_char(b.mfg_date, 'YYYY-MM-DD') as mfg_date,
               b.current_stock, coalesce(b.expiry_date < stock_today(), false) as expired,
               (b.expiry_date - stock_today()) as days_to_expiry
          from stock_batches b
         where b.product_id = ${record.product_id}::uuid and b.warehouse_id = ${record.warehouse_id}::uuid and b.current_stock > 0
         order by b.expiry_date nulls last, b.batch_no`),
      );
      return { data };
    },
  };
}
