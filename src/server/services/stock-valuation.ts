import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { addDays, businessDay } from '../../domain/business-days.js';
import type { CsvCell } from '../../domain/csv.js';
import { VALUATION_COST_SORTS, type StockValuationQuery } from '../../domain/schemas/valuation.js';
import { badRequest, requireRef } from '../http/errors.js';
import { sendCsvDownload } from '../http/csv-download.js';
import { warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';
import { dayStart } from './report-period.js';
import { offsetOf } from './list-helpers.js';

export type ValuationRow = {
  warehouse_id: string; warehouse_name: string; category_id: string | null; category_name: string | null;
  product_id: string | null; product_name: string | null; quantity: number; stock_value: number; average_cost: number | null;
};
type PagedRow = ValuationRow & { total_rows: number; total_quantity: number; total_value: number };

/** Per group: the columns it keeps (the others null), what it groups by, and its names and ids in 'name' order. */
const GROUPS = {
  product: {
    select: 'warehouse_id, warehouse_name, category_id, category_name, product_id, product_name',
    by: 'warehouse_id, warehouse_name, category_id, category_name, product_id, product_name',
    names: ['warehouse_name', 'category_name', 'product_name'], ids: ['warehouse_id', 'product_id'],
  },
  category: {
    select: 'warehouse_id, warehouse_name, category_id, category_name, null::uuid as product_id, null::text as product_name',
    by: 'warehouse_id, warehouse_name, category_id, category_name',
    names: ['warehouse_name', 'category_name'], ids: ['warehouse_id', 'category_id'],
  },
  warehouse: {
    select: 'warehouse_id, warehouse_name, null::uuid as category_id, null::text as category_name, null::uuid as product_id, null::text as product_name',
    by: 'warehouse_id, warehouse_name',
    names: ['warehouse_name'], ids: ['warehouse_id'],
  },
} as const;

/** The group's 'name' order, ascending or descending by its names (ids break ties the same way either way). */
const byName = (group: StockValuationQuery['group_by'], direction: 'asc' | 'desc') =>
  sql.raw([...GROUPS[group].names.map((n) => `${n} ${direction}`), ...GROUPS[group].ids].join(', '));

/**
 * The Stock valuation report: what each warehouse held at the end of a business day (India time), per product,
 * category or warehouse, with its value, summed from the ledger rows up to that instant (never from today's balances,
 * though for today the two agree to the paisa). One statement: the ledger is aggregated once, per warehouse and
 * product, then grouped, counted, totalled and paged.
 */
export function stockValuationService(db: Db) {
  function grouped(query: StockValuationQuery, scope: WarehouseScope, now: Date): { asOf: string; rows: SQL } {
    const asOf = query.as_of ?? businessDay(now);
    const warehouse = query.warehouse_id === undefined ? null : requireRef(query.warehouse_id, 'warehouse_id', 'Warehouse');
    const category = query.category_id === undefined ? null : requireRef(query.category_id, 'category_id', 'Category');
    const group = GROUPS[query.group_by];
    const rows = sql`
      with held as (
        select m.warehouse_id, m.product_id, sum(m.quantity)::bigint as quantity, sum(m.value_change) as stock_value
          from stock_movements m
         where m.created < ${dayStart(addDays(asOf, 1))}
           and (${warehouse}::uuid is null or m.warehouse_id = ${warehouse}::uuid)
           and (${category}::uuid is null or m.product_id in (select p.id from products p where p.category_id = ${category}::uuid))
           and ${warehouseFilterRaw(scope, 'm.warehouse_id')}
         group by m.warehouse_id, m.product_id
        having sum(m.quantity) <> 0 or sum(m.value_change) <> 0
      ), named as (
        select h.warehouse_id, w.name as warehouse_name, p.category_id, c.name as category_name, h.product_id,
               p.productname as product_name, h.quantity, h.stock_value
          from held h join warehouses w on w.id = h.warehouse_id join products p on p.id = h.product_id
          join categories c on c.id = p.category_id
      ), grouped as (
        select ${sql.raw(group.select)}, sum(quantity)::bigint as quantity, sum(stock_value) as stock_value
          from named group by ${sql.raw(group.by)}
      )
      select *, case when quantity > 0 then round(stock_value / quantity, 2) end as average_cost from grouped`;
    return { asOf, rows };
  }

  function orderOf(query: StockValuationQuery, seesCosts: boolean): SQL {
    if (query.sort && VALUATION_COST_SORTS.includes(query.sort) && !seesCosts) {
      throw badRequest('sort', `sort by ${query.sort} needs the permission to see costs`);
    }
    const order = query.order === 'desc' ? 'desc' : 'asc';
    const direction = sql.raw(order);
    const name = byName(query.group_by, 'asc');
    switch (query.sort) {
      case 'quantity': return sql`quantity ${direction}, ${name}`;
      case 'stock_value': return sql`stock_value ${direction}, ${name}`;
      case 'average_cost': return sql`average_cost ${direction} nulls last, ${name}`;
      default: return byName(query.group_by, order);
    }
  }

  return {
    async report(query: StockValuationQuery, scope: WarehouseScope, seesCosts: boolean, now = new Date()) {
      const { asOf, rows } = grouped(query, scope, now);
      const page = rowsOf<PagedRow>(await db.execute(sql`
        select r.*, count(*) over ()::int as total_rows, (sum(r.quantity) over ())::float8 as total_quantity,
               (sum(r.stock_value) over ())::float8 as total_value
          from (${rows}) r
         order by ${orderOf(query, seesCosts)}
         limit ${query.limit} offset ${offsetOf(query)}`));
      // Past the last page the window carries no totals: one more aggregate answers them.
      const totals = page[0] ?? rowsOf<Omit<PagedRow, keyof ValuationRow>>(await db.execute(sql`
        select count(*)::int as total_rows, coalesce(sum(r.quantity), 0)::float8 as total_quantity,
               coalesce(sum(r.stock_value), 0)::float8 as total_value from (${rows}) r`))[0]!;
      return {
        as_of: asOf,
        group_by: query.group_by,
        data: page.map(({ total_rows: _n, total_quantity: _q, total_value: _v, ...row }): ValuationRow => ({
          ...row, quantity: Number(row.quantity), stock_value: Number(row.stock_value),
          average_cost: row.average_cost === null ? null : Number(row.average_cost),
        })),
        total: totals.total_rows,
        totals: { quantity: totals.total_quantity, stock_value: totals.total_value },
        page: query.page,
        limit: query.limit,
      };
    },

    /** Every row of the report (not a page), streamed as CSV; value columns only for a role that sees costs. */
    download(reply: FastifyReply, query: StockValuationQuery, scope: WarehouseScope, seesCosts: boolean, now = new Date()): FastifyReply {
      const { asOf, rows } = grouped(query, scope, now);
      const header = ['Warehouse', 'Category', 'Product', 'Quantity', ...(seesCosts ? ['Average cost', 'Stock value'] : [])];
      return sendCsvDownload<ValuationRow>(reply, db, {
        filename: `stock-valuation-${query.group_by}-${asOf}.csv`,
        header: query.group_by === 'warehouse' ? header.filter((h) => h !== 'Category' && h !== 'Product')
          : query.group_by === 'category' ? header.filter((h) => h !== 'Product') : header,
        query: sql`select * from (${rows}) r order by ${orderOf(query, seesCosts)}`,
        toCells: (row): CsvCell[] => [
          row.warehouse_name,
          ...(query.group_by === 'warehouse' ? [] : [row.category_name]),
          ...(query.group_by === 'product' ? [row.product_name] : []),
          Number(row.quantity),
          ...(seesCosts ? [row.average_cost === null ? null : Number(row.average_cost), Number(row.stock_value)] : []),
        ],
      });
    },
  };
}

