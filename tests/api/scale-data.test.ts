import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScaleData } from '../../bench/support/scale-data.js';
import type { Database } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { applyFunctions, readFunctions } from '../../src/server/db/functions.js';
import pg from 'pg';
import { expectExpiryTotalsInvariant, expectLedgerInvariant, expectReorderWatchInvariant } from '../support/stock-ledger.js';
import { openTestDatabase } from '../support/test-app.js';

/**
 * The benches' data set (bench/support/scale-data.ts) is written in bulk: indexes dropped and rebuilt, row triggers
 * and key checks off, their work done by set-based statements instead. It must hold exactly what the product's own
 * triggers write: the same data set built row by row, every trigger on, is the reference.
 */
const SIZE = { products: 120, warehouses: 5, movements: 1500, days: 60, expiry: true };
let bulk: Database;
let reference: Database;

const rows = async (db: Database, text: string) => rowsOf<Record<string, unknown>>(await db.db.execute(sql.raw(text)));
const BENCH = `(select id from products where product_description like 'Bench product %')`;
/** The build's now(): its newest product was created a second before it. */
const NOW = `(select max(created) + interval '1 second' from products where product_description like 'Bench product %')`;
/** Each table's rows by what names them (the bench's ids are drawn afresh by each build), timestamps from the build's now(). */
const TABLES: Record<string, string> = {
  products: `select productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price, unit, tracks_expiry,
                    created - ${NOW} as age from products where id in ${BENCH} order by productname`,
  warehouses: `select name, address from warehouses where name like 'Bench Warehouse %' order by name`,
  inventory: `select p.productname, w.name, i.current_stock, i.stock_value, i.unit_cost, i.minimum_stock, i.maximum_stock, i.location, i.tracks_expiry
                from inventory i join products p on p.id = i.product_id join warehouses w on w.id = i.warehouse_id
               where i.product_id in ${BENCH} order by 1, 2`,
  movements: `select m.reference_id, p.productname, w.name, m.movement_type, m.quantity, m.stock_before, m.stock_after, m.unit_cost,
                     m.total_value, m.value_change, m.movement_reason, m.batch_no, m.created - ${NOW} as age
                from stock_movements m join products p on p.id = m.product_id join warehouses w on w.id = m.warehouse_id
               where m.product_id in ${BENCH} order by m.seq`,
  batches: `select p.productname, w.name, b.batch_no, b.expiry_date, b.current_stock
              from stock_batches b join products p on p.id = b.product_id join warehouses w on w.id = b.warehouse_id
             where b.product_id in ${BENCH} order by 1, 2, 3`,
  history: `select h.resource, h.action, h.record_label, h.changes, h.user_id, h.user_name, w.name as warehouse,
                   coalesce((select p.productname from products p where p.id::text = h.record_id),
                            (select p.productname || ' @ ' || x.name from inventory i join products p on p.id = i.product_id
                               join warehouses x on x.id = i.warehouse_id where i.id::text = h.record_id)) as record
              from record_history h left join warehouses w on w.id = h.warehouse_id
             where h.record_label like '%No. %' or h.record_label like 'Bench%'
             order by h.id`,
  // Kept and still to fold (a reader folds them): their sum is the same whenever the fold ran.
  'stock totals': `select w.name, sum(t.records)::int as records, sum(t.low_stock)::int as low, sum(t.out_of_stock)::int as empty, sum(t.stock_value) as value
                     from (select warehouse_id, records, low_stock, out_of_stock, stock_value from stock_totals
                           union all select warehouse_id, records, low_stock, out_of_stock, stock_value from stock_totals_pending) t
                     join warehouses w on w.id = t.warehouse_id group by 1 order by 1`,
  'daily totals': `select d.day, w.name, d.movement_type, d.movement_count, d.quantity, d.value_in, d.value_out, d.held_change
                     from stock_daily_totals d join warehouses w on w.id = d.warehouse_id where w.name like 'Bench Warehouse %' order by 1, 2, 3`,
  'valuation order': `select p.productname, w.name from stock_pairs s join products p on p.id = s.product_id join warehouses w on w.id = s.warehouse_id
                       where s.product_id in ${BENCH} order by 1, 2`,
};

