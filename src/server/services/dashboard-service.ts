import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { warehouseFilter, type WarehouseScope } from '../auth/warehouse-scope.js';
import type { Db } from '../db/client.js';
import { cities, inventory, products, stockDailyTotals, users, warehouses } from '../db/schema.js';
import { REPORT_DEFAULT_DAYS } from '../../domain/constants.js';
import { addDays, businessDay, lastBusinessDays } from '../../domain/business-days.js';
import { lowStock, outOfStock } from './inventory-records.js';
import { rowsOf } from '../db/rows.js';
import type { DashboardSummary as SharedDashboardSummary } from '../../domain/dashboard.js';
import { transferService } from './transfer-service.js';
import { countToReorder } from './replenishment/suggestions.js';
import { stockTotals } from './stock-totals.js';
import { openPurchaseOrders } from './replenishment/open-orders.js';

/** SPEC.md section 9: the dashboard lists 5 recent items; the chart covers the inventory report's default period. */
export const DASHBOARD_ITEMS = 5;
export const STOCK_FLOW_DAYS = REPORT_DEFAULT_DAYS;

/** The server's answer carries Dates; JSON turns them into the strings the SPA reads. */
export type DashboardSummary = SharedDashboardSummary<Date>;

/** Everything the dashboard shows, aggregated by the database: a handful of small queries, no list downloads. */
export function dashboardService(db: Db) {
  return {
    /**
     * `scope` 'assigned': warehouse, stock and flow figures cover only the user's warehouses (filtered in SQL). `orders`
     * and `reorder`: the user's scope on purchase orders and on replenishment, or null where the role may not list them.
     */
    async summary({
      withUsers,
      now = new Date(),
      scope = null,
      orders = null,
      reorder = null,
    }: {
      withUsers: boolean;
      now?: Date;
      scope?: WarehouseScope;
      orders?: { scope: WarehouseScope } | null;
      reorder?: { scope: WarehouseScope } | null;
    }): Promise<DashboardSummary> {
      const period = lastBusinessDays(STOCK_FLOW_DAYS, now);
      const firstDay = period.start_date;

      const [[counts], stock, recentProducts, alerts, recentUsers, firstWarehouses, flow, inTransit, purchaseOrders, toReorder] = await Promise.all([
        db
          .execute(
            sql`
          select (select count(*) from ${users})::int as users, (select count(*) from ${products})::int as products,
                 (select count(*) from ${warehouses} where ${warehouseFilter(scope, warehouses.id) ?? sql`true`})::int as warehouses, (select count(*) from ${cities})::int as cities`,
          )
          .then((result) => rowsOf<{ users: number; products: number; warehouses: number; cities: number }>(result)),
        // Kept as the stock moves (functions/46-stock-totals.sql): a row per warehouse, not a sum over every record.
        stockTotals(db, { scope }),
        db
          .select({
            _id: products.id,
            productname: products.productname,
            price: products.price,
            discount_price: products.discountPrice,
            image: sql<string | null>`${products.mainImage} ->> 0`,
          })
          .from(products)
          .orderBy(desc(products.created), desc(products.id))
          .limit(DASHBOARD_ITEMS),
        // The emptiest shelves first: out of stock, then the furthest below their minimum.
        db
          .select({
            _id: inventory.id,
            product_id: inventory.productId,
            product_name: products.productname,
            warehouse_id: inventory.warehouseId,
            warehouse_name: warehouses.name,
            current_stock: inventory.currentStock,
            minimum_stock: inventory.minimumStock,
            out_of_stock: sql<boolean>`${outOfStock}`,
          })
          .from(inventory)
          .innerJoin(products, eq(products.id, inventory.productId))
          .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
          .where(and(lowStock, warehouseFilter(scope, inventory.warehouseId)))
          .orderBy(asc(inventory.currentStock), sql`${inventory.currentStock} - ${inventory.minimumStock}`, asc(products.productname), asc(inventory.id))
          .limit(DASHBOARD_ITEMS),
        withUsers
          ? db
              .select({
                _id: users.id,
                name: sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`,
                email: users.email,
                role: users.role,
                created: users.created,
              })
              .from(users)
              .orderBy(desc(users.created), desc(users.id))
              .limit(DASHBOARD_ITEMS)
          : null,
        // The same order as the warehouse list, so "the first 5" are the first 5 there.
        db
          .select({ _id: warehouses.id, name: warehouses.name, city: cities.name, status: warehouses.status })
          .from(warehouses)
          .leftJoin(cities, eq(cities.id, warehouses.cityId))
          .where(warehouseFilter(scope, warehouses.id))
          .orderBy(desc(warehouses.created), desc(warehouses.id))
          .limit(DASHBOARD_ITEMS),
        // Stock in and out as the inventory report counts them (movement types 'in' and 'out'), from the same daily
        // totals the ledger's trigger keeps: the two agree, and the chart costs the days it shows, not the movements.
        db
          .select({
            date: sql<string>`to_char(${stockDailyTotals.day}, 'YYYY-MM-DD')`,
            stock_in: sql<number>`coalesce(sum(${stockDailyTotals.quantity}) filter (where ${stockDailyTotals.movementType} = 'in'), 0)::float8`,
            stock_out: sql<number>`coalesce(-sum(${stockDailyTotals.quantity}) filter (where ${stockDailyTotals.movementType} = 'out'), 0)::float8`,
          })
          .from(stockDailyTotals)
          .where(
            and(
              sql`${stockDailyTotals.day} between ${period.start_date}::date and ${period.end_date}::date`,
              warehouseFilter(scope, stockDailyTotals.warehouseId),
            ),
          )
          .groupBy(stockDailyTotals.day),
        transferService(db).inTransit(scope),
        orders ? openPurchaseOrders(db, orders.scope, businessDay(now)) : null,
        reorder ? countToReorder(db, { scope: reorder.scope }) : null,
      ]);

      // Every day of the window appears, with 0 when nothing moved.
      const moved = new Map(flow.map((day) => [day.date, day]));
      const stockFlow = Array.from({ length: STOCK_FLOW_DAYS }, (_, i) => {
        const date = addDays(firstDay, i);
        return { date, stock_in: moved.get(date)?.stock_in ?? 0, stock_out: moved.get(date)?.stock_out ?? 0 };
      });

      return {
        counts: {
          users: counts!.users,
          products: counts!.products,
          inventory_items: stock.records,
          warehouses: counts!.warehouses,
          cities: counts!.cities,
          low_stock: stock.low_stock,
          out_of_stock: stock.out_of_stock,
        },
        total_inventory_value: stock.total_value,
        recent_products: recentProducts,
        low_stock_alerts: alerts,
        recent_users: recentUsers,
        warehouses: firstWarehouses,
        stock_flow: stockFlow,
        in_transit: inTransit,
        purchase_orders: purchaseOrders,
        to_reorder: toReorder,
        generated_at: now.toISOString(),
      };
    },
  };
}
