import { sql, type SQL } from 'drizzle-orm';
import { OUTFLOW_WINDOW_DAYS, type ReplenishmentRow } from '../../../domain/schemas/replenishment.js';
import { warehouseFilterRaw, type WarehouseScope } from '../../auth/warehouse-scope.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

const DAYS = sql.raw(String(OUTFLOW_WINDOW_DAYS));

/**
 * Outflow: units that left to be used — sales and other `out` rows, damaged goods and expired write-offs — but not a
 * transfer's rows (the stock moved to another warehouse, which counts its own sales) nor a return to a seller. Written
 * exactly as the partial index stock_movements_outflow_idx (migration 0019) says it, so the planner can use it.
 */
export const OUTFLOW = sql`m.movement_type in ('out', 'damaged') and coalesce(m.reference_type, '') not in ('transfer', 'purchase_order')`;

/**
 * Which warehouses: one (a page of suggestions) or every one in the caller's scope (the dashboard's count); and when:
 * now, or (tests of time passing) a later moment with nothing written in between.
 */
export type Place = { warehouseId?: string; scope: WarehouseScope; at?: Date };
export type Filters = { sellerId?: string; categoryId?: string };

const at = (place: Place, column: string): SQL =>
  sql`${place.warehouseId ? sql`${sql.raw(column)} = ${place.warehouseId}::uuid` : sql`true`} and ${warehouseFilterRaw(place.scope, column)}`;

/**
 * The same for the ledger: every warehouse named as a list, so the outflow index is read as one (warehouse, last 28
 * days) range per warehouse, never the whole ledger's history of outflow (a scope's condition is such a list already).
 */
const ledgerAt = (place: Place, column: string): SQL =>
  place.warehouseId || place.scope ? at(place, column) : sql`${sql.raw(column)} = any(array(select w.id from warehouses w))`;

const moment = (place: Place): SQL => (place.at ? sql`${place.at.toISOString()}::timestamptz` : sql`now()`);

/** The records `rec` reads: with reorder levels (a minimum or a maximum), in the place, passing the filters. */
function recordsWhere(place: Place, filters: Filters): SQL {
  return sql`${at(place, 'i.warehouse_id')} and (i.minimum_stock > 0 or i.maximum_stock > 0)
         ${filters.sellerId ? sql`and i.preferred_seller_id = ${filters.sellerId}::uuid` : sql``}
         ${filters.categoryId ? sql`and exists (select 1 from products fp where fp.id = i.product_id and fp.category_id = ${filters.categoryId}::uuid)` : sql``}`;
}

/** What draft, ordered and partially received purchase orders into the place still await, per warehouse and product. */
const onOrder = (place: Place): SQL => sql`
      select o.warehouse_id, l.product_id, sum(l.quantity - l.received_quantity) as units
        from purchase_orders o join purchase_orders_lines l on l.parent_id = o.id
       where ${at(place, 'o.warehouse_id')} and o.status in ('draft', 'ordered', 'partially_received')
       group by o.warehouse_id, l.product_id`;

/** What dispatched transfers into the place have not yet delivered, per warehouse and product. */
const inTransit = (place: Place): SQL => sql`
      select t.to_warehouse_id as warehouse_id, l.product_id, sum(l.dispatched - l.received - l.returned - l.damaged) as units
        from transfers t join transfer_lines l on l.transfer_id = t.id
       where ${at(place, 't.to_warehouse_id')} and t.status in ('dispatched', 'partially_received')
       group by t.to_warehouse_id, l.product_id`;

/**
 * Every inventory record with reorder levels (a minimum or a maximum) and its figures: on hand; on order (what draft,
 * ordered and partially received purchase orders into its warehouse still await: drafts count, so suggestions turned
 * into orders stop being suggested); in transit to it (dispatched transfers, not yet received); its outflow of the
 * last 28 days; and its projected stock = on hand + on order + in transit − outflow / 28 × lead time. Each aggregate
 * reads only its own warehouse's rows, through an index.
 */
