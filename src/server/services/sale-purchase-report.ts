import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { CsvCell } from '../../domain/csv.js';
import type { SalePurchaseDownloadQuery, SalePurchaseItemsQuery, SalePurchaseQuery } from '../../domain/schemas/inventory.js';
import { REPORT_TIME_ZONE } from '../../domain/business-days.js';
import { badRequest } from '../http/errors.js';
import { sendCsvDownload } from '../http/csv-download.js';
import { downloadWords } from './report-language.js';
import { requireWarehouse, type MovementLinks } from './inventory-records.js';
import { warehouseFilter, type WarehouseScope } from '../auth/warehouse-scope.js';
import { warehouses } from '../db/schema.js';
import { addDays, dayStart } from './report-period.js';

/** A report's period is at most a year. */
export const MAX_REPORT_DAYS = 366;

type Section = 'purchases' | 'sales';
/** The ledger's name for a section's rows (functions/10-ledger.sql, stock_flow). */
const FLOW: Record<Section, string> = { purchases: 'purchase', sales: 'sale' };

type Item = {
  _id: string;
  /** ISO 8601, UTC. */
  created: string;
  product_id: string;
  product_name: string;
  quantity: number;
  unit_cost: number;
  total_value: number;
  reference_type: string | null;
  reference_id: string | null;
  purchase_order_id?: string | null;
};
type Day = { total?: number; total_quantity: number; item_count: number; items: Item[] };
type DayRow = { day: string } & Record<`${'purchase' | 'sale'}_${'count' | 'quantity' | 'value'}`, number>;

const zone = sql.raw(`'${REPORT_TIME_ZONE}'`);

/**
 * A section's movements as the report shows them: sales as sold (positive), purchases signed (a return to the seller
 * negative), with the product's name and, for a caller who may open purchase orders, the order a row belongs to.
 */
function itemColumns(links: MovementLinks): SQL {
  return sql`
    m.id as "_id", to_char(m.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created, m.product_id, p.productname as product_name,
    (case when m.movement_type = 'out' and m.reference_type is distinct from 'purchase_order' then -m.quantity else m.quantity end)::float8 as quantity,
    m.unit_cost::float8 as unit_cost,
    (case when m.quantity < 0 and m.reference_type = 'purchase_order' then -m.total_value else m.total_value end)::float8 as total_value,
    m.reference_type, m.reference_id
    ${links.purchaseOrders ? sql`, (select po.id from purchase_orders po where m.reference_type = 'purchase_order' and po.number = m.reference_id) as purchase_order_id` : sql``}`;
}

/** One business day's movements of one section, in time order (ties in ledger order), from the (warehouse, created) index. */
const dayMovements = (warehouseId: string, day: SQL, section: SQL) => sql`
  from stock_movements m join products p on p.id = m.product_id
 where m.warehouse_id = ${warehouseId}::uuid
   and m.created >= (${day}::timestamp at time zone ${zone}) and m.created < ((${day} + 1)::timestamp at time zone ${zone})
   and stock_flow(m.movement_type, m.movement_reason, m.reference_type) = ${section}
 order by m.created, m.seq`;

/**
 * GET /reports/warehouse-sale-purchase: one warehouse's purchases (in, reason purchase: Add Inventory and purchase-order
 * receipts, less returns to the seller) and sales (out, not a transfer's or a return to the seller), by day. Bounded
 * whatever the warehouse's trade (issue 33): a page of days, each day's totals and count from stock_daily_totals (kept
 * with every ledger row), its first movements of each section through the (warehouse, created) index; the sections'
 * totals over the whole period from the same daily rows. A day's further movements come a page at a time (`items`),
 * every movement in the download.
 */
