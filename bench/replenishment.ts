/**
 * Replenishment (issue 31) at a store's size, on PostgreSQL and on PGlite: a warehouse holding 100k products with 1M
 * ledger rows in the last 28 days (the scale generator's mix: sales, purchases, returns, damaged goods, adjustments),
 * reorder settings on every record (lead times, packs, ten preferred sellers, ~12% below their levels) and 100 open
 * purchase orders. Times GET /replenishment (the first page of 50, and a few other views) beside ONE raw aggregate of
 * the same 28-day outflow, sampled alternately; target ≤ 3×. Then POST /replenishment/orders with 1,000 suggested lines
 * over the ten sellers, three times; target < 2 s.
 *
 *   npm run bench:replenishment -- [--movements 1000000] [--products 100000] [--runs 9] [--db postgres,pglite]
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { ReplenishmentAnswer } from '../src/domain/schemas/replenishment.js';
import type { Db } from '../src/server/db/client.js';
import { rowsOf } from '../src/server/db/rows.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timePair, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';
import { countToReorder } from '../src/server/services/replenishment/suggestions.js';

const { values } = parseArgs({
  options: {
    movements: { type: 'string', default: '1000000' },
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '9' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
});
const M = Number(values.movements);
const N = Number(values.products);
const RUNS = Number(values.runs);
const PAGE_TARGET = 3;
const ORDER_TARGET_MS = 2000;
const SELLERS = 10;

/** The baseline: one aggregate of the warehouse's outflow over the same 28 days, nothing else. */
const RAW = `select product_id, -sum(quantity) as units from stock_movements
  where warehouse_id = $1 and created >= now() - interval '28 days'
    and movement_type in ('out', 'damaged') and coalesce(reference_type, '') not in ('transfer', 'purchase_order')
  group by product_id`;

/** The same aggregate summed in the database: its reading of the index without sending 100k rows to the client. */
const RAW_SUMMED = `select count(*), sum(units) from (${RAW}) s`;

