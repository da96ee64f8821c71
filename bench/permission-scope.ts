/**
 * Warehouse scope's cost (issue 15): the inventory list and the inventory report for a user whose role sees every
 * warehouse beside the same screens for one whose role sees only their assigned warehouses (scope 'assigned', a
 * semi-join on user_warehouses in SQL), on 100k inventory rows. Both users have the same grants and the same
 * assigned warehouses (the 50k-product warehouse and 9 others); the requests are sampled alternately, so both see
 * the same machine load and their ratio holds. Target: assigned / all ≤ 1.1.
 *
 *   npm run bench:scope -- [--rows 100000] [--movements 300000] [--runs 15] [--db postgres,pglite]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { WAREHOUSE_SCOPED } from '../src/domain/policy.js';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { rowsOf } from '../src/server/db/rows.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timePair, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    movements: { type: 'string', default: '300000' },
    runs: { type: 'string', default: '15' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
});
const ROWS = Number(values.rows);
const M = Number(values.movements);
const RUNS = Number(values.runs);
/** Each bench product has a balance in the big warehouse and in one other: two rows a product. */
const PRODUCTS = Math.ceil(ROWS / 2);
const ASSIGNED = 10;
const TARGET = 1.1;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Line = { db: Kind; scenario: string; all: number; assigned: number; rowsAll: number; rowsAssigned: number };
const lines: Line[] = [];

try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const bench = await openBenchDb(kind);
    const { app } = await benchApi(bench.database);
    const db = bench.database.db;
    const scale = await buildScaleData(db, { products: PRODUCTS, movements: M, days: 120 });

    // Two users with the warehouse-user's grants and the same 10 warehouses: one role sees all, the other 'assigned'.
    await db.execute(sql`insert into role_settings (role, may_sign_in, label) values ('bench-scoped', true, 'Bench scoped')`);
    await db.execute(
      sql`insert into role_permissions (role, resource, action) select 'bench-scoped', resource, action from role_permissions where role = 'warehouse-user'`,
    );
    for (const resource of WAREHOUSE_SCOPED) {
      await db.execute(sql`insert into role_scopes (role, resource, scope) values ('bench-scoped', ${resource}, 'assigned')`);
    }
    const [wh] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = 'warehouse@demo.local'`));
    const [scoped] = rowsOf<{ id: string }>(
      await db.execute(sql`
      insert into users (firstname, lastname, email, phonenumber, password_hash, role, status)
      values ('Scoped', 'Bench', 'scoped@bench.local', '9000099999', 'x', 'bench-scoped', 'active') returning id`),
    );
    await db.execute(sql`delete from user_warehouses where user_id = ${wh!.id}::uuid`);
    for (const user of [wh!.id, scoped!.id]) {
      await db.execute(sql`
        insert into user_warehouses (user_id, warehouse_id)
        select ${user}::uuid, id from warehouses where city_id = ${scale.cityId}::uuid order by name limit ${ASSIGNED}`);
    }
    await db.execute(sql`analyze user_warehouses`);
    const [{ n: inventoryRows } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from inventory`));
    console.log(`${kind}: ${inventoryRows.toLocaleString('en-IN')} inventory rows, ${M.toLocaleString('en-IN')} movements built in ${seconds(t0)}`);

    const signer = createTokenSigner('bench-secret-bench-secret-bench-secret');
    const tokenAll = await signer.sign({ sub: wh!.id, role: 'warehouse-user', firstname: 'All', sv: 0 });
    const tokenAssigned = await signer.sign({ sub: scoped!.id, role: 'bench-scoped', firstname: 'Scoped', sv: 0 });
    const get = async (url: string, token: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      return res.json() as { total?: number; summary?: { total_products: number } | null; inventory_items?: unknown[] | null };
    };

    const scenarios: [string, string][] = [
      ['inventory list, page 1', '/api/inventory?page=1&limit=10'],
      ['inventory list, page 50, by stock', '/api/inventory?page=50&limit=10&sort=current_stock&order=desc'],
      ['inventory list, name search', '/api/inventory?product_name=Saffron&limit=10'],
      ['inventory list, low stock only', '/api/inventory?low_stock_only=true&limit=10'],
      ['report summary, 30 days', `/api/inventory/report?report_type=summary&start_date=${day(-30)}&end_date=${day(0)}`],
      ['report detailed, 100 rows', `/api/inventory/report?report_type=detailed&limit=100&start_date=${day(-30)}&end_date=${day(0)}`],
      ['report movements, 90 days', `/api/inventory/report?report_type=movements&start_date=${day(-90)}&end_date=${day(0)}`],
      ['dashboard', '/api/dashboard/summary'],
    ];
    for (const [scenario, url] of scenarios) {
      const a = await get(url, tokenAll);
      const b = await get(url, tokenAssigned);
      const [all, assigned] = await timePair(
        () => get(url, tokenAll),
        () => get(url, tokenAssigned),
        RUNS,
      );
      const count = (r: typeof a) => r.total ?? r.summary?.total_products ?? r.inventory_items?.length ?? 0;
      lines.push({ db: kind, scenario, all: all.p50, assigned: assigned.p50, rowsAll: count(a), rowsAssigned: count(b) });
      console.log(`  ${scenario.padEnd(36)} all ${ms(all.p50)} ms   assigned ${ms(assigned.p50)} ms`);
    }
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
}

console.log(`\nScope 'all' vs 'assigned' (${ASSIGNED} of 100 warehouses, including the 50k-product one): p50 of ${RUNS} runs (ms)`);
console.log(`${'database'.padEnd(9)} ${'screen'.padEnd(36)} ${'all'.padStart(8)} ${'assigned'.padStart(8)}  ratio  target  rows all / assigned`);
for (const l of lines) {
  console.log(
    `${l.db.padEnd(9)} ${l.scenario.padEnd(36)} ${ms(l.all)} ${ms(l.assigned)}  ${(l.assigned / l.all).toFixed(2).padStart(5)}x  ≤${TARGET}x  ${l.rowsAll} / ${l.rowsAssigned}`,
  );
}
