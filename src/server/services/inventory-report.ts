import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { inventory, products, stockDailyTotals, stockMovements } from '../db/schema.js';
import type { InventoryReportQuery } from '../../domain/schemas/inventory.js';
import type { REPORT_TYPES } from '../../domain/constants.js';
import { badRequest, isUuid } from '../http/errors.js';
import {
  lowStock,
  outOfStock,
  selectMovements,
  selectRecords,
  toMovementRecord,
  toRecord,
  type MovementLinks,
  type MovementRecord,
} from './inventory-records.js';
import { businessDay } from '../../domain/schemas/inventory.js';
import { addDays, dayOf, dayStart, periodOf, withinPeriod, type Period } from './report-period.js';
import { rowsOf } from '../db/rows.js';
import { warehouseFilter, warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';
import { stockTotals } from './stock-totals.js';

function optionalId(value: string | undefined, field: string, label: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isUuid(value)) throw badRequest(field, `${label} not found`);
  return value.toLowerCase();
}

/** The sections each view of the report shows: only these are computed, the others are null. */
const SECTIONS: Record<(typeof REPORT_TYPES)[number], ReadonlySet<'summary' | 'statistics' | 'recent' | 'items' | 'daily' | 'comparison'>> = {
  summary: new Set(['summary', 'statistics', 'recent']),
  detailed: new Set(['summary', 'items']),
  movements: new Set(['statistics', 'recent', 'daily']),
  comparison: new Set(['comparison']),
};

type Filters = { warehouseId?: string; productId?: string; movementType?: string; period: Period; scope: WarehouseScope };
type Totals = { quantity: SQL; count: SQL; valueIn: SQL; valueOut: SQL; type: SQL };

/** The movement totals of one group, from either source (the ledger rows or their daily totals). */
function totalsOf({ quantity, count, valueIn, valueOut, type }: Totals) {
  const of = (movementType: string) => sql`coalesce(sum(${quantity}) filter (where ${type} = ${movementType}), 0)`;
  return {
    movement_count: sql<number>`coalesce(sum(${count}), 0)::int`,
    total_in: sql<number>`${of('in')}::float8`,
    total_out: sql<number>`(-${of('out')})::float8`,
    total_adjustments: sql<number>`${of('adjustment')}::float8`,
    total_returns: sql<number>`${of('return')}::float8`,
    total_damaged: sql<number>`(-${of('damaged')})::float8`,
    total_value_in: sql<number>`coalesce(sum(${valueIn}), 0)::float8`,
    total_value_out: sql<number>`coalesce(sum(${valueOut}), 0)::float8`,
  };
}

/**
 * Movement totals of the period. Without a product filter they come from stock_daily_totals (one row per business
 * day, warehouse and type, kept exact by the ledger's trigger): a 90-day report sums a few thousand rows, not a
 * million. For one product, its own ledger rows are few and reached through the (product, warehouse, created) index.
 */
function movementTotals(db: Db, f: Filters) {
  if (f.productId) {
    const m = stockMovements;
    const totals = totalsOf({
      quantity: sql`${m.quantity}`,
      count: sql`1`,
      type: sql`${m.movementType}`,
      valueIn: sql`greatest(${m.valueChange}, 0)`,
      valueOut: sql`greatest(-${m.valueChange}, 0)`,
    });
    const where = and(
      eq(m.productId, f.productId),
      f.warehouseId ? eq(m.warehouseId, f.warehouseId) : undefined,
      warehouseFilter(f.scope, m.warehouseId),
      withinPeriod(m.created, f.period),
      f.movementType ? eq(m.movementType, f.movementType) : undefined,
    );
    return {
      statistics: () => db.select(totals).from(m).where(where),
      daily: () =>
        db
          .select({ date: dayOf(m.created), ...totals })
          .from(m)
          .where(where)
          .groupBy(dayOf(m.created))
          .orderBy(dayOf(m.created)),
    };
  }
  const d = stockDailyTotals;
  const totals = totalsOf({
    quantity: sql`${d.quantity}`,
    count: sql`${d.movementCount}`,
    type: sql`${d.movementType}`,
    valueIn: sql`${d.valueIn}`,
    valueOut: sql`${d.valueOut}`,
  });
  const where = and(
    sql`${d.day} between ${f.period.start_date}::date and ${f.period.end_date}::date`,
    f.warehouseId ? eq(d.warehouseId, f.warehouseId) : undefined,
    warehouseFilter(f.scope, d.warehouseId),
    f.movementType ? eq(d.movementType, f.movementType) : undefined,
  );
  const date = sql<string>`to_char(${d.day}, 'YYYY-MM-DD')`;
  return {
    statistics: () => db.select(totals).from(d).where(where),
    // A day with only zero-count rows (left by a deleted movement) is no day of movements.
    daily: () =>
      db
        .select({ date, ...totals })
        .from(d)
        .where(where)
        .groupBy(d.day)
        .having(sql`sum(${d.movementCount}) > 0`)
        .orderBy(d.day),
  };
}

/**
 * GET /inventory/report (SPEC.md section 3). Every total is computed by PostgreSQL; the lists are capped by `limit`.
 * Stock levels (summary, inventory_items, comparison) ignore movement_type: a stock level is not a movement.
 * Only the queries of the requested report_type run.
 */
