import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { products, stockMovements } from '../db/schema.js';
import type { SalePurchaseQuery } from '../../domain/schemas/inventory.js';
import { badRequest } from '../http/errors.js';
import { referencedOrder, requireWarehouse, type MovementLinks } from './inventory-records.js';
import { purchaseOrders } from '../db/declared-schema.js';
import { warehouseFilter, type WarehouseScope } from '../auth/warehouse-scope.js';
import { warehouses } from '../db/schema.js';
import { addDays, dayOf, withinPeriod } from './report-period.js';

/** A report is read in one go: keep its period to a year. */
export const MAX_REPORT_DAYS = 366;

type Item = {
  _id: string;
  created: Date;
  product_id: string;
  product_name: string;
  quantity: number;
  unit_cost: number;
  total_value: number;
  reference_type: string | null;
  reference_id: string | null;
  purchase_order_id?: string | null;
};
type Day = { total?: number; total_quantity: number; items: Item[] };

const m = stockMovements;
const isPurchase = sql`${m.movementType} = 'in' and ${m.movementReason} = 'purchase'`;
// A return to the seller (issue 31) undoes a purchase: it is not a sale. A customer's return has reason 'return' too,
// but comes in (movement type 'return') and names no purchase order.
const isSellerReturn = sql`${m.movementType} = 'out' and ${m.referenceType} = 'purchase_order'`;
// A transfer's `out` rows (issue 18) move stock between warehouses: not a sale either.
const isSale = sql`${m.movementType} = 'out' and ${m.referenceType} is distinct from 'transfer' and ${m.referenceType} is distinct from 'purchase_order'`;
const kind = sql<'purchase' | 'sale'>`case when ${isSale} then 'sale' else 'purchase' end`;
/** Units and value as the report counts them: sales as sold (positive); purchases signed, a return to the seller negative. */
const counted = (figure: SQL) => sql`case when ${isSale} or ${m.quantity} >= 0 then ${figure} else -${figure} end`;
const units = counted(sql`abs(${m.quantity})`);
const value = counted(sql`${m.totalValue}`);

/**
 * GET /reports/warehouse-sale-purchase: one warehouse's purchases (in, reason purchase: Add Inventory and purchase-order
 * receipts, less returns to the seller) and sales (out, not a transfer's or a return to the seller), by day.
 */
export function salePurchaseReportService(db: Db) {
  return {
    /**
     * A warehouse outside the caller's scope is not found; without `seesCosts` the day totals (values) are left out;
     * `links`: the documents the caller may open, which the items name (`purchase_order_id`).
     */
    async report(query: SalePurchaseQuery, scope: WarehouseScope = null, seesCosts = true, links: MovementLinks = {}) {
      const warehouse = await requireWarehouse(db, query.warehouse_id, 'warehouse_id', warehouseFilter(scope, warehouses.id));
      if (query.end_date > addDays(query.start_date, MAX_REPORT_DAYS - 1)) {
        throw badRequest('end_date', `The period may span at most ${MAX_REPORT_DAYS} days`);
      }
      const where: SQL = and(eq(m.warehouseId, warehouse.id), withinPeriod(m.created, query), or(isPurchase, isSellerReturn, isSale))!;
      const day = dayOf(m.created);
      const items = db
        .select({
          day,
          kind,
          _id: m.id,
          created: m.created,
          product_id: m.productId,
          product_name: products.productname,
          quantity: sql<number>`${units}::float8`,
          unit_cost: m.unitCost,
          total_value: sql<number>`${value}::float8`,
          reference_type: m.referenceType,
          reference_id: m.referenceId,
          ...(links.purchaseOrders ? { purchase_order_id: sql<string | null>`${purchaseOrders.id}` } : {}),
        })
        .from(m)
        .innerJoin(products, eq(products.id, m.productId))
        .$dynamic();
      const [totals, rows] = await Promise.all([
        db
          .select({
            day,
            kind,
            total: sql<number>`sum(${value})::float8`,
            total_quantity: sql<number>`sum(${units})::float8`,
          })
          .from(m)
          .where(where)
          .groupBy(day, kind),
        (links.purchaseOrders ? items.leftJoin(purchaseOrders, referencedOrder) : items).where(where).orderBy(asc(m.created), asc(m.seq)),
      ]);

      const purchases: Record<string, Day> = {};
      const sales: Record<string, Day> = {};
      const bucket = (k: 'purchase' | 'sale') => (k === 'sale' ? sales : purchases);
      for (const t of totals) {
        bucket(t.kind)[t.day] = seesCosts ? { total: t.total, total_quantity: t.total_quantity, items: [] } : { total_quantity: t.total_quantity, items: [] };
      }
      for (const { day: d, kind: k, ...item } of rows) bucket(k)[d]!.items.push(item);
      const sorted = (map: Record<string, Day>) => Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
      return {
        warehouse_id: warehouse.id,
        warehouse_name: warehouse.name,
        period: { start_date: query.start_date, end_date: query.end_date },
        purchases: sorted(purchases),
        sales: sorted(sales),
      };
    },
  };
}
