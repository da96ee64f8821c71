import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { addDays, businessDay } from '../../domain/business-days.js';
import type { CsvCell } from '../../domain/csv.js';
import type { StockValuationQuery, ValuationGroup, ValuationRow as ValuationAnswerRow } from '../../domain/schemas/valuation.js';
import { requireRef } from '../http/errors.js';
import { sendCsvDownload } from '../http/csv-download.js';
import { downloadWords } from './report-language.js';
import { warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';
import { dayStart } from './report-period.js';
import { offsetOf } from './list-helpers.js';

/** As the database computes it, cost figures included (the answer drops them for a role without costs). */
type ValuationRow = Required<ValuationAnswerRow>;
type Totals = { total_rows: number; total_quantity: number; total_value: number };
type Ledger = { asOf: string; end: SQL; warehouse: string | null; category: string | null; ctes: SQL; totals: SQL };

const isNameOrder = (query: StockValuationQuery) => !query.sort || query.sort === 'name';

/**
 * Per group: its key columns (of `held`, joined to products), its ids, and its 'name' order: each level's name then its
 * id (two warehouses may share a name: each keeps its rows together, as nameOrderWalk walks them).
 */
const GROUPS: Record<ValuationGroup, { key: string; ids: string[]; levels: [name: string, id: string][] }> = {
  product: {
    key: 'h.warehouse_id, h.product_id',
    ids: ['warehouse_id', 'product_id'],
    levels: [
      ['warehouse_name', 'warehouse_id'],
      ['category_name', 'category_id'],
      ['product_name', 'product_id'],
    ],
  },
  category: {
    key: 'h.warehouse_id, p.category_id',
    ids: ['warehouse_id', 'category_id'],
    levels: [
      ['warehouse_name', 'warehouse_id'],
      ['category_name', 'category_id'],
    ],
  },
  warehouse: { key: 'h.warehouse_id', ids: ['warehouse_id'], levels: [['warehouse_name', 'warehouse_id']] },
};

/** The rows of a group with their names and average cost, from `from` (a CTE or a page of it, aliased g). */
const NAMED = sql.raw(`
  select g.warehouse_id, w.name as warehouse_name, c.id as category_id, c.name as category_name, g.product_id,
         p.productname as product_name, g.quantity::float8 as quantity, g.stock_value::float8 as stock_value,
         (case when g.quantity > 0 then round(g.stock_value / g.quantity, 2) end)::float8 as average_cost`);
const NAMES = sql.raw(`
    join warehouses w on w.id = g.warehouse_id
    left join products p on p.id = g.product_id
    left join categories c on c.id = coalesce(g.category_id, p.category_id)`);

/**
 * A page of the per-product report in name order (warehouse, category, product), walked rather than sorted by
 * stock_valuation_walk (functions/35-valuation-order.sql): one ledger probe per row the page reaches, however many
 * balances the ledger holds (naming and sorting all of them was most of the report's time).
 */
function nameOrderWalk(query: StockValuationQuery, scope: WarehouseScope, { end, warehouse, category }: Ledger): SQL {
  const warehouses = sql`array(select w.id from warehouses w
    where (${warehouse}::uuid is null or w.id = ${warehouse}::uuid) and ${warehouseFilterRaw(scope, 'w.id')})`;
  return sql`
    select y.warehouse_id, y.warehouse_name, y.category_id, y.category_name, y.product_id, y.product_name,
           y.quantity::float8 as quantity, y.stock_value::float8 as stock_value,
           (case when y.quantity > 0 then round(y.stock_value / y.quantity, 2) end)::float8 as average_cost
      from stock_valuation_walk(${end}, ${warehouses}, ${category}::uuid, ${offsetOf(query)}, ${query.limit}, ${query.order === 'desc'}) y`;
}

/**
 * The Stock valuation report: what each warehouse held at the end of a business day (India time), per product,
 * category or warehouse, with its value, from the ledger up to that instant (never from today's balances, though for
 * today the two agree to the paisa). One statement, reading as little of the ledger as its answer needs:
 * - without a category filter, the counts and totals per warehouse come from stock_daily_totals (the ledger's sums per
 *   business day and warehouse, kept in the same transaction as every ledger row): the per-warehouse report and the
 *   per-product report's totals read a few thousand of those rows, not the ledger;
 * - a page per product in name order is walked (nameOrderWalk): one ledger probe per row it reaches;
 * - otherwise (a category, an order by quantity or value, the download) the ledger is aggregated once per product and
 *   warehouse (a GroupAggregate over the covering index stock_movements_pw_idx), then grouped, totalled and paged;
 *   names are joined to the page's rows alone.
 */
export function stockValuationService(db: Db) {
  /**
   * The CTEs a report needs, and its totals as one row: `grouped` (its rows) and what it is summed from (`held`, per
   * product and warehouse, from the ledger; `daily`, per warehouse, from the daily totals). `page`: a page of the
   * per-product report in name order, which needs no rows but its walked page.
   */
  function ledger(query: StockValuationQuery, scope: WarehouseScope, now: Date, want: 'page' | 'rows'): Ledger {
    const asOf = query.as_of ?? businessDay(now);
    const end = dayStart(addDays(asOf, 1));
    const warehouse = query.warehouse_id === undefined ? null : requireRef(query.warehouse_id, 'warehouse_id', 'Warehouse');
    const category = query.category_id === undefined ? null : requireRef(query.category_id, 'category_id', 'Category');
    const base = { asOf, end, warehouse, category };
    const sumOf = (from: string, rows: string) =>
      sql.raw(`select ${rows}::int as total_rows, coalesce(sum(quantity), 0)::float8 as total_quantity,
                      coalesce(sum(stock_value), 0)::float8 as total_value from ${from}`);
    if (category === null && (query.group_by === 'warehouse' || (query.group_by === 'product' && want === 'page' && isNameOrder(query)))) {
      const daily = sql`
        daily as materialized (
          select d.warehouse_id, sum(d.held_change)::bigint as held, sum(d.quantity)::bigint as quantity,
                 sum(d.value_in - d.value_out) as stock_value
            from stock_daily_totals d
           where d.day <= ${asOf}::date and (${warehouse}::uuid is null or d.warehouse_id = ${warehouse}::uuid)
             and ${warehouseFilterRaw(scope, 'd.warehouse_id')}
           group by d.warehouse_id
          having sum(d.quantity) <> 0 or sum(d.value_in - d.value_out) <> 0
        )`;
      if (query.group_by === 'product') return { ...base, ctes: sql`with ${daily}`, totals: sumOf('daily', 'coalesce(sum(held), 0)') };
      const grouped = sql`grouped as (select warehouse_id, null::uuid as category_id, null::uuid as product_id, quantity, stock_value from daily)`;
      return { ...base, ctes: sql`with ${daily}, ${grouped}`, totals: sumOf('grouped', 'count(*)') };
    }
    const held = sql`
      held as materialized (
        select m.product_id, m.warehouse_id, sum(m.quantity)::bigint as quantity, sum(m.value_change) as stock_value
          from stock_movements m
         where m.created < ${end}
           and (${warehouse}::uuid is null or m.warehouse_id = ${warehouse}::uuid)
           and (${category}::uuid is null or m.product_id in (select p.id from products p where p.category_id = ${category}::uuid))
           and ${warehouseFilterRaw(scope, 'm.warehouse_id')}
         group by m.product_id, m.warehouse_id
        having sum(m.quantity) <> 0 or sum(m.value_change) <> 0
      )`;
    // Per product, the report's rows are `held`'s (their category comes with the names).
    const grouped =
      query.group_by === 'product'
        ? sql`grouped as (select h.warehouse_id, null::uuid as category_id, h.product_id, h.quantity, h.stock_value from held h)`
        : sql`grouped as materialized (
              select ${sql.raw(GROUPS[query.group_by].key)}, ${sql.raw(query.group_by === 'category' ? '' : 'null::uuid as category_id, ')}
                     null::uuid as product_id, sum(h.quantity)::bigint as quantity, sum(h.stock_value) as stock_value
                from held h ${sql.raw(query.group_by === 'category' ? 'join products p on p.id = h.product_id' : '')}
               group by ${sql.raw(GROUPS[query.group_by].key)})`;
    return { ...base, ctes: sql`with ${held}, ${grouped}`, totals: sumOf('grouped', 'count(*)') };
  }

  /** (A role without costs cannot reach a cost order: src/server/auth/hidden-fields.ts refuses it first.) */
  function order(query: StockValuationQuery): { byName: boolean; clause: SQL } {
    const direction = query.order === 'desc' ? 'desc' : 'asc';
    const group = GROUPS[query.group_by];
    if (!query.sort || query.sort === 'name') {
      return { byName: true, clause: sql.raw(group.levels.map(([name, id]) => `${name} ${direction}, ${id}`).join(', ')) };
    }
    const column = { quantity: 'quantity', stock_value: 'stock_value', average_cost: '(case when quantity > 0 then stock_value / quantity end)' }[query.sort];
    return { byName: false, clause: sql.raw(`${column} ${direction} nulls last, ${group.ids.join(', ')}`) };
  }

  return {
    async report(query: StockValuationQuery, scope: WarehouseScope, seesCosts: boolean, now = new Date()) {
      const ledgerOf = ledger(query, scope, now, 'page');
      const { asOf, ctes, totals: totalsOf } = ledgerOf;
      const { byName, clause } = order(query);
      const window = sql`limit ${query.limit} offset ${offsetOf(query)}`;
      const page = !byName
        ? sql`${NAMED} from (select * from grouped order by ${clause} ${window}) g ${NAMES} order by ${clause}`
        : query.group_by === 'product'
          ? nameOrderWalk(query, scope, ledgerOf)
          : sql`select * from (${NAMED} from grouped g ${NAMES}) r order by ${clause} ${window}`;
      const rows = rowsOf<Partial<ValuationRow> & Totals>(
        await db.execute(sql`
        ${ctes}
        select page.*, t.total_rows, t.total_quantity, t.total_value
          from (${totalsOf}) t
          left join lateral (${page}) page on true
         order by ${clause}`),
      );
      const totals = rows[0]!;
      return {
        as_of: asOf,
        group_by: query.group_by,
        data: rows.filter((r) => r.warehouse_id).map(({ total_rows: _n, total_quantity: _q, total_value: _v, ...row }) => row as ValuationRow),
        total: totals.total_rows,
        totals: { quantity: totals.total_quantity, stock_value: totals.total_value },
        page: query.page,
        limit: query.limit,
      };
    },

    /** Every row of the report (not a page), streamed as CSV; value columns only for a role that sees costs. */
    download(reply: FastifyReply, query: StockValuationQuery, scope: WarehouseScope, seesCosts: boolean, now = new Date()): FastifyReply {
      const { asOf, ctes } = ledger(query, scope, now, 'rows');
      const { clause } = order(query);
      const byProduct = query.group_by === 'product';
      const byCategory = byProduct || query.group_by === 'category';
      const words = downloadWords(reply);
      return sendCsvDownload<ValuationRow>(reply, db, {
        filename: `stock-valuation-${query.group_by}-${asOf}.csv`,
        header: [
          'Warehouse',
          ...(byCategory ? ['Category'] : []),
          ...(byProduct ? ['Product'] : []),
          'Quantity',
          ...(seesCosts ? ['Average cost', 'Stock value'] : []),
        ].map(words),
        query: sql`${ctes} select * from (${NAMED} from grouped g ${NAMES}) r order by ${clause}`,
        toCells: (row): CsvCell[] => [
          row.warehouse_name,
          ...(byCategory ? [row.category_name] : []),
          ...(byProduct ? [row.product_name] : []),
          row.quantity,
          ...(seesCosts ? [row.average_cost, row.stock_value] : []),
        ],
      });
    },
  };
}