/** p50s of several ways to do one thing, sampled in turn (a, b, c, a, b, c...) so each sees the same load. */
async function timeEach(fns: (() => Promise<unknown>)[], runs: number, warmup = 2): Promise<number[]> {
  const samples = fns.map((): number[] => []);
  for (let i = 0; i < runs + warmup; i++) {
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      if (i >= warmup) samples[k]!.push(performance.now() - t0);
    }
  }
  return samples.map((xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
}

/** Ten sellers, reorder settings on every record of the warehouse, and 100 open purchase orders of 20 lines into it. */
async function replenishmentSettings(db: Db, warehouseId: string): Promise<void> {
  await db.execute(sql`
    insert into users (firstname, lastname, email, phonenumber, password_hash, address, city_id, role)
    select 'Bench', 'Seller ' || i, 'bench.seller' || lpad(i::text, 2, '0') || '@example.com', '+91 95000 000' || lpad(i::text, 2, '0'),
           u.password_hash, 'Plot ' || i, u.city_id, 'seller'
      from generate_series(1, ${SELLERS}) as i cross join (select password_hash, city_id from users where role = 'admin' limit 1) u`);
  const h = sql.raw('(hashtext(i.id::text) & 2147483647)');
  await db.execute(sql`
    with s as (select id, (row_number() over (order by email) - 1)::int as k from users where email like 'bench.seller%')
    update inventory i set
      lead_time_days = ${h} % 15,
      order_multiple = (array[1, 6, 12, 24])[1 + ${h} % 4],
      preferred_seller_id = s.id,
      minimum_stock = case when ${h} % 100 < 12 then i.current_stock + 5 else greatest(i.current_stock / 5, 1) end,
      maximum_stock = 4 * (case when ${h} % 100 < 12 then i.current_stock + 5 else greatest(i.current_stock / 5, 1) end) + 50
      from s
     where i.warehouse_id = ${warehouseId}::uuid and s.k = (hashtext(i.product_id::text) & 2147483647) % ${SELLERS}`);
  await db.execute(sql`
    insert into purchase_orders (number, seller_id, warehouse_id, expected_on, status)
    select 'PO-BENCH-' || lpad(g::text, 5, '0'), s.id, ${warehouseId}::uuid, current_date + 7, 'ordered'
      from generate_series(1, 100) as g
      join (select id, (row_number() over (order by email) - 1)::int as k from users where email like 'bench.seller%') s on s.k = g % ${SELLERS}`);
  await db.execute(sql`
    insert into purchase_orders_lines (parent_id, position, product_id, quantity, unit_cost)
    select o.id, x.pos, p.id, 24, 10
      from (select id, row_number() over (order by number) as n from purchase_orders where number like 'PO-BENCH-%') o
      cross join generate_series(0, 19) as x(pos)
      join (select id, row_number() over (order by id) as r from products where product_description like 'Bench product %') p
        on p.r = o.n * 20 + x.pos`);
  await db.execute(sql`vacuum analyze`);
}

type Line = { db: Kind; scenario: string; api: number; sql: number; summed: number; rows: number };
const lines: Line[] = [];
const orderRuns: { db: Kind; ms: number; lines: number; orders: number }[] = [];
const dashboards: { db: Kind; dashboard: number; count: number }[] = [];

try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const bench = await openBenchDb(kind);
    const { app, get, post } = await benchApi(bench.database);
    const db = bench.database.db;
    const scale = await buildScaleData(db, { products: N, warehouses: 1, movements: M, days: 28 });
    await replenishmentSettings(db, scale.bigWarehouseId);
    const w = scale.bigWarehouseId;
    const [mix] = rowsOf<{ outflow: number }>(
      await db.execute(sql`
      select count(*)::int as outflow from stock_movements
       where warehouse_id = ${w}::uuid and created >= now() - interval '28 days' and movement_type in ('out', 'damaged')`),
    );
    console.log(
      `${kind}: ${N.toLocaleString('en-IN')} products in one warehouse, ${M.toLocaleString('en-IN')} movements (${mix!.outflow.toLocaleString('en-IN')} outflow rows in the window) built in ${seconds(t0)}`,
    );

    const [seller] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email like 'bench.seller%' order by email limit 1`));
    const [category] = rowsOf<{ id: string }>(
      await db.execute(sql`select category_id as id from products where product_description like 'Bench product %' limit 1`),
    );
    const scenarios: [string, string][] = [
      ['first page, 50 rows', `limit=50`],
      ['page 20, 50 rows', `limit=50&page=20`],
      ['one preferred seller', `limit=50&seller_id=${seller!.id}`],
      ['one category', `limit=50&category_id=${category!.id}`],
    ];
    for (const [scenario, query] of scenarios) {
      const url = `/api/replenishment?warehouse_id=${w}&${query}`;
      const first = await get(url);
      if (first.status !== 200) throw new Error(`${url} → ${first.status} ${first.body}`);
      const [api, raw, summed] = await timeEach(
        [() => get(url), () => bench.raw([{ text: RAW, params: [w] }]), () => bench.raw([{ text: RAW_SUMMED, params: [w] }])],
        RUNS,
      );
      const total = (JSON.parse(first.body) as ReplenishmentAnswer).total;
      lines.push({ db: kind, scenario, api: api!, sql: raw!, summed: summed!, rows: total });
      console.log(
        `  ${scenario.padEnd(24)} API ${ms(api!)} ms   raw aggregate ${ms(raw!)} ms (summed in the database ${ms(summed!)} ms)   ${total.toLocaleString('en-IN')} to reorder`,
      );
    }

    // The dashboard counts the products to reorder over every warehouse (here the one): its cost beside the page's.
    const [dashboard, count] = await timePair(
      () => get('/api/dashboard/summary'),
      () => countToReorder(db, { scope: null }),
      RUNS,
    );
    dashboards.push({ db: kind, dashboard: dashboard.p50, count: count.p50 });
    console.log(`  dashboard summary        ${ms(dashboard.p50)} ms   (its count of products to reorder alone ${ms(count.p50)} ms)`);

    // 1,000 suggested lines (the first 1,000 at that moment: the previous orders took theirs off the list).
    for (let run = 0; run < 3; run++) {
      const picked: { product_id: string; quantity: number }[] = [];
      for (let page = 1; picked.length < 1000; page++) {
        const res = JSON.parse((await get(`/api/replenishment?warehouse_id=${w}&limit=100&page=${page}`)).body) as ReplenishmentAnswer;
        picked.push(...res.data.map((r) => ({ product_id: r.product_id, quantity: r.suggested_quantity })));
        if (res.data.length < 100) break;
      }
      if (!picked.length) break;
      const body = { warehouse_id: w, lines: picked.slice(0, 1000) };
      const o0 = performance.now();
      const res = await post('/api/replenishment/orders', body, { 'idempotency-key': crypto.randomUUID() });
      const took = performance.now() - o0;
      if (res.status !== 201) throw new Error(`POST /replenishment/orders → ${res.status} ${res.body.slice(0, 500)}`);
      const orders = (JSON.parse(res.body) as { orders: unknown[] }).orders.length;
      orderRuns.push({ db: kind, ms: took, lines: body.lines.length, orders });
      console.log(`  orders from ${body.lines.length} lines: ${orders} drafts in ${ms(took)} ms`);
    }
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
}

console.log(
  `\nGET /replenishment, one warehouse of ${N.toLocaleString('en-IN')} products, ${M.toLocaleString('en-IN')} movements in 28 days: p50 of ${RUNS} runs (ms)`,
);
console.log(
  `${'database'.padEnd(9)} ${'view'.padEnd(24)} ${'API'.padStart(8)} ${'raw agg'.padStart(8)}  API/raw  target     ${'summed'.padStart(8)}  API/summed`,
);
for (const l of lines) {
  const ratio = l.api / l.sql;
  console.log(
    `${l.db.padEnd(9)} ${l.scenario.padEnd(24)} ${ms(l.api)} ${ms(l.sql)}  ${ratio.toFixed(2).padStart(6)}x  ≤ ${PAGE_TARGET}x ${ratio <= PAGE_TARGET ? 'met   ' : 'MISSED'} ${ms(l.summed)}  ${(l.api / l.summed).toFixed(2).padStart(6)}x`,
  );
}
for (const d of dashboards)
  console.log(`${d.db.padEnd(9)} GET /dashboard/summary ${ms(d.dashboard)} ms, of which the products-to-reorder count ${ms(d.count)} ms`);
console.log(`\nPOST /replenishment/orders (ms)`);
for (const kind of new Set(orderRuns.map((r) => r.db))) {
  const runs = orderRuns.filter((r) => r.db === kind);
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${kind.padEnd(9)} ${runs.map((r) => `${r.lines} lines → ${r.orders} orders ${r.ms.toFixed(0)}`).join(' · ')}   median ${median.toFixed(0)}  < ${ORDER_TARGET_MS} ${sorted.at(-1)! < ORDER_TARGET_MS ? 'met' : 'MISSED'}`,
  );
}
