/**
 * A list's CSV export at scale (issue 33): `GET /api/products.csv` of N products (default 1,000,000, every one of
 * them) from a real API process over HTTP, beside `COPY (…) TO STDOUT` of the same rows and columns in the same order,
 * and the API process's memory: its RSS when idle and its peak while the file streams (sampled every 20 ms from
 * /proc). Target: every row, within 3× the COPY, the API's RSS within 100 MB of idle.
 *
 *   npm run bench:export -- [--products 1000000] [--runs 3] [--db postgres,pglite]
 *
 * PostgreSQL: COPY through psql and the download are sampled alternately (a, b, a, b…). PGlite: one process may open
 * its data directory at a time, so its COPY (`TO '/dev/blob'`, in this process) runs first, then the API process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { rowsOf } from '../src/server/db/rows.js';
import { ensurePolicySeeded } from '../src/server/auth/db-policy-source.js';
import { setPasswordHashCost } from '../src/server/auth/passwords.js';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { seedDemo } from '../src/server/seed/seed-demo.js';
import { findPostgresBin, startCluster } from '../tests/support/postgres-cluster.js';
import { ROOT, startServerProcess, type ServerProcess } from '../tests/support/server-process.js';
import { seconds, type Kind } from './support/bench-kit.js';
import { createBenchDatabase } from './support/two-processes.js';
import { buildScaleData } from './support/scale-data.js';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '3' }, db: { type: 'string', default: 'postgres,pglite' } },
});
const N = Number(values.products);
const RUNS = Number(values.runs);
const SECRET = 'bench-export-secret-bench-export-secret-0123';

/** The export's rows and columns (the import's, src/domain/product-csv.ts) in the list's default order: the COPY baseline. */
const SAME_ROWS = `select p.sku, p.barcode, p.productname, p.product_hindi, c.name as category, s.name as subcategory,
  p.product_keyword as brand, p.unit, p.unit_value, p.price, p.discount_price, p.product_description as description, p.tracks_expiry
  from products p join categories c on c.id = p.category_id join subcategories s on s.id = p.subcategory_id
  order by p.created desc, p.id desc`;
const COPY = `copy (${SAME_ROWS}) to stdout with (format csv, header)`;

/**
 * `npm start`'s own Node flags (its heap size, which sets how soon V8 collects a download's garbage): the server is
 * measured as it runs.
 */
const START_FLAGS = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const startServer = (env: Record<string, string>, timeoutMs?: number) =>
  startServerProcess(env, timeoutMs, ROOT, [...START_FLAGS, '--import', 'tsx', 'src/server/main.ts']);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

type Download = { ms: number; bytes: number; rows: number; peakMb: number; idleMb: number };

/** The API's CSV over HTTP, read as fast as it comes; its lines counted, the server's RSS sampled throughout. */
function download(server: ServerProcess, token: string): Promise<Download> {
  const pid = server.child.pid!;
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 20);
  const t0 = performance.now();
  return new Promise<Download>((resolve, reject) => {
    http
      .get(`${server.url}/api/products.csv`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`GET /api/products.csv → ${response.statusCode}`));
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.on('end', () => resolve({ ms: performance.now() - t0, bytes, rows: lines - 1, peakMb: Math.max(peakMb, rssMb(pid)), idleMb }));
        response.on('error', reject);
      })
      .on('error', reject);
  }).finally(() => clearInterval(sampler));
}

/** `COPY … TO STDOUT` through psql, its output counted. */
function copyWithPsql(bin: string, url: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', COPY], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('exit', (code) => (code === 0 ? resolve({ ms: performance.now() - t0, bytes }) : reject(new Error(`psql exited with ${code}`))));
  });
}

