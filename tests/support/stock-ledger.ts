import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * The stock invariants, checked straight in the database:
 * - every balance equals the sum of its ledger rows (a missing balance row counts as 0);
 * - per product and warehouse, in ledger order, each row starts where the previous one ended (the first at 0),
 *   and no row ever left the stock below 0;
 * - every balance's stock value equals the sum of its ledger rows' values, its unit cost is that value over its stock
 *   to the paisa (an empty balance holds no value), and every row's total_value is its |value_change|;
 * - the reports' daily totals (per business day, warehouse and movement type) equal the ledger's.
 */
export async function expectLedgerInvariant(db: Db): Promise<void> {
  const drift = rowsOf<{ product_id: string; warehouse_id: string; balance: number; ledger: number }>(
    await db.execute(sql`
    select coalesce(i.product_id, m.product_id) as product_id, coalesce(i.warehouse_id, m.warehouse_id) as warehouse_id,
           coalesce(i.current_stock, 0)::float8 as balance, coalesce(m.total, 0)::float8 as ledger
      from inventory i
      full join (select product_id, warehouse_id, sum(quantity) as total from stock_movements group by 1, 2) m
        on m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
     where coalesce(i.current_stock, 0) <> coalesce(m.total, 0)`),
  );
  expect(drift, 'balances that differ from the sum of their ledger rows').toEqual([]);

  const valueDrift = rowsOf<{ product_id: string; warehouse_id: string; stock_value: number; ledger: number; unit_cost: number }>(
    await db.execute(sql`
    select coalesce(i.product_id, m.product_id) as product_id, coalesce(i.warehouse_id, m.warehouse_id) as warehouse_id,
           coalesce(i.stock_value, 0)::float8 as stock_value, coalesce(m.worth, 0)::float8 as ledger, i.unit_cost::float8 as unit_cost
      from inventory i
      full join (select product_id, warehouse_id, sum(value_change) as worth from stock_movements group by 1, 2) m
        on m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
     where coalesce(i.stock_value, 0) <> coalesce(m.worth, 0)
        or (i.current_stock > 0 and i.unit_cost <> round(i.stock_value / i.current_stock, 2))
        or (i.current_stock = 0 and i.stock_value <> 0)
     limit 20`),
  );
  expect(valueDrift, 'stock values that differ from the sum of their ledger values').toEqual([]);
  const [badRows] = rowsOf<{ n: number }>(
    await db.execute(sql`
    select count(*)::int as n from stock_movements where total_value <> abs(value_change)`),
  );
  expect(badRows!.n, 'ledger rows whose total_value is not |value_change|').toBe(0);

  const broken = rowsOf<{ seq: number; stock_before: number; previous_after: number; stock_after: number }>(
    await db.execute(sql`
    select seq::float8 as seq, stock_before, previous_after, stock_after from (
      select seq, stock_before, stock_after,
             lag(stock_after, 1, 0) over (partition by product_id, warehouse_id order by seq) as previous_after
        from stock_movements) chain
     where stock_before <> previous_after or stock_after < 0
     limit 20`),
  );
  expect(broken, 'ledger rows that do not continue from the previous one').toEqual([]);

  const dailyDrift = rowsOf<{ day: string; warehouse_id: string; movement_type: string }>(
    await db.execute(sql`
    with ledger as (
      select (created at time zone 'Asia/Kolkata')::date as day, warehouse_id, movement_type, count(*) as movement_count,
             sum(quantity) as quantity, coalesce(sum(value_change) filter (where value_change > 0), 0) as value_in,
             coalesce(-sum(value_change) filter (where value_change < 0), 0) as value_out,
             count(*) filter (where stock_before = 0 and stock_after > 0) - count(*) filter (where stock_before > 0 and stock_after = 0) as held_change,
             -- The sale-purchase report's rule, written out here rather than through the function under test.
             count(*) filter (where purchase) as purchase_count, coalesce(sum(quantity) filter (where purchase), 0) as purchase_quantity,
             coalesce(sum(case when quantity < 0 then -total_value else total_value end) filter (where purchase), 0) as purchase_value,
             count(*) filter (where sale) as sale_count, coalesce(-sum(quantity) filter (where sale), 0) as sale_quantity,
             coalesce(sum(total_value) filter (where sale), 0) as sale_value
        from (select *, (movement_type = 'in' and movement_reason = 'purchase') or (movement_type = 'out' and reference_type = 'purchase_order') as purchase,
                     movement_type = 'out' and coalesce(reference_type, '') not in ('transfer', 'purchase_order') as sale
                from stock_movements) m
       group by 1, 2, 3
    )
    select to_char(coalesce(l.day, d.day), 'YYYY-MM-DD') as day, coalesce(l.warehouse_id, d.warehouse_id) as warehouse_id,
           coalesce(l.movement_type, d.movement_type) as movement_type
      from ledger l full join stock_daily_totals d
        on d.day = l.day and d.warehouse_id = l.warehouse_id and d.movement_type = l.movement_type
     where coalesce(l.movement_count, 0) <> coalesce(d.movement_count, 0) or coalesce(l.quantity, 0) <> coalesce(d.quantity, 0)
        or coalesce(l.value_in, 0) <> coalesce(d.value_in, 0) or coalesce(l.value_out, 0) <> coalesce(d.value_out, 0)
        or coalesce(l.held_change, 0) <> coalesce(d.held_change, 0)
        or (coalesce(l.purchase_count, 0), coalesce(l.purchase_quantity, 0), coalesce(l.purchase_value, 0), coalesce(l.sale_count, 0),
            coalesce(l.sale_quantity, 0), coalesce(l.sale_value, 0))
           is distinct from (coalesce(d.purchase_count, 0), coalesce(d.purchase_quantity, 0), coalesce(d.purchase_value, 0),
                             coalesce(d.sale_count, 0), coalesce(d.sale_quantity, 0), coalesce(d.sale_value, 0))
     limit 20`),
  );
  expect(dailyDrift, 'daily totals that differ from the ledger').toEqual([]);
  // Their count of balances holding stock is the balances' own (an empty balance holds no value: checked above).
  const [held] = rowsOf<{ counted: number; holding: number }>(
    await db.execute(sql`
    select (select coalesce(sum(held_change), 0) from stock_daily_totals)::int as counted,
           (select count(*) from inventory where current_stock > 0)::int as holding`),
  );
  expect(held!.counted, 'balances holding stock, as the daily totals count them').toBe(held!.holding);
  await expectBatchInvariant(db);
  await expectTransferInvariant(db);
  await expectReorderWatchInvariant(db);
  await expectStockTotalsInvariant(db);
  await expectExpiryTotalsInvariant(db);
}