beforeAll(async () => {
  [bulk, reference] = await Promise.all([openTestDatabase({ seeded: true }), openTestDatabase({ seeded: true })]);
  // One now for both: built apart, a movement near midnight would fall on another day's totals in one of them.
  const now = new Date();
  await buildScaleData(bulk.db, { ...SIZE, now });
  await buildScaleData(reference.db, { ...SIZE, rowByRow: true, now });
}, 120_000);

afterAll(async () => {
  await Promise.all([bulk?.close(), reference?.close()]);
});

describe('the benches’ data set', () => {
  it('keeps every stock invariant: balances, values, batches, daily, stock, expiry and reorder totals', async () => {
    await expectLedgerInvariant(bulk.db);
    const [tracked] = await rows(bulk, `select count(*)::int as n from stock_batches where product_id in ${BENCH}`);
    expect(tracked!.n, 'batches of the products tracking expiry').toBeGreaterThan(0);
  });

  it.each(Object.keys(TABLES))('holds in %s what the product’s own triggers write row by row', async (table) => {
    const [ours, theirs] = await Promise.all([rows(bulk, TABLES[table]!), rows(reference, TABLES[table]!)]);
    expect(ours.length, `${table}: rows`).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });
});

/**
 * A count of the reorder watch and a reader of the expiry totals take the records marked since the last one 10,000 at a
 * time (functions/45-reorder-watch.sql, 47-expiry-totals.sql): a bulk load marks every record at once, and taking two
 * million marks in one statement grew PGlite's heap, in the server's own process, by 800 MB for good. More than one
 * chunk's worth of marks must all be taken, each record worked out once.
 */
describe('marks taken a chunk at a time', () => {
  let big: Database;
  const count = async (table: string) => (await rows(big, `select count(*)::int as n from ${table}`))[0]!.n as number;

  beforeAll(async () => {
    big = await openTestDatabase({ seeded: true });
    await buildScaleData(big.db, { products: 5_050, warehouses: 5, movements: 10_100, days: 60, expiry: true });
  }, 120_000);

  afterAll(async () => {
    await big?.close();
  });

  it('rewrites the reorder watch of more records than a chunk, from their marks alone', async () => {
    await big.db.execute(sql`delete from reorder_watch`);
    await big.db.execute(sql`insert into reorder_dirty (inventory_id) select id from inventory on conflict do nothing`);
    expect(await count('reorder_dirty')).toBeGreaterThan(10_000);
    await expectReorderWatchInvariant(big.db);
    expect(await count('reorder_dirty'), 'marks left behind').toBe(0);
    expect(await count('reorder_watch'), 'records listed').toBeGreaterThan(0);
  });

  it('rewrites the expiry totals of more records than a chunk, from their marks alone', async () => {
    await big.db.execute(sql`delete from expiry_totals`);
    await big.db.execute(sql`delete from expiry_record_totals`);
    await big.db.execute(sql`insert into expiry_dirty (product_id, warehouse_id) select product_id, warehouse_id from inventory on conflict do nothing`);
    expect(await count('expiry_dirty')).toBeGreaterThan(10_000);
    await expectExpiryTotalsInvariant(big.db);
    expect(await count('expiry_dirty'), 'marks left behind').toBe(0);
    expect(await count('expiry_totals'), 'warehouse days').toBeGreaterThan(0);
  });

  it('rebuilds both from every record, a chunk at a time, when the functions are applied again', async () => {
    for (const table of ['reorder_watch', 'expiry_totals', 'expiry_record_totals', 'schema_functions']) await big.db.execute(sql.raw(`delete from ${table}`));
    const { origin } = big;
    if (origin.kind === 'pglite') {
      await applyFunctions(
        (text) => origin.client.exec(text),
        async (text) => (await origin.client.query(text)).rows as never,
        readFunctions(),
      );
    } else {
      const client = new pg.Client({ connectionString: origin.url });
      await client.connect();
      try {
        await applyFunctions(
          (text) => client.query(text),
          async (text) => (await client.query(text)).rows,
          readFunctions(),
        );
      } finally {
        await client.end();
      }
    }
    // Taken by the rebuild itself: the invariants below would take any left.
    expect(await count('reorder_dirty'), 'marks left behind').toBe(0);
    expect(await count('expiry_dirty'), 'marks left behind').toBe(0);
    await expectReorderWatchInvariant(big.db);
    await expectExpiryTotalsInvariant(big.db);
    expect(await count('reorder_watch'), 'records listed').toBeGreaterThan(0);
    expect(await count('expiry_totals'), 'warehouse days').toBeGreaterThan(0);
  });
});
