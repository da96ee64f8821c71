/**
 * Issue 33 at any size: the reads and writes a busy business leans on, each through the real API (Fastify inject, no
 * network) beside the very SQL it sent run straight on the driver, with the answer's size and this process's peak RSS
 * (the API, its driver and, on PGlite, the embedded database itself) while it ran.
 *
 *   npm run bench:scale -- [--products 100000] [--movements 1000000] [--runs 5] [--db postgres,pglite]
 *
 * Targets: every read within 1.5× its SQL and 300 ms, no answer above 1 MB; a 500-line transfer's create, dispatch and
 * receive and a stock take of the biggest warehouse within 2× the same statements replayed in a transaction that is
 * rolled back; RSS under 512 MB. Downloads (`bench:export`) and 32 writers (`bench:stock`) have benches of their own.
 * PGlite keeps its data in a folder on disk, as the product does.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows.js';
import { vacuumRound, type VacuumRound } from '../src/server/db/embedded-vacuum.js';
import { benchApi, ms, openBenchDb, seconds, stopBenchCluster, timePair, type BenchDb, type Kind, type RawQuery, type Statement } from './support/bench-kit.js';
import { buildScaleData, type ScaleData, type ScaleOptions } from './support/scale-data.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    movements: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    db: { type: 'string', default: 'postgres,pglite' },
    /** Print the plan of each statement of a read that takes over this many ms of SQL. */
    explain: { type: 'string' },
  },
});
const N = Number(values.products);
const M = Number(values.movements);
const RUNS = Number(values.runs);
const MB = 1024 * 1024;

type Line = { db: Kind; what: string; api: number; sql: number; bytes: number | null; peakMb: number; target: string; met: boolean };
const lines: Line[] = [];

