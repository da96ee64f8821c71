/**
 * Product catalogue at scale: list, deep page, stock sort, warehouse filter, search and autocomplete on
 * N products (default 100,000), timed through the real API (Fastify inject, no network) on PGlite.
 * Baseline in the same run: the same requests after dropping the trigram indexes of migration 0002.
 *
 *   npm run bench:catalogue -- [--products 100000] [--runs 15]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/client.js';
import { dbPolicySource, ensurePolicySeeded } from '../src/server/auth/db-policy-source.js';
import { setPasswordHashCost } from '../src/server/auth/passwords.js';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { seedDemo } from '../src/server/seed/seed-demo.js';

const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' }, runs: { type: 'string', default: '15' } } });
const N = Number(values.products);
const RUNS = Number(values.runs);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

setPasswordHashCost('low');
const started = Date.now();
const database = await openDatabase({ kind: 'pglite', dataDir: null });
const db = database.db;
await ensurePolicySeeded(db);
await seedDemo(db);

// Bulk catalogue in SQL: names from a word list, one rare word ('Saffron') every 997th product,
// an inventory row in each warehouse for every third product.
await db.execute(sql`
  insert into products (productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price,
    product_description, unit, unit_value, created)
  select
    (array['Basmati Rice','Toned Milk','Wheat Atta','Toor Dal','Mustard Oil','Marie Biscuits','Green Tea','Neem Soap',
           'Floor Cleaner','Potato Chips'])[1 + i % 10] || ' ' || case when i % 997 = 0 then 'Saffron ' else '' end || 'No. ' || i,
    'उत्पाद ' || i, s.category_id, s.id, 'Brand ' || (i % 300), 10 + (i % 500), 9 + (i % 500), 'Bench product ' || i,
    'pcs', '1', now() - make_interval(secs => i)
  from generate_series(1, ${N}) as i
  cross join lateral (select id, category_id from subcategories order by id offset (i % 5) limit 1) s`);
await db.execute(sql`
  insert into inventory (product_id, warehouse_id, current_stock, minimum_stock, maximum_stock, unit_cost)
  select p.id, w.id, (hashtext(p.id::text || w.id::text) & 255) % 120, 20, 500, p.price
  from (select id, price, row_number() over () as n from products) p cross join warehouses w
  where p.n % 3 = 0
  on conflict do nothing`);
await db.execute(sql`analyze`);
const firstRow = async <T>(query: ReturnType<typeof sql>): Promise<T> => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const { warehouse } = await firstRow<{ warehouse: string }>(sql`select id as warehouse from warehouses limit 1`);
const { admin } = await firstRow<{ admin: string }>(sql`select id as admin from users where email = 'admin@demo.local'`);
console.log(`Built ${N.toLocaleString('en-IN')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const signer = createTokenSigner('bench-secret-bench-secret-bench-secret');
const app = await buildApp({ database, signer, policy: dbPolicySource(db), config: { loginRateLimit: 1e6 } });
await app.ready();
const token = await signer.sign({ sub: admin, role: 'admin', firstname: 'Bench' });

const scenarios: [string, string][] = [
  ['list, page 1', '/api/products?page=1&limit=10'],
  [`list, page ${Math.floor(N / 20).toLocaleString('en-IN')}`, `/api/products?page=${Math.floor(N / 20)}&limit=10`],
  ['list sorted by current stock', '/api/products?sort=current_stock&order=asc&limit=10'],
  ['list of one warehouse', `/api/products?warehouse_id=${warehouse}&limit=10`],
  ['search, rare word "saffron"', '/api/products?q=saffron&limit=10'],
  ['search, common "milk"', '/api/products?q=milk&limit=10'],
  ['autocomplete "saffr"', '/api/products/autocomplete?q=saffr'],
];

async function time(url: string): Promise<{ median: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    if (i >= 2) samples.push(ms); // two warm-up requests
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]! };
}

const withIndex: Record<string, { median: number; p95: number }> = {};
for (const [name, url] of scenarios) withIndex[name] = await time(url);
const rssWith = process.memoryUsage().rss;

await db.execute(sql`drop index products_search_text_trgm, products_name_text_trgm`);
await db.execute(sql`analyze products`);
const baseline: Record<string, { median: number; p95: number }> = {};
for (const [name, url] of scenarios) baseline[name] = await time(url);

const f = (n: number) => n.toFixed(1).padStart(8);
console.log(`\n${N.toLocaleString('en-IN')} products, ${RUNS} timed requests each (ms; median and p95)\n`);
console.log(`${'request'.padEnd(32)} ${'trigram idx'.padStart(18)} ${'baseline: no idx'.padStart(18)}  speed-up`);
for (const [name] of scenarios) {
  const a = withIndex[name]!;
  const b = baseline[name]!;
  console.log(`${name.padEnd(32)} ${f(a.median)} ${f(a.p95)}  ${f(b.median)} ${f(b.p95)}   ${(b.median / a.median).toFixed(1)}x`);
}
console.log(`\nprocess RSS after the indexed run: ${mb(rssWith)}; heap used now: ${mb(process.memoryUsage().heapUsed)}`);

await app.close();
await database.close();
