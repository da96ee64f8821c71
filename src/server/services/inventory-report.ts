import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { inventory, products, stockMovements } from '../db/schema.js';
import type { InventoryReportQuery } from '../../domain/schemas/inventory.js';
import { badRequest, isUuid } from '../http/errors.js';
import { lowStock, outOfStock, selectMovements, selectRecords, toMovementRecord, toRecord, type MovementRecord } from './inventory-records.js';
import { businessDay } from '../../domain/schemas/inventory.js';
import { addDays, dayOf, dayStart, periodOf, withinPeriod } from './report-period.js';
import { rowsOf } from '../db/rows.js';


function optionalId(value: string | undefined, field: string, label: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isUuid(value)) throw badRequest(field, `${label} not found`);
  return value.toLowerCase();
}

const qty = (type: string): SQL<number> =>
  sql<number>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.movementType} = ${type}), 0)::float8`;

/**
 * GET /inventory/report (SPEC.md section 3). Every total is computed by PostgreSQL; the lists are capped by `limit`.
 * Stock levels (summary, inventory_items, comparison) ignore movement_type: a stock level is not a movement.
 */
export function inventoryReportService(db: Db) {
  return {
    async report(query: InventoryReportQuery, now = new Date()) {
      const period = periodOf(query, now);
      const warehouseId = optionalId(query.warehouse_id, 'warehouse_id', 'Warehouse');
      const productId = optionalId(query.product_id, 'product_id', 'Product');

      const balances = and(
        warehouseId ? eq(inventory.warehouseId, warehouseId) : undefined,
        productId ? eq(inventory.productId, productId) : undefined,
      );
      const ledger = and(
        warehouseId ? eq(stockMovements.warehouseId, warehouseId) : undefined,
        productId ? eq(stockMovements.productId, productId) : undefined,
      );
      const moves = and(ledger, withinPeriod(stockMovements.created, period),
        query.movement_type ? eq(stockMovements.movementType, query.movement_type) : undefined);

      const [[summary], [statistics], recent, items, daily, comparison] = await Promise.all([
        db.select({
          total_products: sql<number>`count(*)::int`,
          low_stock_count: sql<number>`(count(*) filter (where ${lowStock}))::int`,
          out_of_stock_count: sql<number>`(count(*) filter (where ${outOfStock}))::int`,
          total_value: sql<number>`coalesce(round(sum(${inventory.currentStock} * ${inventory.unitCost}), 2), 0)::float8`,
        }).from(inventory).where(balances),
        db.select({
          total_in: qty('in'),
          total_out: sql<number>`(-${qty('out')})::float8`,
          total_adjustments: qty('adjustment'),
          total_returns: qty('return'),
          total_damaged: sql<number>`(-${qty('damaged')})::float8`,
          movement_count: sql<number>`count(*)::int`,
          total_value_in: sql<number>`coalesce(sum(${stockMovements.totalValue}) filter (where ${stockMovements.quantity} > 0), 0)::float8`,
          total_value_out: sql<number>`coalesce(sum(${stockMovements.totalValue}) filter (where ${stockMovements.quantity} < 0), 0)::float8`,
        }).from(stockMovements).where(moves),
        selectMovements(db).where(moves).orderBy(desc(stockMovements.created), desc(stockMovements.seq)).limit(query.limit),
        selectRecords(db)
          .where(and(balances, query.low_stock_only ? lowStock : undefined, query.out_of_stock_only ? outOfStock : undefined))
          .orderBy(asc(products.productname), asc(inventory.id)).limit(query.limit),
        db.select({
          date: dayOf(stockMovements.created),
          movement_count: sql<number>`count(*)::int`,
          total_in: qty('in'),
          total_out: sql<number>`(-${qty('out')})::float8`,
          total_adjustments: qty('adjustment'),
          total_returns: qty('return'),
          total_damaged: sql<number>`(-${qty('damaged')})::float8`,
        }).from(stockMovements).where(moves).groupBy(dayOf(stockMovements.created)).orderBy(dayOf(stockMovements.created)),
        stockLevels(db, balances, ledger, period, query.limit),
      ]);

      const byDate: Record<string, MovementRecord[]> = {};
      for (const movement of recent.map(toMovementRecord)) (byDate[businessDay(new Date(movement.created))] ??= []).push(movement);

      return {
        report_type: query.report_type,
        period,
        filters: {
          warehouse_id: warehouseId ?? null, product_id: productId ?? null, movement_type: query.movement_type ?? null,
          low_stock_only: query.low_stock_only, out_of_stock_only: query.out_of_stock_only, limit: query.limit,
        },
        summary: summary!,
        movement_statistics: statistics!,
        recent_movements: recent.map(toMovementRecord),
        inventory_items: items.map(toRecord),
        movements: byDate,
        daily_totals: daily,
        comparison: {
          period,
          opening_stock: Object.fromEntries(comparison.map((r) => [r.product_id, r.opening_stock])),
          closing_stock: Object.fromEntries(comparison.map((r) => [r.product_id, r.closing_stock])),
          current_stock: comparison,
        },
        generated_at: now.toISOString(),
      };
    },
  };
}

type StockLevel = { product_id: string; product_name: string; opening_stock: number; closing_stock: number; current_stock: number };

/** Per product: the stock from the ledger as of the start and the end of the period, and the balance now. */
async function stockLevels(db: Db, balances: SQL | undefined, ledger: SQL | undefined, period: { start_date: string; end_date: string }, limit: number) {
  return rowsOf<StockLevel>(await db.execute(sql`
    with bal as (
      select product_id, sum(current_stock) as current from inventory ${balances ? sql`where ${balances}` : sql``} group by product_id
    ), led as (
      select product_id,
             coalesce(sum(quantity) filter (where created < ${dayStart(period.start_date)}), 0) as opening,
             coalesce(sum(quantity) filter (where created < ${dayStart(addDays(period.end_date, 1))}), 0) as closing
        from stock_movements ${ledger ? sql`where ${ledger}` : sql``} group by product_id
    )
    select p.id as product_id, p.productname as product_name,
           coalesce(led.opening, 0)::float8 as opening_stock, coalesce(led.closing, 0)::float8 as closing_stock,
           coalesce(bal.current, 0)::float8 as current_stock
      from bal full join led on led.product_id = bal.product_id
      join products p on p.id = coalesce(bal.product_id, led.product_id)
     order by p.productname, p.id
     limit ${limit}`));
}
