/**
 * POST /products/import with 10,000 rows on PGlite and on a throwaway PostgreSQL server: the dry run, the import
 * (10,000 new products), and a re-import of the same file (10,000 updates by SKU), with the memory the process used,
 * beside the raw-SQL baseline in the same run: one INSERT of the same rows from a JSON recordset, sent straight to the
 * driver (no CSV parsing, no validation, no HTTP).
 *
 *   npm run bench:import -- [--rows 10000] [--db pglite,postgres]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ean13 } from '../src/domain/barcode.js';
import { PRODUCT_CSV_EXAMPLES, productCsv } from '../src/domain/product-csv.js';
import { rowsOf } from '../src/server/db/rows.js';
import { benchApi, openBenchDb, stopBenchCluster, type Kind } from './support/bench-kit.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, db: { type: 'string', default: 'pglite,postgres' } } });
const ROWS = Number(values.rows);
const KINDS = values.db.split(',') as Kind[];

const file = (prefix: string) =>
  productCsv(
    Array.from({ length: ROWS }, (_, i) => ({
      ...PRODUCT_CSV_EXAMPLES[0]!,
      sku: `${prefix}-${i}`,
      barcode: ean13(`${prefix === 'API' ? '77' : '66'}${String(i).padStart(10, '0')}`),
      productname: `${prefix} product ${i}`,
    })),
  );

/** Wall time and the process's peak RSS above where it started (sampled every 10 ms), and the heap's growth. */
async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; seconds: number; rssMb: number; heapMb: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage();
  let peak = start.rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const result = await fn();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, seconds, rssMb: (peak - start.rss) / 2 ** 20, heapMb: (process.memoryUsage().heapUsed - start.heapUsed) / 2 ** 20 };
}

const line = (label: string, m: { seconds: number; rssMb: number; heapMb: number }, note = '') =>
  console.log(
    `  ${label.padEnd(44)} ${m.seconds.toFixed(2).padStart(7)} s   peak RSS +${m.rssMb.toFixed(0).padStart(4)} MB   heap +${m.heapMb.toFixed(0).padStart(4)} MB  ${note}`,
  );

async function run(kind: Kind) {
  const bench = await openBenchDb(kind);
  let onClose = async () => {};
  try {
    const { app } = await benchApi(bench.database);
    // The API's policy listener would keep the process alive after the last figure.
    onClose = () => app.close();
    const [admin] = rowsOf<{ id: string }>(await bench.database.db.execute(sql`select id from users where email = 'admin@demo.local'`));
    const { createTokenSigner } = await import('../src/server/auth/tokens.js');
    const token = await createTokenSigner('bench-secret-bench-secret-bench-secret').sign({ sub: admin!.id, role: 'admin', firstname: 'Bench' });
    const csv = file('API');
    const post = (dryRun: boolean) =>
      app
        .inject({
          method: 'POST',
          url: `/api/products/import?dry_run=${dryRun}`,
          payload: csv,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        })
        .then((r) => {
          if (r.statusCode !== 200) throw new Error(`HTTP ${r.statusCode}: ${r.body.slice(0, 300)}`);
          return JSON.parse(r.body) as { created: number; updated: number; errors: unknown[] };
        });

    console.log(`\n${kind}: ${ROWS} rows, ${(csv.length / 2 ** 20).toFixed(2)} MB of CSV`);
    const dry = await measure(() => post(true));
    line('API dry run', dry, `→ ${dry.result.created} new, ${dry.result.errors.length} errors`);
    const created = await measure(() => post(false));
    line('API import (creates)', created, `→ ${created.result.created} created`);
    const updated = await measure(() => post(false));
    line('API re-import of the same file (updates by SKU)', updated, `→ ${updated.result.updated} updated`);

    const [sub] = rowsOf<{ id: string; category_id: string }>(
      await bench.database.db.execute(sql`
      select s.id, s.category_id from subcategories s where s.name = 'Tea & Coffee'`),
    );
    const rows = JSON.stringify(
      Array.from({ length: ROWS }, (_, i) => ({
        productname: `SQL product ${i}`,
        sku: `SQL-${i}`,
        barcode: ean13(`66${String(i).padStart(10, '0')}`),
        category_id: sub!.category_id,
        subcategory_id: sub!.id,
        product_keyword: 'Tea Estate Co',
        price: 320,
        discount_price: 295,
        product_description: 'Raw SQL row',
        unit: 'g',
        unit_value: '500',
      })),
    );
    const baseline = await measure(() =>
      bench.raw([
        {
          text: `insert into products (productname, sku, barcode, category_id, subcategory_id, product_keyword, price, discount_price,
               product_description, unit, unit_value)
             select * from jsonb_to_recordset($1::jsonb) as r(productname text, sku text, barcode text, category_id uuid,
               subcategory_id uuid, product_keyword text, price numeric, discount_price numeric, product_description text, unit text, unit_value text)`,
          params: [rows],
        },
      ]),
    );
    line('baseline: raw SQL INSERT of the same rows', baseline);
    console.log(`  API import / raw INSERT: ${(created.seconds / baseline.seconds).toFixed(1)}x   (target: dry run and import ≤ 10 s each)`);
  } finally {
    await onClose();
    await bench.close();
  }
}

try {
  for (const kind of KINDS) await run(kind);
} finally {
  stopBenchCluster();
}
