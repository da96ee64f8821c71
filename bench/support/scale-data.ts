/**
 * Data at a real business's size, in set-based SQL (generate_series), shared by the benches: N products, a city
 * 'Benchpur' with W warehouses — the first holds EVERY product (the 100k-product warehouse), each product is also
 * in one other — and M ledger rows spread over the last D days, each balance (stock and value, at one unit cost per
 * balance) equal to the sum of its rows, exactly as if they had gone through the API. Runs on top of the demo data (users, categories, cities).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';

/**
 * `bulkMemory`: sorts and index builds in up to 256/512 MB. On PostgreSQL that is the server's memory, given back; on
 * PGlite it would be this process's heap, which never shrinks.
 */
export type ScaleOptions = { products: number; warehouses?: number; movements?: number; days?: number; bulkMemory?: boolean };
/** `steps`: seconds each part of the build took, in order. */
export type ScaleData = { cityId: string; bigWarehouseId: string; adminId: string; pairs: number; movements: number; steps: [string, number][] };

const one = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(query))[0]!;

export async function buildScaleData(database: Db, options: ScaleOptions): Promise<ScaleData> {
  // One transaction on one connection: its bulk settings (set local) and its temporary table hold for every statement.
  const built = await database.transaction((tx) => build(tx, options));
  // A database in use has been vacuumed by autovacuum: its visibility map lets counts and id pages use index-only scans.
  const t0 = performance.now();
  await database.execute(sql`vacuum analyze`);
  built.steps.push(['vacuum analyze', (performance.now() - t0) / 1000]);
  return built;
}

