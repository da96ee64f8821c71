/**
 * GET /api/history (issue 32) at a real business's size: one product with 10,000 entries of its own among 100k
 * products and 1M ledger rows (the stock part of every history), its first page (target under 50 ms on PostgreSQL),
 * the Activity screen's first page (everything, newest first) and one inventory record's history, each beside the raw
 * SQL reading the same rows through the same indexes, sampled alternately.
 *
 *   npm run bench:history -- [--entries 10000] [--products 100000] [--movements 1000000] [--runs 15] [--db postgres,pglite]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timePair, type Kind } from './support/bench-kit.js';
import { buildScaleData } from './support/scale-data.js';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    products: { type: 'string', default: '100000' },
    movements: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '15' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
});
const ENTRIES = Number(values.entries);
const RUNS = Number(values.runs);

type Line = { db: Kind; scenario: string; api: number; sql: number; bytes: number };
const lines: Line[] = [];

try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const bench = await openBenchDb(kind);
    const { app, get } = await benchApi(bench.database);
    const db = bench.database.db;
    await buildScaleData(db, { products: Number(values.products), movements: Number(values.movements), days: 120 });
    const [product] = rowsOf<{ id: string }>(await db.execute(sql`select id from products order by created desc limit 1`));
    // Price changes, one statement each as the API makes them: each one an entry written by the history trigger.
    await db.execute(sql`
      do $$ begin
        for i in 1..${sql.raw(String(ENTRIES))} loop
          update products set price = 100 + (i % 50), discount_price = 90 + (i % 50) where id = ${sql.raw(`'${product!.id}'`)};
        end loop;
      end $$`);
    const [record] = rowsOf<{ id: string }>(
      await db.execute(sql`
      select i.id from inventory i join stock_movements m on m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
       group by i.id order by count(*) desc limit 1`),
    );
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from record_history`)) as [{ n: number }];
    console.log(`${kind}: ${n.toLocaleString('en-IN')} history entries, ${ENTRIES.toLocaleString('en-IN')} of one product, built in ${seconds(t0)}`);

    const scenarios: [string, string, ReturnType<typeof sql>][] = [
      [
        `a product with ${ENTRIES.toLocaleString('en-IN')} entries, page 1`,
        `/api/history?resource=products&record_id=${product!.id}`,
        sql`select * from record_history where resource = 'products' and record_id = ${product!.id} order by id desc limit 20`,
      ],
      [
        'Activity, everything, page 1',
        '/api/history',
        sql`(select created, id from record_history order by created desc limit 20)
            union all (select created, seq from stock_movements order by created desc limit 20) order by 1 desc limit 20`,
      ],
      [
        "an inventory record's history, page 1",
        `/api/history?resource=inventory&record_id=${record!.id}`,
        sql`select * from stock_movements m join inventory i on i.product_id = m.product_id and i.warehouse_id = m.warehouse_id
             where i.id = ${record!.id}::uuid order by m.created desc limit 20`,
      ],
    ];
    for (const [scenario, url, raw] of scenarios) {
      const first = await get(url);
      if (first.status !== 200) throw new Error(`${url} → ${first.status} ${first.body}`);
      const [api, base] = await timePair(
        () => get(url),
        () => db.execute(raw),
        RUNS,
      );
      lines.push({ db: kind, scenario, api: api.p50, sql: base.p50, bytes: first.body.length });
      console.log(`  ${scenario.padEnd(40)} API ${ms(api.p50)} ms   raw SQL ${ms(base.p50)} ms`);
    }
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
}

console.log(`\nGET /api/history: p50 of ${RUNS} runs (ms)`);
console.log(`${'database'.padEnd(9)} ${'history'.padEnd(40)} ${'API'.padStart(8)} ${'raw SQL'.padStart(8)}  API/SQL  response`);
for (const l of lines) {
  console.log(
    `${l.db.padEnd(9)} ${l.scenario.padEnd(40)} ${ms(l.api)} ${ms(l.sql)}  ${(l.api / l.sql).toFixed(2).padStart(6)}x  ${(l.bytes / 1024).toFixed(1).padStart(6)} KB`,
  );
}