/** The demo data and N products (scale-data.ts), then a token for the admin. */
async function build(database: Database): Promise<{ token: string; products: number }> {
  setPasswordHashCost('low');
  await ensurePolicySeeded(database.db);
  await seedDemo(database.db);
  await buildScaleData(database.db, { products: N, movements: 0 });
  const [admin] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = 'admin@demo.local'`));
  const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products`)) as [{ n: number }];
  const token = await createTokenSigner(SECRET).sign({ sub: admin!.id, role: 'admin', firstname: 'Bench' });
  return { token, products: n };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Result = { kind: Kind; products: number; api: Download[]; copy: { ms: number; bytes: number }[] };
const results: Result[] = [];

async function postgres(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');
  const cluster = await startCluster(bin);
  let server: ServerProcess | undefined;
  try {
    const url = await createBenchDatabase(cluster);
    const t0 = performance.now();
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    const { token, products } = await build(database);
    await database.close();
    console.log(`postgres: ${products.toLocaleString('en-IN')} products built in ${seconds(t0)}`);
    server = await startServer({ DATABASE_URL: url, JWT_SECRET: SECRET, PORT: '0', SEED_DEMO: '0', LOG_LEVEL: 'error' });
    const result: Result = { kind: 'postgres', products, api: [], copy: [] };
    // One untimed of each: the catalogue read into the cache, the API's first request.
    await copyWithPsql(bin, url);
    await download(server, token);
    for (let i = 0; i < RUNS; i++) {
      result.copy.push(await copyWithPsql(bin, url));
      result.api.push(await download(server, token));
    }
    results.push(result);
  } finally {
    await server?.stop();
    cluster.stop();
  }
}

async function pglite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  let server: ServerProcess | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const { token, products } = await build(database);
    console.log(`pglite: ${products.toLocaleString('en-IN')} products built in ${seconds(t0)}`);
    const result: Result = { kind: 'pglite', products, api: [], copy: [] };
    const client = (database.db as unknown as { $client: { query: (text: string) => Promise<{ blob?: Blob }> } }).$client;
    const copy = async () => {
      const t1 = performance.now();
      const { blob } = await client.query(`copy (${SAME_ROWS}) to '/dev/blob' with (format csv, header)`);
      return { ms: performance.now() - t1, bytes: blob?.size ?? 0 };
    };
    await copy();
    for (let i = 0; i < RUNS; i++) result.copy.push(await copy());
    await database.close();
    server = await startServer({ DATA_DIR: dir, JWT_SECRET: SECRET, PORT: '0', SEED_DEMO: '0', LOG_LEVEL: 'error' }, 600_000);
    await download(server, token);
    for (let i = 0; i < RUNS; i++) result.api.push(await download(server, token));
    results.push(result);
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const kind of values.db.split(',') as Kind[]) await (kind === 'postgres' ? postgres() : pglite());

console.log(`\nCSV export of every product (GET /api/products.csv, HTTP, a real API process) vs COPY of the same rows; median of ${RUNS}`);
console.log('db         products   rows in file       MB    API s   COPY s   API/COPY   API RSS idle → peak (Δ)');
for (const r of results) {
  const api = median(r.api.map((d) => d.ms));
  const copy = median(r.copy.map((c) => c.ms));
  const rows = Math.min(...r.api.map((d) => d.rows));
  const idle = Math.min(...r.api.map((d) => d.idleMb));
  const peak = Math.max(...r.api.map((d) => d.peakMb));
  const whole = r.api.every((d) => d.rows === r.products) ? '' : '  ← ROWS MISSING';
  console.log(
    `${r.kind.padEnd(8)} ${r.products.toLocaleString('en-IN').padStart(10)} ${rows.toLocaleString('en-IN').padStart(14)} ${(r.api[0]!.bytes / 2 ** 20).toFixed(0).padStart(8)}` +
      ` ${(api / 1000).toFixed(2).padStart(8)} ${(copy / 1000).toFixed(2).padStart(8)} ${(api / copy).toFixed(2).padStart(9)}×` +
      `   ${idle.toFixed(0)} → ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)})${whole}`,
  );
}