/**
 * The expiry totals (issue 33, functions/47-expiry-totals.sql): once the records written since the last reader are
 * rewritten, as a reader does, each warehouse's day holds its batches with stock and an expiry date, their units and
 * their value at their records' figures (stock_value_of, as the expiry report values a batch); each record's rows hold
 * its own; the days add up their records'.
 */
export async function expectExpiryTotalsInvariant(db: Db): Promise<void> {
  await db.execute(sql`select expiry_totals_take_dirty()`);
  const drift = rowsOf<{ warehouse_id: string; expiry_date: string }>(
    await db.execute(sql`
    with batches as (
      select b.warehouse_id, b.expiry_date, count(*) as batches, sum(b.current_stock) as quantity,
             sum(case when b.current_stock >= i.current_stock then i.stock_value
                      else round(i.stock_value * b.current_stock / i.current_stock, 2) end) as value
        from stock_batches b join inventory i on i.product_id = b.product_id and i.warehouse_id = b.warehouse_id
       where b.current_stock > 0 and b.expiry_date is not null
       group by 1, 2
    ),
    records as (select warehouse_id, expiry_date, sum(batches) as batches, sum(quantity) as quantity, sum(stock_value) as value
                  from expiry_record_totals group by 1, 2)
    select coalesce(b.warehouse_id, t.warehouse_id)::text as warehouse_id, coalesce(b.expiry_date, t.expiry_date)::text as expiry_date,
           b.batches, t.batches as kept_batches, b.quantity, t.quantity as kept_quantity, b.value::text, t.stock_value::text as kept_value,
           r.batches as record_batches, r.value::text as record_value
      from batches b
      full join expiry_totals t on t.warehouse_id = b.warehouse_id and t.expiry_date = b.expiry_date
      full join records r on r.warehouse_id = coalesce(b.warehouse_id, t.warehouse_id) and r.expiry_date = coalesce(b.expiry_date, t.expiry_date)
     where (coalesce(b.batches, 0), coalesce(b.quantity, 0), coalesce(b.value, 0))
           is distinct from (coalesce(t.batches, 0), coalesce(t.quantity, 0), coalesce(t.stock_value, 0))
        or (coalesce(r.batches, 0), coalesce(r.value, 0)) is distinct from (coalesce(t.batches, 0), coalesce(t.stock_value, 0))
     limit 20`),
  );
  expect(drift, 'warehouse days whose kept expiry totals differ from their batches').toEqual([]);
}

/**
 * The stock totals (issue 33, functions/46-stock-totals.sql): once what is pending is folded in, as a reader does, each
 * warehouse's kept records, low-stock and empty records and stock value are its records' own sums; a warehouse without
 * records keeps zeros or no row.
 */
