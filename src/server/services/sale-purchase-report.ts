import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { products, stockMovements } from '../db/schema.js';
import type { SalePurchaseQuery } from '../../domain/schemas/inventory.js';
import { badRequest } from '../http/errors.js';
import { requireWarehouse } from './inventory-records.js';
import { warehouseFilter, type WarehouseScope } from '../auth/warehouse-scope.js';
import { warehouses } from '../db/schema.js';
import { addDays, dayOf, withinPeriod } from './report-period.js';

/** A report is read in one go: keep its period to a year. */
export const MAX_REPORT_DAYS = 366;

type Item = { _id: string; created: Date; product_id: string; product_name: string; quantity: number; unit_cost: number; total_value: number };
type Day = { total?: number; total_quantity: number; items: Item[] };

const isPurchase = sql`${stockMovements.movementType} = 'in' and ${stockMovements.movementReason} = 'purchase'`;
// A transfer's `out` rows (issue 18) move stock between warehouses: not a sale.
const isSale = sql`${stockMovements.movementType} = 'out' and ${stockMovements.referenceType} is distinct from 'transfer'`;
const kind = sql<'purchase' | 'sale'>`case when ${isSale} then 'sale' else 'purchase' end`;

/** GET /reports/warehouse-sale-purchase: purchases (in, reason purchase) and sales (out) of one warehouse, by day. */
export function salePurchaseReportService(db: Db) {
  return {
    /** A warehouse outside the caller's scope is not found; without `seesCosts` the day totals (values) are left out. */
    async report(query: SalePurchaseQuery, scope: WarehouseScope = null, seesCosts = true) {
      const warehouse = await requireWarehouse(db, query.warehouse_id, 'warehouse_id', warehouseFilter(scope, warehouses.id));
      if (query.end_date > addDays(query.start_date, MAX_REPORT_DAYS - 1)) {
        throw badRequest('end_date', `The period may span at most ${MAX_REPORT_DAYS} days`);
      }
      const where: SQL = and(
        eq(stockMovements.warehouseId, warehouse.id),
        withinPeriod(stockMovements.created, query),
        or(isPurchase, isSale),
      )!;
      const day = dayOf(stockMovements.created);
      const [totals, rows] = await Promise.all([
        db.select({
          day, kind,
          total: sql<number>`sum(${stockMovements.totalValue})::float8`,
          total_quantity: sql<number>`sum(abs(${stockMovements.quantity}))::float8`,
        }).from(stockMovements).where(where).groupBy(day, kind),
        db.select({
          day, kind, _id: stockMovements.id, created: stockMovements.created, product_id: stockMovements.productId,
          product_name: products.productname, quantity: stockMovements.quantity, unit_cost: stockMovements.unitCost,
          total_value: stockMovements.totalValue,
        }).from(stockMovements).innerJoin(products, eq(products.id, stockMovements.productId)).where(where)
          .orderBy(asc(stockMovements.created), asc(stockMovements.seq)),
      ]);

      const purchases: Record<string, Day> = {};
      const sales: Record<string, Day> = {};
      const bucket = (k: 'purchase' | 'sale') => (k === 'sale' ? sales : purchases);
      for (const t of totals) {
        bucket(t.kind)[t.day] = seesCosts ? { total: t.total, total_quantity: t.total_quantity, items: [] } : { total_quantity: t.total_quantity, items: [] };
      }
      for (const { day: d, kind: k, quantity, ...item } of rows) {
        // Sales leave the ledger as negative quantities; the report shows units sold.
        bucket(k)[d]!.items.push({ ...item, quantity: Math.abs(quantity) });
      }
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
