import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { BatchRow, ExpiringQuery, ExpiringRow } from '../../domain/schemas/batches.js';
import { badRequest, isUuid, notFound, requireId } from '../http/errors.js';
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

    /**
     * Batches holding stock that expire within `days` (and, with include_expired, those already expired), earliest
     * first; the totals cover every matching batch, the rows at most `limit` of them. Value = quantity × unit cost.
     */
    async expiring(query: ExpiringQuery, scope: WarehouseScope = null) {
      let warehouseId: string | undefined;
      if (query.warehouse_id !== undefined) {
        if (!isUuid(query.warehouse_id)) throw badRequest('warehouse_id', 'Warehouse not found');
        warehouseId = query.warehouse_id.toLowerCase();
      }
      const where = sql`b.current_stock > 0 and b.expiry_date is not null
        and b.expiry_date <= stock_today() + ${query.days}::int
        and (${query.include_expired}::boolean or b.expiry_date >= stock_today())
        ${warehouseId ? sql`and b.warehouse_id = ${warehouseId}::uuid` : sql``}
        and ${warehouseFilterRaw(scope, 'b.warehouse_id')}`;
      const [data, [totals]] = await Promise.all([
        db
          .execute(
            sql`
          select b.product_id, p.productname as product_name, b.warehouse_id, w.name as warehouse_name, b.batch_no,
                 to_char(b.expiry_date, 'YYYY-MM-DD') as expiry_date, (b.expiry_date - stock_today()) as days_to_expiry,
                 b.current_stock as quantity, stock_value_of(i.current_stock, i.stock_value, b.current_stock)::float8 as value
            from stock_batches b
            join inventory i on i.product_id = b.product_id and i.warehouse_id = b.warehouse_id
            join products p on p.id = b.product_id
            join warehouses w on w.id = b.warehouse_id
           where ${where}
           order by b.expiry_date, p.productname, w.name, b.batch_no
           limit ${query.limit}`,
          )
          .then((r) => rowsOf<ExpiringRow>(r)),
        db
          .execute(
            sql`
          select coalesce(sum(b.current_stock), 0)::float8 as total_quantity,
                 coalesce(sum(stock_value_of(i.current_stock, i.stock_value, b.current_stock)), 0)::float8 as total_value, count(*)::int as total
            from stock_batches b join inventory i on i.product_id = b.product_id and i.warehouse_id = b.warehouse_id
           where ${where}`,
          )
          .then((r) => rowsOf<{ total_quantity: number; total_value: number; total: number }>(r)),
      ]);
      return { data, total: totals?.total ?? 0, total_quantity: totals?.total_quantity ?? 0, total_value: totals?.total_value ?? 0 };
    },
  };
}