export async function expectStockTotalsInvariant(db: Db): Promise<void> {
  await db.execute(sql`select stock_totals_take_pending()`);
  const drift = rowsOf<{ warehouse_id: string }>(
    await db.execute(sql`
    with records as (
      select warehouse_id, count(*) as records, count(*) filter (where current_stock <= minimum_stock) as low,
             count(*) filter (where current_stock = 0) as empty, sum(stock_value) as value
        from inventory group by warehouse_id
    )
    select coalesce(r.warehouse_id, t.warehouse_id)::text as warehouse_id, r.records, t.records as kept_records, r.low, t.low_stock,
           r.empty, t.out_of_stock, r.value::text, t.stock_value::text as kept_value
      from records r full join stock_totals t on t.warehouse_id = r.warehouse_id
     where (coalesce(r.records, 0), coalesce(r.low, 0), coalesce(r.empty, 0), coalesce(r.value, 0))
           is distinct from (coalesce(t.records, 0), coalesce(t.low_stock, 0), coalesce(t.out_of_stock, 0), coalesce(t.stock_value, 0))
     limit 20`),
  );
  expect(drift, 'warehouses whose kept stock totals differ from their records').toEqual([]);
}

/**
 * The reorder watch (issue 33, functions/45-reorder-watch.sql) holds, for every record with reorder levels that its own
 * figures list now (28 × (stock − minimum) <= outflow of the last 28 days × lead time), the moment it stops being listed:
 * the earliest created + 28 days of an outflow row after whose leaving (with the rows before it) what is left is too
 * small; never, when none is. Recomputed here row by row (correlated sums, not the function's window sums). A row kept
 * for a moment already past is stale but harmless: counting reads only rows listed now. Checked as a count reads it,
 * once the records written since the last one (reorder_dirty) are rewritten.
 */
export async function expectReorderWatchInvariant(db: Db): Promise<void> {
  // As a count reads it: the records written since the last count rewritten first.
  await db.execute(sql`select reorder_watch_take_dirty()`);
  const drift = rowsOf<{ id: string; expected: string | null; kept: string | null }>(
    await db.execute(sql`
    with outflow as (
      select i.id, m.created, -m.quantity as units
        from inventory i join stock_movements m on m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
       where m.created >= now() - interval '28 days' and m.movement_type in ('out', 'damaged')
         and coalesce(m.reference_type, '') not in ('transfer', 'purchase_order')
    ),
    expected as (
      select i.id,
             (select min(o.created) + interval '28 days' from outflow o
               where o.id = i.id
                 and 28 * (i.current_stock - i.minimum_stock) > i.lead_time_days * coalesce((select sum(l.units) from outflow l where l.id = i.id and l.created > o.created), 0)) as until
        from inventory i
       where (i.minimum_stock > 0 or i.maximum_stock > 0)
         and 28 * (i.current_stock - i.minimum_stock) <= i.lead_time_days * coalesce((select sum(o.units) from outflow o where o.id = i.id), 0)
    ),
    kept as (select inventory_id as id, listed_until from reorder_watch where listed_until >= now() and not recheck)
    select coalesce(e.id, k.id)::text as id, coalesce(e.until, 'infinity')::text as expected, k.listed_until::text as kept
      from expected e full join kept k on k.id = e.id
     where e.id is null or k.id is null or coalesce(e.until, 'infinity') <> k.listed_until
     limit 20`),
  );
  expect(drift, 'records the reorder watch lists otherwise than their figures do').toEqual([]);
}

/**
 * Transfers (issue 18): per transfer line, the ledger rows referencing the transfer account for every unit: `out` rows
 * = −dispatched, `in` rows = received + returned + damaged, `damaged` rows = −damaged, so what the transfer shows in
 * transit (dispatched − received − returned − damaged) is exactly what left a warehouse and reached none; so are values:
 * `out` rows' values = −dispatched_value, `in` rows' = settled_value, and what is still in transit is worth the rest. A draft
 * has moved nothing, a dispatched line moved its whole quantity, a received or cancelled transfer has nothing in
 * transit, and a line's batches add up to the line.
 */