function needs(place: Place, filters: Filters): SQL {
  return sql`
    rec as (
      select i.id, i.warehouse_id, i.product_id, i.current_stock, i.minimum_stock, i.maximum_stock, i.lead_time_days,
             i.order_multiple, i.preferred_seller_id
        from inventory i
       where ${recordsWhere(place, filters)}
    ),
    outflow as (
      select m.warehouse_id, m.product_id, -sum(m.quantity) as units
        from stock_movements m
       where ${ledgerAt(place, 'm.warehouse_id')} and m.created >= ${moment(place)} - interval '${DAYS} days'
         ${place.at ? sql`and m.created <= ${moment(place)}` : sql``} and ${OUTFLOW}
       group by m.warehouse_id, m.product_id
    ),
    on_order as (${onOrder(place)}),
    in_transit as (${inTransit(place)}),
    needs as (
      select r.*, coalesce(oo.units, 0) as on_order, coalesce(it.units, 0) as in_transit, coalesce(f.units, 0) as outflow,
             r.current_stock + coalesce(oo.units, 0) + coalesce(it.units, 0) - coalesce(f.units, 0) * r.lead_time_days / ${DAYS}.0 as projected
        from rec r
        left join outflow f on f.warehouse_id = r.warehouse_id and f.product_id = r.product_id
        left join on_order oo on oo.warehouse_id = r.warehouse_id and oo.product_id = r.product_id
        left join in_transit it on it.warehouse_id = r.warehouse_id and it.product_id = r.product_id
    ),
    listed as (
      -- Days of cover: none on hand is none (most urgent, whether it sells or not); no outflow is no end (null, last).
      select n.*, case when n.current_stock = 0 then 0 when n.outflow = 0 then null else n.current_stock * ${DAYS}.0 / n.outflow end as cover
        from needs n
       where n.projected <= n.minimum_stock
    )`;
}

type Row = Omit<ReplenishmentRow, 'last_purchase_cost'> & { last_purchase_cost: number | null; total: number };

/**
 * The statement in a transaction of its own settings: its estimated cost passes PostgreSQL's JIT threshold, yet it is an
 * index-only scan and a few hash joins, where compiling (50–190 ms measured at 1M movements) costs more than it saves;
 * and its hash tables (a row per product of the warehouse) fit in 32 MB instead of spilling to disk at the default 4 MB.
 */
const withSettings = <T>(db: DbOrTx, statement: (tx: DbOrTx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
    return statement(tx);
  });

/**
 * One page of a warehouse's suggestions, most urgent first: by days of cover, then product name. The whole list is
 * counted in the same statement; names, the seller and the last purchase cost are read for the page's rows only.
 * The suggested quantity brings the projected stock up to the maximum (the minimum where no maximum above it is set),
 * at least one pack, rounded up to the order multiple.
 */
