/**
 * GET /inventory/report over a million ledger rows, every report type, on PostgreSQL and on PGlite: the API's time
 * beside the time of the very statements it sent, run straight on the driver (the raw-SQL baseline), and their ratio.
 *
 *   npm run bench:reports -- [--movements 1000000] [--products 100000] [--runs 9] [--db postgres,pglite]
 */
import { parseArgs } from 'node:util';
import { REPORT_TYPES } from '../src/domain/constants.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timePair, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';

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
const TARGET: Record<Kind, number> = { postgres: 300, pglite: 1000 };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Line = { db: Kind; scenario: string; api: number; sql: number; statements: number; bytes: number };
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

    const scenarios: [string, string][] = [];
    for (const type of REPORT_TYPES) {
      for (const days of [30, 90]) scenarios.push([`${type}, ${days} days`, `report_type=${type}&start_date=${day(-days)}&end_date=${day(0)}`]);
    }
    scenarios.push(['summary, 90 days, one warehouse', `report_type=summary&start_date=${day(-90)}&end_date=${day(0)}&warehouse_id=${scale.bigWarehouseId}`]);
    scenarios.push([
      'comparison, 90 d, 1000 rows, 1 wh',
      `report_type=comparison&start_date=${day(-90)}&end_date=${day(0)}&limit=1000&warehouse_id=${scale.bigWarehouseId}`,
    ]);

    for (const [scenario, query] of scenarios) {
      const url = `/api/inventory/report?${query}`;
      let bytes = 0;
      const statements = await bench.capture(async () => {
        const res = await get(url);
        if (res.status !== 200) throw new Error(`${url} → ${res.status} ${res.body}`);
        bytes = res.body.length;
      });
      const [api, raw] = await timePair(
        () => get(url),
        () => bench.raw(statements),
        RUNS,
      );
      lines.push({ db: kind, scenario, api: api.p50, sql: raw.p50, statements: statements.length, bytes });
      console.log(`  ${scenario.padEnd(36)} API ${ms(api.p50)} ms   SQL ${ms(raw.p50)} ms`);
    }
    // Closing the app ends its session LISTEN connection: left open, it kept the process from exiting.
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
}

console.log(`\nGET /inventory/report over ${M.toLocaleString('en-IN')} movements, ${N.toLocaleString('en-IN')} products: p50 of ${RUNS} runs (ms)`);
console.log(`${'database'.padEnd(9)} ${'report'.padEnd(36)} ${'API'.padStart(8)} ${'raw SQL'.padStart(8)}  API/SQL  target  statements  response`);
for (const l of lines) {
  console.log(
    `${l.db.padEnd(9)} ${l.scenario.padEnd(36)} ${ms(l.api)} ${ms(l.sql)}  ${(l.api / l.sql).toFixed(2).padStart(6)}x  ${String(TARGET[l.db]).padStart(6)}  ${String(l.statements).padStart(10)}  ${(l.bytes / 1024).toFixed(0).padStart(5)} KB`,
  );
}