export async function expectTransferInvariant(db: Db): Promise<void> {
  const lines = rowsOf<{ transfer_id: string; product_id: string; status: string }>(
    await db.execute(sql`
    select l.transfer_id, l.product_id, t.status
      from transfer_lines l join transfers t on t.id = l.transfer_id
      left join (select reference_id, product_id,
                        coalesce(sum(quantity) filter (where movement_type = 'out'), 0) as out_units,
                        coalesce(sum(quantity) filter (where movement_type = 'in'), 0) as in_units,
                        coalesce(sum(quantity) filter (where movement_type = 'damaged'), 0) as damaged_units,
                        coalesce(sum(value_change) filter (where movement_type = 'out'), 0) as out_value,
                        coalesce(sum(value_change) filter (where movement_type = 'in'), 0) as in_value,
                        count(*) filter (where movement_type not in ('in', 'out', 'damaged')) as other
                   from stock_movements where reference_type = 'transfer' group by 1, 2) m
        on m.reference_id = l.transfer_id::text and m.product_id = l.product_id
      left join (select transfer_id, product_id, sum(dispatched) as dispatched, sum(received) as received,
                        sum(returned) as returned, sum(damaged) as damaged
                   from transfer_batches group by 1, 2) b
        on b.transfer_id = l.transfer_id and b.product_id = l.product_id
     where coalesce(m.out_units, 0) <> -l.dispatched
        or coalesce(m.in_units, 0) <> l.received + l.returned + l.damaged
        or coalesce(m.damaged_units, 0) <> -l.damaged
        or coalesce(m.other, 0) <> 0
        or coalesce(m.out_value, 0) <> -l.dispatched_value or coalesce(m.in_value, 0) <> l.settled_value
        or (l.dispatched - l.received - l.returned - l.damaged = 0 and l.settled_value <> l.dispatched_value)
        or l.dispatched - l.received - l.returned - l.damaged < 0
        or (t.status = 'draft' and l.dispatched <> 0)
        or (t.status in ('dispatched', 'partially_received', 'received') and l.dispatched <> l.quantity)
        or (t.status in ('received', 'cancelled') and l.dispatched - l.received - l.returned - l.damaged <> 0)
        or (b.transfer_id is not null and (b.dispatched, b.received, b.returned, b.damaged)
              <> (l.dispatched, l.received, l.returned, l.damaged))
     limit 20`),
  );
  expect(lines, 'transfer lines whose units are not all accounted for by the ledger').toEqual([]);
}

/** Units in transit now, per product (dispatched and not yet received, returned or written off). */
export async function inTransitOf(db: Db, productId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
    select coalesce(sum(dispatched - received - returned - damaged), 0)::int as n from transfer_lines where product_id = ${productId}::uuid`),
  );
  return row!.n;
}

/**
 * Batches (issue 17): a record that tracks expiry equals the sum of its batches, each batch equals the sum of the
 * ledger rows carrying it (rows without a batch count towards 'OPENING'; a row that moved several batches counts by its
 * stock_movement_batches), no batch is negative, and a record that does not track expiry has no batches. A ledger
 * row's split adds up to the row.
 */
export async function expectBatchInvariant(db: Db): Promise<void> {
  const records = rowsOf<{ id: string; current_stock: number; batches: number | null }>(
    await db.execute(sql`
    select i.id, i.current_stock, b.total::float8 as batches
      from inventory i
      left join (select product_id, warehouse_id, sum(current_stock) as total from stock_batches group by 1, 2) b
        on b.product_id = i.product_id and b.warehouse_id = i.warehouse_id
     where (i.tracks_expiry and i.current_stock <> coalesce(b.total, 0)) or (not i.tracks_expiry and b.total is not null)`),
  );
  expect(records, 'records that differ from the sum of their batches (or hold batches untracked)').toEqual([]);
  const batches = rowsOf<{ batch_no: string; current_stock: number; ledger: number }>(
    await db.execute(sql`
    select b.batch_no, b.current_stock, coalesce(l.total, 0)::float8 as ledger
      from stock_batches b
      left join (select product_id, warehouse_id, batch_no, sum(quantity) as total
                   from stock_ledger_batches group by 1, 2, 3) l
        on l.product_id = b.product_id and l.warehouse_id = b.warehouse_id and l.batch_no = b.batch_no
     where b.current_stock <> coalesce(l.total, 0) or b.current_stock < 0
     limit 20`),
  );
  expect(batches, 'batches that differ from the sum of their ledger rows').toEqual([]);
  const splits = rowsOf<{ id: string }>(
    await db.execute(sql`
    select m.id from stock_movements m join stock_movement_batches s on s.movement_id = m.id
     group by m.id, m.quantity having m.quantity <> sum(s.quantity) limit 20`),
  );
  expect(splits, 'ledger rows whose batch split does not add up to the row').toEqual([]);
}

/** A balance straight from the table (0 when there is no row). */
export async function balanceOf(db: Db, productId: string, warehouseId: string): Promise<number> {
  const [row] = rowsOf<{ stock: number }>(
    await db.execute(sql`
    select current_stock as stock from inventory where product_id = ${productId}::uuid and warehouse_id = ${warehouseId}::uuid`),
  );
  return row?.stock ?? 0;
}

export async function movementCount(db: Db, where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock_movements where ${where}`));
  return row!.n;
}