export function inventoryReportService(db: Db) {
  return {
    /**
     * `scope`: 'assigned' keeps every figure to the caller's warehouses, in SQL. `links`: the documents the caller may
     * open, which the movements name (a purchase order's receipts and returns: `purchase_order_id`).
     */
    async report(query: InventoryReportQuery, now = new Date(), scope: WarehouseScope = null, links: MovementLinks = {}) {
      const period = periodOf(query, now);
      const warehouseId = optionalId(query.warehouse_id, 'warehouse_id', 'Warehouse');
      const productId = optionalId(query.product_id, 'product_id', 'Product');
      const wants = SECTIONS[query.report_type];
      const f: Filters = { warehouseId, productId, movementType: query.movement_type, period, scope };

      const balances = and(
        warehouseId ? eq(inventory.warehouseId, warehouseId) : undefined,
        productId ? eq(inventory.productId, productId) : undefined,
        warehouseFilter(scope, inventory.warehouseId),
      );
      const moves = and(
        warehouseId ? eq(stockMovements.warehouseId, warehouseId) : undefined,
        productId ? eq(stockMovements.productId, productId) : undefined,
        withinPeriod(stockMovements.created, period),
        query.movement_type ? eq(stockMovements.movementType, query.movement_type) : undefined,
        warehouseFilter(scope, stockMovements.warehouseId),
      );
      const totals = movementTotals(db, f);
      const when = <T>(section: Parameters<typeof wants.has>[0], run: () => Promise<T>): Promise<T | null> =>
        wants.has(section) ? run() : Promise.resolve(null);

      const [summary, statistics, recent, items, daily, comparison] = await Promise.all([
        when('summary', async () => {
          // Without a product, the warehouses' kept totals (functions/46-stock-totals.sql) instead of every record.
          if (!productId) {
            const t = await stockTotals(db, { warehouseId, scope });
            return { total_products: t.records, low_stock_count: t.low_stock, out_of_stock_count: t.out_of_stock, total_value: t.total_value };
          }
          return (
            await db
              .select({
                total_products: sql<number>`count(*)::int`,
                low_stock_count: sql<number>`(count(*) filter (where ${lowStock}))::int`,
                out_of_stock_count: sql<number>`(count(*) filter (where ${outOfStock}))::int`,
                total_value: sql<number>`coalesce(sum(${inventory.stockValue}), 0)::float8`,
              })
              .from(inventory)
              .where(balances)
          )[0]!;
        }),
        when('statistics', async () => (await totals.statistics())[0]!),
        when('recent', async () =>
          (await selectMovements(db, links).where(moves).orderBy(desc(stockMovements.created), desc(stockMovements.seq)).limit(query.limit)).map(
            toMovementRecord,
          ),
        ),
        when('items', async () =>
          (
            await selectRecords(db)
              .where(and(balances, query.low_stock_only ? lowStock : undefined, query.out_of_stock_only ? outOfStock : undefined))
              .orderBy(asc(products.productname), asc(inventory.id))
              .limit(query.limit)
          ).map(toRecord),
        ),
        when('daily', async () => (await totals.daily()).map(({ total_value_in: _in, total_value_out: _out, ...day }) => day)),
        when('comparison', () => stockLevels(db, f, query.limit)),
      ]);

      let byDate: Record<string, MovementRecord[]> | null = null;
      if (recent && wants.has('daily')) {
        byDate = {};
        for (const movement of recent) (byDate[businessDay(new Date(movement.created))] ??= []).push(movement);
      }

      return {
        report_type: query.report_type,
        period,
        filters: {
          warehouse_id: warehouseId ?? null,
          product_id: productId ?? null,
          movement_type: query.movement_type ?? null,
          low_stock_only: query.low_stock_only,
          out_of_stock_only: query.out_of_stock_only,
          limit: query.limit,
        },
        summary,
        movement_statistics: statistics,
        recent_movements: recent,
        inventory_items: items,
        movements: byDate,
        daily_totals: daily,
        comparison: comparison && {
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

/**
 * Per product: the stock from the ledger as of the start and the end of the period, and the balance now.
 * The `limit` products (in name order, with a balance or a ledger row under the filters) are picked FIRST, walking
 * the (productname, id) index; only their balances and ledger rows are then summed, each through its own index.
 */
async function stockLevels(db: Db, f: Filters, limit: number) {
  const inWarehouse = (alias: string) => sql`${f.warehouseId ? sql`and ${sql.raw(alias)}.warehouse_id = ${f.warehouseId}::uuid` : sql``}
    ${f.scope ? sql`and ${warehouseFilterRaw(f.scope, `${alias}.warehouse_id`)}` : sql``}`;
  return rowsOf<StockLevel>(
    await db.execute(sql`
    with picked as materialized (
      select p.id, p.productname from products p
       where ${f.productId ? sql`p.id = ${f.productId}::uuid and` : sql``}
             (exists (select 1 from inventory i where i.product_id = p.id ${inWarehouse('i')})
              or exists (select 1 from stock_movements m where m.product_id = p.id ${inWarehouse('m')}))
       order by p.productname, p.id
       limit ${limit}
    )
    select picked.id as product_id, picked.productname as product_name,
           coalesce(led.opening, 0)::float8 as opening_stock, coalesce(led.closing, 0)::float8 as closing_stock,
           coalesce(bal.current, 0)::float8 as current_stock
      from picked
      left join lateral (select sum(i.current_stock) as current from inventory i where i.product_id = picked.id ${inWarehouse('i')}) bal on true
      left join lateral (
        select sum(m.quantity) filter (where m.created < ${dayStart(f.period.start_date)}) as opening,
               sum(m.quantity) filter (where m.created < ${dayStart(addDays(f.period.end_date, 1))}) as closing
          from stock_movements m where m.product_id = picked.id ${inWarehouse('m')}) led on true
     order by picked.productname, picked.id`),
  );
}
