/**
 * Stock changes under load: add-stock/remove-stock over HTTP against two real API processes sharing one PostgreSQL
 * server (a throwaway cluster started here, as in the tests), and against the first of them alone (issue 33 asks for
 * both), beside pgbench running the API's own statement (the SQL function stock_request, one round trip, prepared as
 * the API prepares it) at the same concurrency, in the same run:
 *   - spread over 200 balance rows, without and with an Idempotency-Key;
 *   - every request on ONE hot row (they all queue on its row lock);
 *   - spread again with history switched off (issue 32: stock_request without naming its actor for the history
 *     trigger, and that trigger disabled on inventory), through the API and pgbench, to show what history costs;
 * then the ratio API / pgbench, what a key costs, what history costs, and a balance = ledger check. Live screens add
 * nothing to a stock write: its ledger row is announced afterwards by src/server/live/ledger-announcer.ts (a NOTIFY in
 * the write's own transaction cost it a third of its throughput in a run of 2026-11-25: bench/README.md).
 *
 *   npm run bench:stock -- [--requests 4000] [--concurrency 32]
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { rowsOf } from '../src/server/db/rows.js';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { startBenchProcesses } from './support/two-processes.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '4000' }, concurrency: { type: 'string', default: '32' } } });
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);

const { bin, url, secret, servers, stop } = await startBenchProcesses({ DB_POOL_SIZE: String(CONCURRENCY / 2) });
const scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));

type Result = { label: string; 'req/s': number; 'p50 ms'?: string; 'p95 ms'?: string };

try {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });

  const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = 'warehouse@demo.local'`));
  const token = await createTokenSigner(secret).sign({ sub: user!.id, role: 'warehouse-user', firstname: 'Bench' });
  // Products that do not track expiry (issue 17): the path every stock change took before batches existed.
  const untracked = sql`product_id in (select id from products where not tracks_expiry)`;
  const pairs = rowsOf<{ product_id: string; warehouse_id: string }>(
    await database.db.execute(sql`
    select product_id, warehouse_id from inventory where ${untracked} order by product_id, warehouse_id limit 200`),
  );
  // Plenty of stock everywhere, so removals are never refused and every request does the same work.
  await database.db.execute(sql`
    insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, performed_by, notes)
    select product_id, warehouse_id, 'adjustment', 1000000, current_stock, current_stock + 1000000, unit_cost,
           1000000 * unit_cost, 1000000 * unit_cost, ${user!.id}::uuid, 'bench'
      from inventory where ${untracked}`);
  await database.db.execute(sql`
    update inventory set current_stock = current_stock + 1000000, stock_value = stock_value + 1000000 * unit_cost where ${untracked}`);
  await database.db.execute(sql`
    create table bench_pairs as
    select row_number() over (order by product_id, warehouse_id)::int as n, product_id, warehouse_id
      from (select product_id, warehouse_id from inventory where ${untracked} order by product_id, warehouse_id limit 200) p`);
  await database.db.execute(sql`alter table bench_pairs add primary key (n)`);
  // History off, for the 'without history' lines: today's stock_request minus the line naming its actor, and the
  // history trigger of inventory disabled; both put back afterwards.
  const [definition] = rowsOf<{ text: string }>(await database.db.execute(sql`select pg_get_functiondef('stock_request'::regproc) as text`));
  const unrecorded = definition!.text.replace(/^\s*PERFORM set_config\('app\.actor_id'.*$/m, '');
  if (unrecorded === definition!.text) throw new Error('stock_request no longer names its actor: update this bench');
  async function withoutHistory<T>(work: () => Promise<T> | T): Promise<T> {
    await database.db.execute(sql.raw(unrecorded));
    await database.db.execute(sql`alter table inventory disable trigger record_history`);
    try {
      return await work();
    } finally {
      await database.db.execute(sql.raw(definition!.text));
      await database.db.execute(sql`alter table inventory enable trigger record_history`);
    }
  }

  const bodyOf = (i: number, hot: boolean) => {
    const pair = hot ? pairs[0]! : pairs[i % pairs.length]!;
    return i % 2 === 0
      ? {
          path: 'add-stock',
          body: {
            ...pair,
            quantity: 1 + (i % 3),
            unit_cost: 5,
            movement_reason: 'adjustment',
            reference_id: `B-${i}`,
            reference_type: 'manual',
            notes: 'bench',
          },
        }
      : { path: 'remove-stock', body: { ...pair, quantity: 1 + (i % 3), movement_type: 'out', reference_id: `B-${i}` } };
  };

  // A plain keep-alive HTTP client: fetch (undici) costs the load generator more CPU than the server's own handling,
  // on the same two cores.
  const post = (agent: http.Agent, base: string, route: string, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/api/inventory/${route}`,
        { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  async function api(label: string, options: { hot: boolean; idempotent: boolean; processes?: 1 | 2 }): Promise<Result> {
    const targets = servers.slice(0, options.processes ?? 2);
    // An agent per run: a socket left idle in a shared pool while other runs went on (the second process's, during the
    // one-process runs) could be closed by its server just as it was reused ('socket hang up').
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const { path: route, body } = bodyOf(i, options.hot);
        const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        if (options.idempotent) headers['idempotency-key'] = crypto.randomUUID();
        const started = performance.now();
        const status = await post(agent, targets[i % targets.length]!.url, route, headers, JSON.stringify(body)).catch((error: unknown) => {
          throw new Error(`${label}: request ${i} failed`, { cause: error });
        });
        if (status !== 200) throw new Error(`${label}: HTTP ${status}`);
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker)).finally(() => agent.destroy());
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
    return { label, 'req/s': Math.round(REQUESTS / seconds), 'p50 ms': at(0.5), 'p95 ms': at(0.95) };
  }

  /** pgbench running the statement the API sends (src/server/services/stock-ledger.ts), half adds, half removals. */
  function pgbench(label: string, options: { hot: boolean; idempotent: boolean }): Result {
    const pick = options.hot ? `n = 1` : `n = :n::int`;
    // Variables cast: a prepared statement's parameters need a type (jsonb_build_object takes "any").
    const key = options.idempotent ? `'k-' || :client_id::text || '-' || :r::text, '${'0'.repeat(64)}'` : 'NULL, NULL';
    const statement = (
      kind: string,
      route: string,
      fields: string,
    ) => `select (o->>'status')::int as status, coalesce((o->>'replayed')::boolean, false) as replayed, (o->'body')::text as body
  from stock_request('${kind}'::text, '${user!.id}'::uuid, '${route}'::text, ${key},
    (select jsonb_build_object('product_id', product_id, 'warehouse_id', warehouse_id, ${fields}) from bench_pairs where ${pick})) as o;`;
    // One script that picks add or remove: pgbench -M prepared cannot run two script files.
    fs.writeFileSync(
      path.join(scripts, 'stock.sql'),
      `\\set n random(1, ${pairs.length})
\\set q random(1, 3)
\\set r random(1, 1000000000000)
\\set add random(0, 1)
\\if :add
${statement('add', 'POST /inventory/add-stock', `'quantity', :q::int, 'unit_cost', 5, 'movement_reason', 'adjustment', 'reference_id', 'B-' || :r::text, 'reference_type', 'manual', 'notes', 'bench'`)}
\\else
${statement('remove', 'POST /inventory/remove-stock', `'quantity', :q::int, 'movement_type', 'out', 'reference_id', 'B-' || :r::text`)}
\\endif
`,
    );
    const { hostname, port } = new URL(url);
    const out = execFileSync(
      path.join(bin, 'pgbench'),
      [
        // Prepared, as the API sends it (a named statement, parsed once per connection).
        '-n',
        '-M',
        'prepared',
        '-c',
        String(CONCURRENCY),
        '-j',
        '2',
        '-t',
        String(Math.ceil(REQUESTS / CONCURRENCY)),
        '-h',
        hostname,
        '-p',
        port,
        '-U',
        'postgres',
        '-f',
        path.join(scripts, 'stock.sql'),
        'bench',
      ],
      { encoding: 'utf8' },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench: ${out}`);
    return { label, 'req/s': Math.round(tps), 'p50 ms': latency ? `${latency} (avg)` : undefined };
  }

  await api('warm-up', { hot: false, idempotent: false });
  pgbench('warm-up', { hot: false, idempotent: false });
  const rounds = 2;
  const results: Result[][] = [];
  for (let round = 0; round < rounds; round++) {
    results.push([
      await api('API, spread over 200 rows', { hot: false, idempotent: false }),
      pgbench('pgbench, same statement, spread', { hot: false, idempotent: false }),
      await api('API, spread, Idempotency-Key', { hot: false, idempotent: true }),
      pgbench('pgbench, spread, with a key', { hot: false, idempotent: true }),
      await api('API, one hot row', { hot: true, idempotent: false }),
      pgbench('pgbench, one hot row', { hot: true, idempotent: false }),
      await api('API, 1 process, spread', { hot: false, idempotent: false, processes: 1 }),
      await api('API, 1 process, spread, with a key', { hot: false, idempotent: true, processes: 1 }),
      await api('API, 1 process, one hot row', { hot: true, idempotent: false, processes: 1 }),
      await withoutHistory(() => api('API, spread, without history', { hot: false, idempotent: false })),
      await withoutHistory(() => pgbench('pgbench, spread, without history', { hot: false, idempotent: false })),
    ]);
  }
  // The better of the rounds for each line: the machine is shared, and a round can lose the CPU to something else.
  const best = results[0]!.map((r, i) => results.map((round) => round[i]!).reduce((a, b) => (b['req/s'] > a['req/s'] ? b : a)));
  console.log(
    `\n${REQUESTS} stock changes per scenario, ${CONCURRENCY} in flight (2 API processes with ${CONCURRENCY / 2} connections each, or the first alone; pgbench -c ${CONCURRENCY}); best of ${rounds} rounds:`,
  );
  console.table(best);
  const rate = (label: string) => best.find((r) => r.label === label)!['req/s'];
  const ratio = (a: string, b: string) => (rate(a) / rate(b)).toFixed(2);
  console.log(`API / pgbench, spread:                 ${ratio('API, spread over 200 rows', 'pgbench, same statement, spread')}x (target ≥ 0.8)`);
  console.log(`API / pgbench, spread with a key:      ${ratio('API, spread, Idempotency-Key', 'pgbench, spread, with a key')}x`);
  console.log(`API / pgbench, one hot row:            ${ratio('API, one hot row', 'pgbench, one hot row')}x`);
  console.log(`1 API process / pgbench, spread:       ${ratio('API, 1 process, spread', 'pgbench, same statement, spread')}x (target ≥ 0.8)`);
  console.log(`1 API process / pgbench, with a key:   ${ratio('API, 1 process, spread, with a key', 'pgbench, spread, with a key')}x`);
  console.log(`1 API process / pgbench, one hot row:  ${ratio('API, 1 process, one hot row', 'pgbench, one hot row')}x`);
  console.log(
    `Idempotency-Key cost through the API:  ${((1 - rate('API, spread, Idempotency-Key') / rate('API, spread over 200 rows')) * 100).toFixed(0)}% (target ≤ 15%)`,
  );

  const cost = (withIt: string, without: string) => ((1 - rate(withIt) / rate(without)) * 100).toFixed(0);
  console.log(
    `History cost, API / pgbench:          ${cost('API, spread over 200 rows', 'API, spread, without history')}% / ${cost('pgbench, same statement, spread', 'pgbench, spread, without history')}% (target ≤ 10%)`,
  );

  const [drift] = rowsOf<{ n: number }>(
    await database.db.execute(sql`
    select count(*)::int as n from inventory i
      left join (select product_id, warehouse_id, sum(quantity) as total from stock_movements group by 1, 2) m
        on m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
     where i.current_stock <> coalesce(m.total, 0)`),
  );
  console.log(`Balances differing from their ledger after the run: ${drift!.n}`);
  await database.close();
} finally {
  await stop();
  fs.rmSync(scripts, { recursive: true, force: true });
}