export function salePurchaseReportService(db: Db) {
  async function warehouseOf(id: string, scope: WarehouseScope) {
    return requireWarehouse(db, id, 'warehouse_id', warehouseFilter(scope, warehouses.id));
  }

  return {
    /**
     * A warehouse outside the caller's scope is not found; without `seesCosts` the day and section totals are left out
     * (the items' cost figures are dropped by the access hook, src/server/auth/access.ts).
     */
    async report(query: SalePurchaseQuery, scope: WarehouseScope = null, seesCosts = true, links: MovementLinks = {}) {
      const warehouse = await warehouseOf(query.warehouse_id, scope);
      if (query.end_date > addDays(query.start_date, MAX_REPORT_DAYS - 1)) {
        throw badRequest('end_date', `The period may span at most ${MAX_REPORT_DAYS} days`);
      }
      const daily = sql`
        select day, sum(purchase_count)::int as purchase_count, sum(purchase_quantity)::float8 as purchase_quantity,
               sum(purchase_value)::float8 as purchase_value, sum(sale_count)::int as sale_count,
               sum(sale_quantity)::float8 as sale_quantity, sum(sale_value)::float8 as sale_value
          from stock_daily_totals
         where warehouse_id = ${warehouse.id}::uuid and day between ${query.start_date}::date and ${query.end_date}::date
         group by day
        having sum(purchase_count) + sum(sale_count) > 0`;
      const [days, [totals]] = await Promise.all([
        db
          .execute(
            sql`select to_char(day, 'YYYY-MM-DD') as day, purchase_count, purchase_quantity, purchase_value, sale_count, sale_quantity,
                       sale_value
                  from (${daily}) d order by day limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
          )
          .then((r) => rowsOf<DayRow>(r)),
        db
          .execute(
            sql`select coalesce(sum(purchase_count), 0)::int as purchase_count, coalesce(sum(purchase_quantity), 0)::float8 as purchase_quantity,
                       coalesce(sum(purchase_value), 0)::float8 as purchase_value, coalesce(sum(sale_count), 0)::int as sale_count,
                       coalesce(sum(sale_quantity), 0)::float8 as sale_quantity, coalesce(sum(sale_value), 0)::float8 as sale_value,
                       count(*)::int as days_total
                  from (${daily}) d`,
          )
          .then((r) => rowsOf<Omit<DayRow, 'day'> & { days_total: number }>(r)),
      ]);

      const items =
        days.length === 0 || query.items_limit === 0
          ? []
          : rowsOf<Item & { day: string; flow: string; seq: unknown }>(
              await db.execute(sql`
                select to_char(d.day, 'YYYY-MM-DD') as day, f.flow, i.*
                  from unnest(${`{${days.map((d) => d.day).join(',')}}`}::date[]) as d(day)
                 cross join (values ('purchase'), ('sale')) as f(flow)
                 cross join lateral (select ${itemColumns(links)}, m.seq ${dayMovements(warehouse.id, sql`d.day`, sql`f.flow`)} limit ${query.items_limit}) i
                 order by d.day, f.flow, i.created, i.seq`),
            );

      const dayOf = (row: DayRow, flow: 'purchase' | 'sale'): Day => ({
        ...(seesCosts ? { total: row[`${flow}_value`] } : {}),
        total_quantity: row[`${flow}_quantity`],
        item_count: row[`${flow}_count`],
        items: [],
      });
      const purchases: Record<string, Day> = {};
      const sales: Record<string, Day> = {};
      for (const row of days) {
        if (row.purchase_count > 0) purchases[row.day] = dayOf(row, 'purchase');
        if (row.sale_count > 0) sales[row.day] = dayOf(row, 'sale');
      }
      for (const { day, flow, seq: _seq, ...item } of items) (flow === 'sale' ? sales : purchases)[day]?.items.push(item);
      const sectionTotals = (flow: 'purchase' | 'sale') => ({
        ...(seesCosts ? { total: totals![`${flow}_value`] } : {}),
        total_quantity: totals![`${flow}_quantity`],
        item_count: totals![`${flow}_count`],
      });
      return {
        warehouse_id: warehouse.id,
        warehouse_name: warehouse.name,
        period: { start_date: query.start_date, end_date: query.end_date },
        purchases,
        sales,
        totals: { purchases: sectionTotals('purchase'), sales: sectionTotals('sale') },
        page: query.page,
        limit: query.limit,
        days_total: totals!.days_total,
      };
    },

    /** One day's movements of one section, a page at a time: `{data, total}` (cost figures dropped by the access hook). */
    async items(query: SalePurchaseItemsQuery, scope: WarehouseScope = null, links: MovementLinks = {}) {
      const warehouse = await warehouseOf(query.warehouse_id, scope);
      const flow = FLOW[query.section];
      const [rows, [count]] = await Promise.all([
        db
          .execute(
            sql`select ${itemColumns(links)} ${dayMovements(warehouse.id, sql`${query.day}::date`, sql`${flow}`)}
                 limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
          )
          .then((r) => rowsOf<Item>(r)),
        db
          .execute(
            sql`select coalesce(sum(${sql.raw(`${flow}_count`)}), 0)::int as total from stock_daily_totals
                 where warehouse_id = ${warehouse.id}::uuid and day = ${query.day}::date`,
          )
          .then((r) => rowsOf<{ total: number }>(r)),
      ]);
      return { data: rows, total: count?.total ?? 0, page: query.page, limit: query.limit };
    },

    /** Every movement of the period, each day followed by its total, purchases then sales, streamed as CSV. */
    async download(reply: FastifyReply, query: SalePurchaseDownloadQuery, scope: WarehouseScope = null, seesCosts = true): Promise<FastifyReply> {
      const warehouse = await warehouseOf(query.warehouse_id, scope);
      if (query.end_date > addDays(query.start_date, MAX_REPORT_DAYS - 1)) {
        throw badRequest('end_date', `The period may span at most ${MAX_REPORT_DAYS} days`);
      }
      type CsvRow = {
        section: string;
        day: string;
        created: string | null;
        product_name: string;
        quantity: number;
        unit_cost: number | null;
        total_value: number;
      };
      const name = warehouse.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const words = downloadWords(reply);
      return sendCsvDownload<CsvRow>(reply, db, {
        filename: `sale-purchase-${name}-${query.start_date}-to-${query.end_date}.csv`,
        header: ['Section', 'Date', 'Time', 'Product', 'Quantity', ...(seesCosts ? ['Unit Cost', 'Total Value'] : [])].map(words),
        query: sql`
          select case when i.flow = 'purchase' then 'Purchases' else 'Sales' end as section, i.day, i.created, i.product_name,
                 i.quantity, i.unit_cost, i.total_value
            from (
              select stock_flow(m.movement_type, m.movement_reason, m.reference_type) as flow,
                     to_char(m.created at time zone ${zone}, 'YYYY-MM-DD') as day, 0 as last, m.created as at, m.seq, ${itemColumns({})}
                from stock_movements m join products p on p.id = m.product_id
               where m.warehouse_id = ${warehouse.id}::uuid
                 and m.created >= ${dayStart(query.start_date)} and m.created < ${dayStart(addDays(query.end_date, 1))}
                 and stock_flow(m.movement_type, m.movement_reason, m.reference_type) is not null
              union all
              select f.flow, to_char(d.day, 'YYYY-MM-DD'), 1, null, null, null, null, null, 'Day total',
                     case when f.flow = 'purchase' then d.purchase_quantity else d.sale_quantity end, null,
                     case when f.flow = 'purchase' then d.purchase_value else d.sale_value end, null, null
                from (select day, sum(purchase_count) as purchase_count, sum(purchase_quantity)::float8 as purchase_quantity,
                             sum(purchase_value)::float8 as purchase_value, sum(sale_count) as sale_count,
                             sum(sale_quantity)::float8 as sale_quantity, sum(sale_value)::float8 as sale_value
                        from stock_daily_totals
                       where warehouse_id = ${warehouse.id}::uuid and day between ${query.start_date}::date and ${query.end_date}::date
                       group by day) d
               cross join (values ('purchase'), ('sale')) as f(flow)
               where case when f.flow = 'purchase' then d.purchase_count else d.sale_count end > 0
            ) i
           order by i.flow, i.day, i.last, i.at, i.seq`,
        toCells: (row): CsvCell[] => [
          words(row.section),
          row.day,
          row.created ?? '',
          // A day's total row (no time) is named 'Day total' by the query; a movement's is its product's name.
          row.created === null ? words(row.product_name) : row.product_name,
          row.quantity,
          ...(seesCosts ? [row.unit_cost ?? '', row.total_value] : []),
        ],
      });
    },
  };
}