async function build(db: DbOrTx, options: ScaleOptions): Promise<ScaleData> {
  // Sorts (the ledger's running balances) and index builds in memory rather than in temporary files.
  if (options.bulkMemory) await db.execute(sql`select set_config('work_mem', '256MB', true), set_config('maintenance_work_mem', '512MB', true)`);
  const { products: N, warehouses: W = 100, movements: M = 0, days: D = 120 } = options;
  const steps: [string, number][] = [];
  let lapStart = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    steps.push([name, (now - lapStart) / 1000]);
    lapStart = now;
  };
  const { adminId } = await one<{ adminId: string }>(db, sql`select id as "adminId" from users where role = 'admin' order by created limit 1`);

  // Names from a word list, one rare word ('Saffron') every 997th product.
  await db.execute(sql`
    insert into products (productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price,
      product_description, unit, unit_value, created)
    select
      (array['Basmati Rice','Toned Milk','Wheat Atta','Toor Dal','Mustard Oil','Marie Biscuits','Green Tea','Neem Soap',
             'Floor Cleaner','Potato Chips'])[1 + i % 10] || ' ' || case when i % 997 = 0 then 'Saffron ' else '' end || 'No. ' || i,
      'उत्पाद ' || i, s.category_id, s.id, 'Brand ' || (i % 300), 10 + (i % 500), 9 + (i % 500), 'Bench product ' || i,
      'pcs', '1', now() - make_interval(secs => i)
    from generate_series(1, ${N}) as i
    join (select id, category_id, row_number() over (order by id) - 1 as k from subcategories) s
      on s.k = i % (select count(*) from subcategories)`);

  lap('products');
  const { cityId } = await one<{ cityId: string }>(
    db,
    sql`
    insert into cities (name, state, district, pincode) values ('Benchpur', 'Maharashtra', 'Benchpur', '411999') returning id as "cityId"`,
  );
  await db.execute(sql`
    insert into warehouses (name, city_id, address, contact_person, contact_phone, contact_email)
    select 'Bench Warehouse ' || lpad(i::text, 3, '0'), ${cityId}::uuid, 'Plot ' || i, 'Bench Manager', '+91 90000 00000', 'bench@example.com'
      from generate_series(1, ${W}) as i`);
  const { bigWarehouseId } = await one<{ bigWarehouseId: string }>(
    db,
    sql`
    select id as "bigWarehouseId" from warehouses where city_id = ${cityId}::uuid order by name limit 1`,
  );

  // Balance pairs: every bench product in the first warehouse, and in one of the others.
  await db.execute(sql`
    create temp table bench_pairs as
    with w as (select id, row_number() over (order by name) as k from warehouses where city_id = ${cityId}::uuid),
         p as (select id, price, row_number() over (order by created desc, id) as n from products where product_description like 'Bench product %')
    select row_number() over (order by p.n, w.k) as r, p.id as product_id, w.id as warehouse_id, p.price as unit_cost
      from p join w on w.k = 1 or w.k = 2 + p.n % greatest(${W} - 1, 1)`);
  const { pairs } = await one<{ pairs: number }>(db, sql`select count(*)::int as pairs from bench_pairs`);
  lap('warehouses and pairs');

  if (M > 0) {
    // A bulk load builds the ledger's secondary indexes once at the end instead of row by row (about twice as fast):
    // every index that is not a constraint's, dropped and recreated exactly as the migrations defined it.
    const secondary = rowsOf<{ name: string; definition: string }>(
      await db.execute(sql`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = 'stock_movements'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
    );
    for (const index of secondary) await db.execute(sql.raw(`drop index "${index.name}"`));
    // Movement n belongs to pair 1 + (n-1) % P and is that pair's j-th, later in time than its (j-1)-th: an opening
    // 'in' of 500+, then mostly small sales, some purchases, returns, damaged goods and adjustments.
    await db.execute(sql`
      insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
        total_value, value_change, movement_reason, reference_id, reference_type, performed_by, notes, created)
      select product_id, warehouse_id, movement_type, quantity, stock_after - quantity, stock_after, unit_cost,
             round(abs(quantity) * unit_cost, 2), sign(quantity) * round(abs(quantity) * unit_cost, 2), movement_reason,
             'BENCH-' || n, 'manual', ${adminId}::uuid, '', created
        from (
          select m.*, sum(quantity) over (partition by r order by j) as stock_after
            from (
              select n, j, bp.r, bp.product_id, bp.warehouse_id, bp.unit_cost, kind.movement_type, kind.quantity,
                     case kind.movement_type when 'in' then 'purchase' when 'return' then 'return'
                                             when 'adjustment' then 'adjustment' end as movement_reason,
                     now() - make_interval(days => ${D}) + make_interval(secs => (j - 1 + ((n::bigint * 7919) % 1000) / 1000.0) * ${D} * 86400.0 / per_pair) as created
                from (select n, 1 + (n - 1) % ${pairs} as r, 1 + (n - 1) / ${pairs} as j, ceil(${M}::numeric / ${pairs}) as per_pair
                        from generate_series(1, ${M}) as n) g
                join bench_pairs bp on bp.r = g.r
                cross join lateral (
                  select case when j = 1 then 'in' else (array['out','out','out','out','out','in','in','return','damaged','adjustment'])[1 + (g.r + j) % 10] end as movement_type
                ) t
                cross join lateral (
                  select t.movement_type, case
                    when j = 1 then 500 + (g.r % 100)::int
                    when t.movement_type = 'out' then -(1 + (n % 5))::int
                    when t.movement_type = 'in' then (5 + n % 20)::int
                    when t.movement_type = 'return' then (1 + n % 3)::int
                    when t.movement_type = 'damaged' then -1
                    else (case when n % 2 = 0 then 2 else -2 end) end as quantity
                ) kind
            ) m
        ) s
       order by n`);
    lap('ledger rows');
    for (const index of secondary) await db.execute(sql.raw(index.definition));
    lap('ledger indexes');
  }
  await db.execute(sql`
    insert into inventory (product_id, warehouse_id, current_stock, stock_value, minimum_stock, maximum_stock, unit_cost, location)
    select bp.product_id, bp.warehouse_id, s.stock, s.stock * bp.unit_cost, 20, 500, bp.unit_cost, 'Rack ' || (bp.r % 50)
      from bench_pairs bp
      left join (select product_id, warehouse_id, sum(quantity)::int as total from stock_movements
                  where reference_id like 'BENCH-%' group by 1, 2) l
        on l.product_id = bp.product_id and l.warehouse_id = bp.warehouse_id
      cross join lateral (select coalesce(l.total, (hashtext(bp.product_id::text) & 255) % 120) as stock) s`);
  await db.execute(sql`drop table bench_pairs`);
  lap('balances');
  return { cityId, bigWarehouseId, adminId, pairs, movements: M, steps };
}
