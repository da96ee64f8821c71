/**
 * Product catalogue at scale: list pages (1, 5000 and the last), stock sort, warehouse filter, search and autocomplete
 * on N products (default 100,000) through the real API (Fastify inject, no network), on PostgreSQL and on PGlite.
 * Baselines in the same run: the very statements the API sent, run straight on the driver (API/SQL), and the search
 * requests again without the trigram indexes of migrations 0002/0003.
 *
 *   npm run bench:catalogue -- [--products 100000] [--runs 15] [--db postgres,pglite]
 * `--runs` is the fewest samples of each API/SQL pair: fast requests take more (see runsFor).
 */
import { parseArgs } from 'node:util';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { inventory, products, warehouses } from '../src/server/db/schema.js';
import { selectRecords, toRecord } from '../src/server/services/inventory-records.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timeIt, timePair, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, runs: { type: 'string', default: '15' }, db: { type: 'string', default: 'postgres,pglite' } },
});
const N = Number(values.products);
const RUNS = Number(values.runs);
const PAGE = 10;
const TARGET_DEEP: Record<Kind, number> = { postgres: 50, pglite: 150 };
/**
 * At least `--runs` samples, and about two seconds of them for a fast request (at most 300): the p50 of 15 samples of
 * a 2 ms request moves by a tenth of a millisecond from run to run, enough to swing its API/SQL ratio by 0.2.
 */
const runsFor = (firstMs: number) => Math.max(RUNS, Math.min(300, Math.ceil(2000 / Math.max(firstMs, 1))));

type Line = { db: Kind; name: string; api: number; sql: number; noTrigram?: number; bytes?: number };
type CityLine = { db: Kind; api: number; bytes: number; before: number; beforeBytes: number; rows: number };
const cityLines: CityLine[] = [];
const lines: Line[] = [];

try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const bench = await openBenchDb(kind);
    const { app, get } = await benchApi(bench.database);
    const scale = await buildScaleData(bench.database.db, { products: N, movements: 0 });
    console.log(`${kind}: ${N.toLocaleString('en-IN')} products, ${scale.pairs.toLocaleString('en-IN')} balances built in ${seconds(t0)}`);
    const { total } = JSON.parse((await get(`/api/products?limit=1`)).body) as { total: number };
    const last = Math.ceil(total / PAGE);
    const scenarios: [string, string][] = [
      ['list, page 1', `/api/products?page=1&limit=${PAGE}`],
      ['list, page 5000', `/api/products?page=5000&limit=${PAGE}`],
      [`list, last page (${last.toLocaleString('en-IN')})`, `/api/products?page=${last}&limit=${PAGE}`],
      ['list sorted by current stock', `/api/products?sort=current_stock&order=asc&limit=${PAGE}`],
      ['list of one warehouse, page 1', `/api/products?warehouse_id=${scale.bigWarehouseId}&limit=${PAGE}`],
      ['search, rare word "saffron"', `/api/products?q=saffron&limit=${PAGE}`],
      ['search, common "milk"', `/api/products?q=milk&limit=${PAGE}`],
      ['autocomplete "saffr"', '/api/products/autocomplete?q=saffr'],
      ['by city: 3 warehouses × 10 rows', `/api/inventory/by-city/${scale.cityId}`],
      ['by city: 100k warehouse, search', `/api/inventory/by-city/${scale.cityId}?warehouse_id=${scale.bigWarehouseId}&rows_limit=100&q=milk`],
    ];
    const timed: Line[] = [];
    for (const [name, url] of scenarios) {
      let bytes = 0;
      const t0 = performance.now();
      const statements = await bench.capture(async () => {
        const res = await get(url);
        if (res.status !== 200) throw new Error(`${url} → ${res.status} ${res.body}`);
        bytes = res.body.length;
      });
      const [api, raw] = await timePair(
        () => get(url),
        () => bench.raw(statements),
        runsFor(performance.now() - t0),
      );
      timed.push({ db: kind, name, api: api.p50, sql: raw.p50, bytes });
      console.log(`  ${name.padEnd(34)} API ${ms(api.p50)} ms   SQL ${ms(raw.p50)} ms`);
    }
    // The city view before rows were paged: every row of the page's three warehouses (the 100k-product one among them).
    const db = bench.database.db;
    const firstThree = (
      await db
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(eq(warehouses.cityId, scale.cityId))
        .orderBy(asc(warehouses.name), asc(warehouses.id))
        .limit(3)
    ).map((w) => w.id);
    let beforeBytes = 0;
    let rows = 0;
    const before = await timeIt(
      async () => {
        const all = (await selectRecords(db).where(inArray(inventory.warehouseId, firstThree)).orderBy(asc(products.productname), asc(inventory.id))).map(
          toRecord,
        );
        rows = all.length;
        beforeBytes = JSON.stringify({ warehouses: all }).length;
      },
      3,
      1,
    );
    const now = timed.find((l) => l.name.startsWith('by city: 3'))!;
    cityLines.push({ db: kind, api: now.api, bytes: now.bytes!, before: before.p50, beforeBytes, rows });

    await bench.database.db.execute(sql`drop index products_search_text_trgm, products_name_text_trgm`);
    await bench.database.db.execute(sql`analyze products`);
    for (const line of timed) {
      const url = scenarios.find(([name]) => name === line.name)![1];
      if (/[?&]q=/.test(url)) line.noTrigram = (await timeIt(() => get(url), RUNS)).p50;
    }
    lines.push(...timed);
    // Closing the app ends its session LISTEN connection: left open, it kept the process from exiting.
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
}

console.log(
  `\n${N.toLocaleString('en-IN')} products, ${PAGE} a page: p50 of at least ${RUNS} requests each, about 2 s of them for a fast one (ms). Targets: page 5000 ≤ ${TARGET_DEEP.postgres} ms on PostgreSQL, ≤ ${TARGET_DEEP.pglite} ms on PGlite; API/SQL ≤ 1.5x for page 1 and search`,
);
console.log(
  `${'database'.padEnd(9)} ${'request'.padEnd(34)} ${'API'.padStart(8)} ${'raw SQL'.padStart(8)}  API/SQL  response  ${'no trigram idx'.padStart(14)}`,
);
for (const l of lines) {
  const base = l.noTrigram === undefined ? '' : `${ms(l.noTrigram)} (${(l.noTrigram / l.api).toFixed(0)}x slower)`;
  console.log(
    `${l.db.padEnd(9)} ${l.name.padEnd(34)} ${ms(l.api)} ${ms(l.sql)}  ${(l.api / l.sql).toFixed(2).padStart(6)}x  ${`${((l.bytes ?? 0) / 1024).toFixed(1)} KB`.padStart(8)}  ${base}`,
  );
}
console.log('\nInventory by city, first page of the city holding the 100k-product warehouse. Target: no response over 1 MB');
for (const c of cityLines) {
  console.log(
    `${c.db.padEnd(9)} now: ${ms(c.api)} ms, ${(c.bytes / 1024).toFixed(1)} KB   baseline, every row of the 3 warehouses (the previous design): ${ms(c.before)} ms, ${(c.beforeBytes / 1024 / 1024).toFixed(1)} MB (${c.rows.toLocaleString('en-IN')} rows)`,
  );
}