export async function suggestionsPage(
  db: DbOrTx,
  place: Place & { warehouseId: string },
  filters: Filters,
  page: { limit: number; offset: number; seesCosts: boolean },
): Promise<{ rows: ReplenishmentRow[]; total: number }> {
  const rows = rowsOf<Row>(
    await withSettings(db, (tx) =>
      tx.execute(sql`
    with ${needs(place, filters)},
    paged as (
      select l.*, p.productname, p.sku, p.category_id, c.name as category_name, count(*) over () as total
        from listed l join products p on p.id = l.product_id join categories c on c.id = p.category_id
       order by l.cover asc nulls last, p.productname, l.id
       limit ${page.limit} offset ${page.offset}
    )
    select x.id as inventory_id, x.warehouse_id, x.product_id, x.productname as product_name, x.sku, x.category_id, x.category_name,
           x.current_stock as on_hand, x.on_order::int, x.in_transit::int,
           round(x.outflow / ${DAYS}.0, 2)::float8 as daily_outflow, round(x.cover, 1)::float8 as days_of_cover,
           round(x.projected, 2)::float8 as projected_stock,
           x.minimum_stock, x.maximum_stock, x.lead_time_days, x.order_multiple,
           (greatest(ceil(greatest(greatest(x.maximum_stock, x.minimum_stock) - x.projected, 0) / x.order_multiple), 1) * x.order_multiple)::int
             as suggested_quantity,
           x.preferred_seller_id, nullif(trim(u.firstname || ' ' || u.lastname), '') as preferred_seller_name,
           ${page.seesCosts ? sql`nullif(stock_entry_cost(x.product_id, null), 0)::float8` : sql`null::float8`} as last_purchase_cost,
           x.total::int
      from paged x left join users u on u.id = x.preferred_seller_id
     order by x.cover asc nulls last, x.productname, x.id`),
    ),
  );
  const total = rows[0]?.total ?? (page.offset > 0 ? await countToReorder(db, place, filters) : 0);
  return { rows: rows.map(({ total: _total, last_purchase_cost, ...row }) => (page.seesCosts ? { ...row, last_purchase_cost } : row)), total };
}

/**
 * How many records need reordering: the rows of the suggestions (the dashboard's 'Products to reorder'), without
 * working them out for every record. The reorder watch (functions/45-reorder-watch.sql) holds the records that their
 * own figures list, each until when; the records written since the last count are rewritten first, then those listed
 * at this moment are one range of its index. The few records with something on order or in transit (and any the
 * watch marks `recheck`) are worked out here exactly as the suggestions do, in integers: projected <= minimum is
 * 28 × (on hand + on order + in transit − minimum) <= outflow × lead time.
 */
export async function countToReorder(db: DbOrTx, place: Place, filters: Filters = {}): Promise<number> {
  const now = moment(place);
  const filtered = Boolean(filters.sellerId || filters.categoryId);
  const [row] = await db.transaction(async (tx) => {
    // The records written since the last count first (their marks in reorder_dirty), in this transaction.
    await tx.execute(sql`select reorder_watch_take_dirty()`);
    return rowsOf<{ n: number }>(
      await tx.execute(sql`
    with pending as (
      select warehouse_id, product_id, sum(units) as units
        from (${onOrder(place)} union all ${inTransit(place)}) p
       group by warehouse_id, product_id
    ),
    exact as (
      select i.id, coalesce(p.units, 0) as pending
        from (select p.warehouse_id, p.product_id from pending p
              union
              select r.warehouse_id, r.product_id from reorder_watch x join inventory r on r.id = x.inventory_id where x.recheck) k
        join inventory i on i.warehouse_id = k.warehouse_id and i.product_id = k.product_id
        left join pending p on p.warehouse_id = i.warehouse_id and p.product_id = i.product_id
       where ${recordsWhere(place, filters)}
    )
    select (
      select count(*) from reorder_watch x
       ${filtered ? sql`join inventory i on i.id = x.inventory_id and ${recordsWhere(place, filters)}` : sql``}
       where x.listed_until >= ${now} and not x.recheck and ${at(place, 'x.warehouse_id')}
         and not exists (select 1 from exact e where e.id = x.inventory_id)
    )::int + (
      select count(*) from exact e
        join inventory i on i.id = e.id
       cross join lateral (
         select coalesce(-sum(m.quantity), 0) as units from stock_movements m
          where m.product_id = i.product_id and m.warehouse_id = i.warehouse_id and ${OUTFLOW}
            and m.created >= ${now} - interval '${DAYS} days' ${place.at ? sql`and m.created <= ${now}` : sql``}
       ) f
       where ${DAYS} * (i.current_stock + e.pending - i.minimum_stock) <= f.units * i.lead_time_days
    )::int as n`),
    );
  });
  return row?.n ?? 0;
}
