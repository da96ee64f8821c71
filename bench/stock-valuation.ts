/**
 * GET /reports/stock-valuation over a million ledger rows and 100k products, on PostgreSQL and on PGlite: the API's
 * time beside ONE raw scan of the ledger up to the same instant (the least any valuation as of a past day must read:
 * the sum of every row's quantity and value), and their ratio; target ≤ 4×. Also the whole report as a CSV download.
 *
 *   npm run bench:valuation -- [--movements 1000000] [--products 100000] [--runs 7] [--db postgres,pglite]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addDays, businessDay } from '../src/domain/business-days.js';
import { dayStart } from '../src/server/services/report-period.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timePair, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';

const { values } = parseArgs({
  options: {
    movements: { type: 'string', default: '1000000' },
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '7' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
});
const M = Number(values.movements);
const N = Number(values.products);
const RUNS = Number(values.runs);
const TARGET = 4;

type Line = { db: Kind; scenario: string; api: number; sql: number; bytes: number };
const lines: Line[] = [];

try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const bench = await openBenchDb(kind);
    const { app, get } = await benchApi(bench.database);
    const scale = await buildScaleData(bench.database.db, { products: N, movements: M, days: 120 });
    console.log(
      `${kind}: ${N.toLocaleString('en-IN')} products, ${scale.pairs.toLocaleString('en-IN')} balances, ${M.toLocaleString('en-IN')} movements built in ${seconds(t0)}`,
    );
    const today = businessDay(new Date());

    const scenarios: [string, string, string][] = [
      ['today, per product, page 1', `as_of=${today}`, today],
      ['60 days ago, per product, page 1', `as_of=${addDays(today, -60)}`, addDays(today, -60)],
      ['60 days ago, per product, page 400', `as_of=${addDays(today, -60)}&page=400`, addDays(today, -60)],
      ['60 days ago, per product, descending', `as_of=${addDays(today, -60)}&order=desc`, addDays(today, -60)],
      ['60 days ago, by value desc', `as_of=${addDays(today, -60)}&sort=stock_value&order=desc`, addDays(today, -60)],
      ['60 days ago, per warehouse', `as_of=${addDays(today, -60)}&group_by=warehouse`, addDays(today, -60)],
      ['today, the 100k-product warehouse', `as_of=${today}&warehouse_id=${scale.bigWarehouseId}`, today],
      ['today, that warehouse, page 1000', `as_of=${today}&warehouse_id=${scale.bigWarehouseId}&page=1000`, today],
    ];
    for (const [scenario, query, asOf] of scenarios) {
      const url = `/api/reports/stock-valuation?${query}`;
      const first = await get(url);
      if (first.status !== 200) throw new Error(`${url} → ${first.status} ${first.body}`);
      // The baseline: one scan of the ledger up to the end of that day, summing what every row moved.
      const scan = () =>
        bench.database.db.execute(sql`
        select sum(quantity), sum(value_change) from stock_movements where created < ${dayStart(addDays(asOf, 1))}`);
      const [api, raw] = await timePair(() => get(url), scan, RUNS);
      lines.push({ db: kind, scenario, api: api.p50, sql: raw.p50, bytes: first.body.length });
      console.log(`  ${scenario.padEnd(36)} API ${ms(api.p50)} ms   one scan ${ms(raw.p50)} ms`);
    }
    const csv = `/api/reports/stock-valuation.csv?as_of=${today}`;
    const c0 = performance.now();
    const download = await get(csv);
    const rows = download.body.split('\n').length - 2;
    console.log(`  CSV of every row: ${rows.toLocaleString('en-IN')} rows, ${(download.body.length / 1048576).toFixed(1)} MB in ${seconds(c0)}`);
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
}

console.log(`\nGET /reports/stock-valuation over ${M.toLocaleString('en-IN')} movements, ${N.toLocaleString('en-IN')} products: p50 of ${RUNS} runs (ms)`);
console.log(`${'database'.padEnd(9)} ${'report'.padEnd(36)} ${'API'.padStart(8)} ${'1 scan'.padStart(8)}  API/scan  target  response`);
for (const l of lines) {
  const ratio = l.api / l.sql;
  console.log(
    `${l.db.padEnd(9)} ${l.scenario.padEnd(36)} ${ms(l.api)} ${ms(l.sql)}  ${ratio.toFixed(2).padStart(7)}x  ≤ ${TARGET}x ${ratio <= TARGET ? 'met' : 'MISSED'}  ${(l.bytes / 1024).toFixed(0).padStart(5)} KB`,
  );
}
