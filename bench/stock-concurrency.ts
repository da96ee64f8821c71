/**
 * Stock changes under load: add-stock/remove-stock over HTTP against real API processes sharing one PostgreSQL
 * server (a throwaway cluster started here, as in the tests). Side by side in the same run:
 *   - every request on ONE hot product/warehouse row (the worst case: they all queue on one row lock),
 *     with one process and with two, with and without an Idempotency-Key;
 *   - the baseline: the same load spread over many rows.
 * Ends by checking that every balance still equals the sum of its ledger rows.
 *
 *   npm run bench:stock -- [--requests 2000] [--concurrency 32]
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { findPostgresBin, startCluster } from '../tests/support/postgres-cluster.js';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '32' } } });
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const SECRET = crypto.randomBytes(24).toString('hex');

const bin = findPostgresBin();
if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');
const cluster = await startCluster(bin);
const servers: ServerProcess[] = [];
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

try {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const url = cluster.url('bench');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  const env = { DATABASE_URL: url, JWT_SECRET: SECRET, PORT: '0', DB_POOL_SIZE: '16', LOG_LEVEL: 'error' };
  servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
  servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));

  const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = 'warehouse@demo.local'`));
  const token = await createTokenSigner(SECRET).sign({ sub: user!.id, role: 'warehouse-user', firstname: 'Bench' });
  const pairs = rowsOf<{ product_id: string; warehouse_id: string }>(await database.db.execute(sql`
    select product_id, warehouse_id from inventory order by product_id, warehouse_id limit 200`));
  // Plenty of stock everywhere, so removals are never refused and every request does the same work.
  await database.db.execute(sql`
    insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, performed_by, notes)
    select product_id, warehouse_id, 'adjustment', 100000, current_stock, current_stock + 100000, ${user!.id}::uuid, 'bench'
      from inventory`);
  await database.db.execute(sql`update inventory set current_stock = current_stock + 100000`);

  async function run(label: string, options: { processes: 1 | 2; hot: boolean; idempotent: boolean }) {
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const pair = options.hot ? pairs[0]! : pairs[i % pairs.length]!;
        const adds = i % 2 === 0;
        const body = adds
          ? { ...pair, quantity: 1 + (i % 3), unit_cost: 5, movement_reason: 'adjustment', reference_id: `B-${i}`, reference_type: 'manual', notes: 'bench' }
          : { ...pair, quantity: 1 + (i % 3), movement_type: 'out', reference_id: `B-${i}` };
        const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        if (options.idempotent) headers['idempotency-key'] = crypto.randomUUID();
        const started = performance.now();
        const res = await fetch(`${servers[options.processes === 2 ? i % 2 : 0]!.url}/api/inventory/${adds ? 'add-stock' : 'remove-stock'}`, {
          method: 'POST', headers, body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
    return { label, 'req/s': Math.round(REQUESTS / seconds), 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'p99 ms': at(0.99) };
  }

  await run('warm-up', { processes: 2, hot: false, idempotent: false });
  const results = [
    await run('spread over 200 rows, 2 processes (baseline)', { processes: 2, hot: false, idempotent: false }),
    await run('one hot row, 1 process', { processes: 1, hot: true, idempotent: false }),
    await run('one hot row, 2 processes', { processes: 2, hot: true, idempotent: false }),
    await run('one hot row, 2 processes, Idempotency-Key', { processes: 2, hot: true, idempotent: true }),
  ];
  console.log(`\n${REQUESTS} stock changes per scenario, ${CONCURRENCY} in flight:`);
  console.table(results);

  const [drift] = rowsOf<{ n: number }>(await database.db.execute(sql`
    select count(*)::int as n from inventory i
      left join (select product_id, warehouse_id, sum(quantity) as total from stock_movements group by 1, 2) m
        on m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
     where i.current_stock <> coalesce(m.total, 0)`));
  console.log(`Balances differing from their ledger after the run: ${drift!.n}`);
  await database.close();
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  cluster.stop();
}