/** This process's peak RSS while `fn` runs, sampled every 20 ms (and at the end). */
async function peakRss<T>(fn: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await fn();
    return [result, Math.max(peak, process.memoryUsage.rss()) / MB];
  } finally {
    clearInterval(sampler);
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const notTransactionControl = (s: Statement) => !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(s.text);

/**
 * Replays a write's statements on one connection; the id the API created (`createdId`) becomes the id the replay
 * creates — the first uuid of a replayed answer that none of the statements sent — in every later statement.
 */
async function replay(query: RawQuery, statements: Statement[], createdId: string | null): Promise<string | null> {
  const sent = new Set(statements.flatMap((s) => JSON.stringify(s.params).match(UUID) ?? []));
  let replayedId: string | null = null;
  for (const s of statements.filter(notTransactionControl)) {
    const params = replayedId && createdId ? s.params.map((p) => (typeof p === 'string' ? p.replaceAll(createdId, replayedId!) : p)) : s.params;
    const rows = await query(s.text, params);
    if (!replayedId && createdId) replayedId = (JSON.stringify(rows[0] ?? {}).match(UUID) ?? []).find((id) => !sent.has(id)) ?? null;
  }
  return replayedId;
}

async function reads(kind: Kind, bench: BenchDb, get: (url: string) => Promise<{ status: number; body: string }>, scale: ScaleData, takeId: string) {
  const wh = scale.bigWarehouseId;
  const scenarios: [string, string][] = [
    ['sale-purchase report, busy warehouse, 30 days', `/api/reports/warehouse-sale-purchase?warehouse_id=${wh}&start_date=${day(-30)}&end_date=${day(0)}`],
    ['sale-purchase report, busy warehouse, 365 days', `/api/reports/warehouse-sale-purchase?warehouse_id=${wh}&start_date=${day(-365)}&end_date=${day(0)}`],
    ['dashboard summary', '/api/dashboard/summary'],
    ['expiring stock, 30 days', '/api/inventory/expiring?days=30&limit=50'],
    ['stock take review, page 1', `/api/stock-takes/${takeId}?limit=50`],
    ['stock take review, page 2000', `/api/stock-takes/${takeId}?limit=50&page=2000`],
    ['stock take review, variances only', `/api/stock-takes/${takeId}?limit=50&only_variances=true`],
    ['inventory report, summary, 365 days', `/api/inventory/report?report_type=summary&start_date=${day(-365)}&end_date=${day(0)}`],
    ['inventory report, movements, 365 days', `/api/inventory/report?report_type=movements&start_date=${day(-365)}&end_date=${day(0)}&limit=50`],
    ['product search, common word "milk"', '/api/products?q=milk&limit=10'],
    ['product list, page 5000', '/api/products?page=5000&limit=10'],
    ['inventory by city', `/api/inventory/by-city/${scale.cityId}`],
    ['stock valuation, today', '/api/reports/stock-valuation?limit=50'],
    ['stock valuation, 60 days ago', `/api/reports/stock-valuation?as_of=${day(-60)}&limit=50`],
    ['movements of the busy warehouse', `/api/inventory/movements?warehouse_id=${wh}&limit=50`],
  ];
  for (const [what, url] of scenarios) {
    let bytes = 0;
    const statements = await bench.capture(async () => {
      const res = await get(url);
      if (res.status !== 200) throw new Error(`${url} → ${res.status} ${res.body.slice(0, 300)}`);
      bytes = Buffer.byteLength(res.body);
    });
    const [[api, raw], peakMb] = await peakRss(() =>
      timePair(
        () => get(url),
        () => bench.raw(statements),
        RUNS,
      ),
    );
    const met = api.p50 <= 1.5 * raw.p50 || api.p50 - raw.p50 < 5; // a few ms of HTTP and JSON above a 1 ms statement is no ratio to chase
    lines.push({ db: kind, what, api: api.p50, sql: raw.p50, bytes, peakMb, target: '1.5×, 300 ms', met: met && api.p50 <= 300 && bytes <= MB });
    console.log(
      `  ${what.padEnd(48)} API ${ms(api.p50)} ms   SQL ${ms(raw.p50)} ms   ${(bytes / 1024).toFixed(1).padStart(7)} KB   RSS ${peakMb.toFixed(0)} MB`,
    );
    if (values.explain !== undefined && raw.p50 > Number(values.explain)) {
      // In one transaction, in the request's order: a statement's settings (set_config … true) hold for the next.
      await bench.rolledBack(async (query) => {
        for (const s of statements.filter(notTransactionControl)) {
          const plan = await query(`explain (analyze, buffers) ${s.text}`, s.params);
          console.log(`    ${s.text.replace(/\s+/g, ' ').slice(0, 160)}\n${plan.map((r) => `      ${String(Object.values(r)[0])}`).join('\n')}`);
        }
        return [];
      });
    }
  }
}

type Post = (url: string, body: unknown) => Promise<{ status: number; body: string }>;

/** A write through the API (timed), then the statements it sent replayed and rolled back (timed), `RUNS` times. */
async function timeWrite(
  bench: BenchDb,
  what: string,
  write: () => Promise<{ body: string; id: string | null }>,
  undo: (id: string | null) => Promise<void>,
): Promise<{ api: number; sql: number; peakMb: number }> {
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  let peak = 0;
  for (let i = 0; i < RUNS; i++) {
    let created: { body: string; id: string | null } = { body: '', id: null };
    const t0 = performance.now();
    const [statements, peakMb] = await peakRss(() => bench.capture(async () => (created = await write())));
    apiTimes.push(performance.now() - t0);
    peak = Math.max(peak, peakMb);
    await undo(created.id);
    const t1 = performance.now();
    await bench.rolledBack((query) => replay(query, statements, created.id));
    sqlTimes.push(performance.now() - t1);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`  ${what.padEnd(48)} API ${ms(median(apiTimes))} ms   SQL ${ms(median(sqlTimes))} ms   RSS ${peak.toFixed(0)} MB`);
  return { api: median(apiTimes), sql: median(sqlTimes), peakMb: peak };
}

async function writes(kind: Kind, bench: BenchDb, post: Post, scale: ScaleData) {
  const db = bench.database.db;
  // A stock take of the warehouse holding every product: one line per balance.
  const take = await timeWrite(
    bench,
    `stock take create, ${N.toLocaleString('en-IN')} lines`,
    async () => {
      const res = await post('/api/stock-takes', { warehouse_id: scale.bigWarehouseId });
      if (res.status !== 201) throw new Error(`POST /stock-takes → ${res.status} ${res.body.slice(0, 300)}`);
      return { body: res.body, id: (JSON.parse(res.body) as { _id: string })._id };
    },
    async (id) => void (await post(`/api/stock-takes/${id}/cancel`, {})),
  );
  lines.push({
    db: kind,
    what: 'stock take create',
    api: take.api,
    sql: take.sql,
    bytes: null,
    peakMb: take.peakMb,
    target: '2×',
    met: take.api <= 2 * take.sql,
  });

  // A 500-line transfer out of the big warehouse: create, dispatch, receive (each timed beside its replay).
  const products = rowsOf<{ product_id: string }>(
    await db.execute(
      sql`select product_id from inventory where warehouse_id = ${scale.bigWarehouseId}::uuid and current_stock >= 10 and not tracks_expiry order by product_id limit 500`,
    ),
  );
  const [to] = rowsOf<{ id: string }>(await db.execute(sql`select id from warehouses where city_id = ${scale.cityId}::uuid order by name offset 1 limit 1`));
  const body = { from_warehouse_id: scale.bigWarehouseId, to_warehouse_id: to!.id, lines: products.map((p) => ({ product_id: p.product_id, quantity: 1 })) };
  const step = async (url: string, payload: unknown, status: number) => {
    const res = await post(url, payload);
    if (res.status !== status) throw new Error(`POST ${url} → ${res.status} ${res.body.slice(0, 300)}`);
    return res.body;
  };
  type Step = 'create' | 'dispatch' | 'receive';
  const send = async (name: Step, id: string): Promise<string> => {
    if (name === 'create') return (JSON.parse(await step('/api/transfers', body, 201)) as { _id: string })._id;
    await (name === 'dispatch' ? step(`/api/transfers/${id}/dispatch`, undefined, 200) : step(`/api/transfers/${id}/receive`, { lines: body.lines }, 200));
    return id;
  };
  // A first transfer shows the statements each step sends; each run's steps then meet the same state twice: the
  // statements replayed for that run's transfer and rolled back, and the API's request.
  const shown: Partial<Record<Step, Statement[]>> = {};
  let shownId = '';
  for (const name of ['create', 'dispatch', 'receive'] as const) shown[name] = await bench.capture(async () => (shownId = await send(name, shownId)));
  const replaySteps = (statements: Statement[], id: string) =>
    bench.rolledBack(async (query) => {
      for (const s of statements.filter(notTransactionControl)) {
        await query(
          s.text,
          s.params.map((p) => (typeof p === 'string' ? p.replaceAll(shownId, id) : p)),
        );
      }
    });
  const timed: Record<Step, { api: number[]; sql: number[] }> = { create: { api: [], sql: [] }, dispatch: { api: [], sql: [] }, receive: { api: [], sql: [] } };
  let peak = 0;
  for (let i = 0; i < RUNS; i++) {
    let id = '';
    const [, peakMb] = await peakRss(async () => {
      for (const name of ['create', 'dispatch', 'receive'] as const) {
        const t0 = performance.now();
        if (name !== 'create') await replaySteps(shown[name]!, id);
        const t1 = performance.now();
        id = await send(name, id);
        const t2 = performance.now();
        if (name === 'create') await replaySteps(shown.create!, id);
        timed[name].api.push(t2 - t1);
        timed[name].sql.push(name === 'create' ? performance.now() - t2 : t1 - t0);
      }
    });
    peak = Math.max(peak, peakMb);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const name of ['create', 'dispatch', 'receive'] as const) {
    const api = median(timed[name].api);
    const raw = median(timed[name].sql);
    console.log(`  ${`transfer of 500 lines: ${name}`.padEnd(48)} API ${ms(api)} ms   SQL ${ms(raw)} ms   RSS ${peak.toFixed(0)} MB`);
    lines.push({ db: kind, what: `transfer of 500 lines: ${name}`, api, sql: raw, bytes: null, peakMb: peak, target: '2×', met: api <= 2 * raw });
  }
}

/** The data set built in the embedded database folder `folder` by a process of its own. */
function buildFolder(folder: string, options: ScaleOptions): ScaleData {
  const script = path.join(import.meta.dirname, 'support', 'build-scale-folder.ts');
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, folder, JSON.stringify(options)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ScaleData;
}

const folders: string[] = [];
try {
  for (const kind of values.db.split(',') as Kind[]) {
    const t0 = performance.now();
    const folder = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-')) : null;
    if (folder) folders.push(folder);
    // Every 10th product tracks expiry (each stocked balance in one dated batch).
    const options: ScaleOptions = { products: N, movements: M, days: 365, bulkMemory: kind === 'postgres', expiry: true };
    // PGlite: built by a process of its own (build-scale-folder.ts), then opened as the product's server opens its folder.
    const built = folder ? buildFolder(folder, options) : null;
    const bench = await openBenchDb(kind, 10, folder);
    const { app, get, post } = await benchApi(bench.database, { seeded: built !== null });
    const scale = built ?? (await buildScaleData(bench.database.db, options));
    console.log(
      `${kind}: ${N.toLocaleString('en-IN')} products, ${scale.pairs.toLocaleString('en-IN')} balances, ${M.toLocaleString('en-IN')} movements, ${scale.batches.toLocaleString('en-IN')} batches built in ${seconds(t0)}; RSS ${(process.memoryUsage.rss() / MB).toFixed(0)} MB`,
    );
    console.log(`  build: ${scale.steps.map(([name, s]) => `${name} ${s.toFixed(0)} s`).join(', ')}`);
    await writes(kind, bench, post, scale);
    // The review pages read an open take of the big warehouse, a tenth of its lines counted (a few off by one).
    const take = await post('/api/stock-takes', { warehouse_id: scale.bigWarehouseId });
    const takeId = (JSON.parse(take.body) as { _id: string })._id;
    await bench.database.db.execute(
      sql`update stock_take_lines set counted = expected + (case when abs(hashtext(product_id::text)) % 3 = 0 then 1 else 0 end)
           where stock_take_id = ${takeId}::uuid and abs(hashtext(product_id::text)) % 10 = 0`,
    );
    // PostgreSQL's autovacuum ran beside the writes; the embedded database's rounds (src/server/db/embedded-vacuum.ts)
    // come a minute apart in the server: caught up here (once its statistics show the writes, a second on), so both
    // are read as a running server's tables are.
    const { origin } = bench.database;
    if (origin.kind === 'pglite') {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const t1 = performance.now();
      const done: NonNullable<VacuumRound>[] = [];
      for (
        let round = await vacuumRound(origin.client);
        round;
        round = await vacuumRound(
          origin.client,
          done.map((r) => r.table),
        )
      )
        done.push(round);
      console.log(`  vacuum rounds before the reads (${seconds(t1)}): ${done.map((r) => `${r.table} ${r.ms} ms`).join(', ') || 'none due'}`);
    }
    await reads(kind, bench, get, scale, takeId);
    await post(`/api/stock-takes/${takeId}/cancel`, {});
    await app.close();
    await bench.close();
  }
} finally {
  stopBenchCluster();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}

console.log(`\nbench:scale at ${N.toLocaleString('en-IN')} products and ${M.toLocaleString('en-IN')} movements: p50 of ${RUNS} runs (ms)`);
console.log(`${'database'.padEnd(9)} ${'what'.padEnd(48)} ${'API'.padStart(8)} ${'SQL'.padStart(8)}  API/SQL  answer      peak RSS  target       met`);
for (const l of lines) {
  const size = l.bytes === null ? '—'.padStart(9) : `${(l.bytes / 1024).toFixed(1)} KB`.padStart(9);
  console.log(
    `${l.db.padEnd(9)} ${l.what.padEnd(48)} ${ms(l.api)} ${ms(l.sql)}  ${(l.api / l.sql).toFixed(2).padStart(6)}×  ${size}  ${`${l.peakMb.toFixed(0)} MB`.padStart(8)}  ${l.target.padEnd(12)} ${l.met ? 'yes' : 'NO'}`,
  );
}
