import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/** The demo's perishable categories: their subcategories are marked perishable and their products track expiry. */
export const PERISHABLE_CATEGORIES = ['Fruits & Vegetables', 'Dairy & Bakery'];

/**
 * Demo batches (issue 17), set-based, after seedStock: each record of a perishable product keeps its simulated history
 * as one batch expiring 8–40 days from today, and each well-stocked record also received two more deliveries (one
 * batch already expired, one expiring in 1–7 days), appended to the ledger. Every batch then equals the sum of its
 * ledger rows, and every record the sum of its batches, exactly as if the stock had gone through the API.
 */
export async function seedBatches(tx: DbOrTx, now: number): Promise<void> {
  const categories = sql.join(
    PERISHABLE_CATEGORIES.map((c) => sql`${c}`),
    sql`, `,
  );
  await tx.execute(sql`
    update subcategories s set perishable = true from categories c where c.id = s.category_id and c.name in (${categories})`);
  await tx.execute(sql`
    create temporary table demo_tracked on commit drop as
    select i.id, i.product_id, i.warehouse_id, i.current_stock, i.minimum_stock, i.unit_cost,
           row_number() over (order by p.productname, w.name) as n
      from inventory i join products p on p.id = i.product_id join warehouses w on w.id = i.warehouse_id
      join subcategories s on s.id = p.subcategory_id
     where s.perishable`);
  // The history so far: one batch per record (its rows carry it), most of them well ahead of expiry.
  await tx.execute(sql`
    update stock_movements m set batch_no = 'L' || lpad(t.n::text, 4, '0')
      from demo_tracked t where m.product_id = t.product_id and m.warehouse_id = t.warehouse_id`);
  await tx.execute(sql`
    insert into stock_batches (product_id, warehouse_id, batch_no, expiry_date, mfg_date, current_stock)
    select product_id, warehouse_id, 'L' || lpad(n::text, 4, '0'), stock_today() + (8 + (n * 7) % 33)::int,
           stock_today() - (5 + n % 10)::int, current_stock
      from demo_tracked`);
  // Two deliveries for the well-stocked: received 12 and 3 days ago, one expired since, one expiring within a week.
  await tx.execute(sql`
    with extra as (
      select t.*, d.k, d.days_ago, d.batch_no, d.expiry, d.quantity,
             sum(d.quantity) over (partition by t.id order by d.k) as upto
        from demo_tracked t
        cross join lateral (values
          (1, 12, 'X' || lpad(t.n::text, 4, '0'), stock_today() - (1 + t.n % 3)::int, 2 + (t.n % 4)::int),
          (2, 3, 'S' || lpad(t.n::text, 4, '0'), stock_today() + (1 + t.n % 7)::int, 4 + (t.n % 6)::int)
        ) as d(k, days_ago, batch_no, expiry, quantity)
       where t.current_stock > t.minimum_stock
    ), batches as (
      insert into stock_batches (product_id, warehouse_id, batch_no, expiry_date, mfg_date, current_stock)
      select product_id, warehouse_id, batch_no, expiry, expiry - 20, quantity from extra
      returning product_id
    ), balances as (
      update inventory i set current_stock = i.current_stock + e.total, stock_value = i.stock_value + e.worth
        from (select id, sum(quantity) as total, sum(round(quantity * unit_cost, 2)) as worth from extra group by id) e where i.id = e.id
      returning i.id
    )
    insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, performed_by, notes, batch_no, created)
    select e.product_id, e.warehouse_id, 'in', e.quantity, e.current_stock + e.upto - e.quantity, e.current_stock + e.upto,
           e.unit_cost, round(e.quantity * e.unit_cost, 2), round(e.quantity * e.unit_cost, 2), 'purchase', 'INV-B' || e.n || '-' || e.k, 'invoice',
           (select id from users where role = 'admin' order by email limit 1), 'Supplier delivery (batch)', e.batch_no,
           to_timestamp(${now / 1000}) - make_interval(days => e.days_ago)
      from extra e order by e.id, e.k`);
  await tx.execute(sql`update inventory i set tracks_expiry = true from demo_tracked t where t.id = i.id`);
  // Last: the switch's trigger finds every record already tracked and leaves it as it is.
  await tx.execute(sql`
    update products p set tracks_expiry = true from subcategories s where s.id = p.subcategory_id and s.perishable`);
}
