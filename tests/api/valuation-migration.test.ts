import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { clusterDataDir, dbKind } from '../support/test-app.js';
import { expectLedgerInvariant, expectStockTotalsInvariant, queryRows } from '../support/stock-ledger.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'valuation-migration-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The migrations of a release before `tag` (the release before stock values: '0013', 0000–0012). */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(tmp, 'migrations-'));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * The example as that release left it: 41 Toned Milk bought at ₹18.90, then 10 at ₹42.50, into a record whose
 * unit cost stayed ₹18.90 (the old add-stock never moved it): 51 × 18.90 = ₹963.90 shown, ₹1,199.90 paid. A second
 * record sold down to 0 after a purchase. Rows as the old functions wrote them: total_value unsigned.
 */
const legacyData = `
  insert into cities (id, name, state, district, pincode) values ('00000000-0000-4000-8000-000000000001', 'Jaipur', 'Rajasthan', 'Jaipur', '302001');
  insert into warehouses (id, name, city_id, address, contact_person, contact_phone, contact_email)
    values ('00000000-0000-4000-8000-000000000002', 'Old Store', '00000000-0000-4000-8000-000000000001', 'MI Road', 'Asha', '9000000000', 'a@x.in');
  insert into categories (id, name) values ('00000000-0000-4000-8000-000000000003', 'Dairy');
  insert into subcategories (id, category_id, name) values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000003', 'Milk');
  insert into products (id, productname, category_id, subcategory_id, product_keyword, price, discount_price, product_description, unit, unit_value)
    values ('00000000-0000-4000-8000-000000000005', 'Toned Milk', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004', 'Amul', 30, 28, 'Milk', 'ml', '500'),
           ('00000000-0000-4000-8000-000000000006', 'Curd', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004', 'Amul', 40, 38, 'Curd', 'g', '400');
  insert into inventory (product_id, warehouse_id, current_stock, unit_cost)
    values ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 51, 18.90),
           ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000002', 0, 12.00);
  insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost, total_value, movement_reason, created)
    values ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 'in', 41, 0, 41, 18.90, 774.90, 'purchase', now() - interval '2 days'),
           ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 'in', 10, 41, 51, 42.50, 425.00, 'purchase', now() - interval '1 day'),
           ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000002', 'in', 5, 0, 5, 12.00, 60.00, 'purchase', now() - interval '2 days'),
           ('00000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000002', 'out', -5, 5, 0, 12.00, 60.00, null, now() - interval '1 day');`;

/** A database as the release before `tag` left it, holding `data`; then this release opens it (migrations and functions). */
async function upgraded(tag = '0013', data = legacyData): Promise<Database> {
  const migrationsFolder = migrationsBefore(tag);
  if (dbKind === 'pglite') {
    // The run's new cluster, as that release's first start made it.
    const dataDir = await clusterDataDir(tmp);
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    await client.exec(data);
    await client.close();
    return openDatabase({ kind: 'pglite', dataDir });
  }
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = inject('pgUrl').replace(/\/[^/]*$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url });
  await migratePg(drizzlePg(pool), { migrationsFolder });
  await pool.query(data);
  await pool.end();
  return openDatabase({ kind: 'postgres', url, poolSize: 2 });
}

describe('existing stock data gets values (migration 0013)', () => {
  it("each record keeps today's value, stock × unit cost, through one opening valuation row; the ledger keeps its own", async () => {
    const database = await upgraded();
    try {
      const db = database.db;
      const records = await queryRows<{ productname: string; current_stock: number; stock_value: number; unit_cost: number }>(
        db,
        sql`
        select p.productname, i.current_stock, i.stock_value::float8 as stock_value, i.unit_cost::float8 as unit_cost
          from inventory i join products p on p.id = i.product_id order by p.productname`,
      );
      expect(records).toEqual([
        { productname: 'Curd', current_stock: 0, stock_value: 0, unit_cost: 12 },
        { productname: 'Toned Milk', current_stock: 51, stock_value: 963.9, unit_cost: 18.9 },
      ]);
      const rows = await queryRows<{ productname: string; movement_type: string; quantity: number; value_change: number; movement_reason: string | null }>(
        db,
        sql`
        select p.productname, m.movement_type, m.quantity, m.value_change::float8 as value_change, m.movement_reason
          from stock_movements m join products p on p.id = m.product_id order by p.productname, m.seq`,
      );
      expect(rows).toEqual([
        { productname: 'Curd', movement_type: 'in', quantity: 5, value_change: 60, movement_reason: 'purchase' },
        { productname: 'Curd', movement_type: 'out', quantity: -5, value_change: -60, movement_reason: null },
        { productname: 'Toned Milk', movement_type: 'in', quantity: 41, value_change: 774.9, movement_reason: 'purchase' },
        { productname: 'Toned Milk', movement_type: 'in', quantity: 10, value_change: 425, movement_reason: 'purchase' },
        // ₹1,199.90 recorded in, ₹963.90 held: the opening valuation brings the ledger to what the record holds.
        { productname: 'Toned Milk', movement_type: 'valuation', quantity: 0, value_change: -236, movement_reason: 'opening' },
      ]);
      // Balances = ledger, values = ledger values, and the daily totals (with the new valuation row) agree.
      await expectLedgerInvariant(db);
    } finally {
      await database.close();
    }
  }, 120_000);
});

/** Two stock takes as the release before kept counts left them: 3 lines (1 counted) and 2 lines (both counted). */
const takesData = `
  insert into cities (id, name, state, district, pincode) values ('00000000-0000-4000-8000-000000000001', 'Jaipur', 'Rajasthan', 'Jaipur', '302001');
  insert into warehouses (id, name, city_id, address, contact_person, contact_phone, contact_email)
    values ('00000000-0000-4000-8000-000000000002', 'Old Store', '00000000-0000-4000-8000-000000000001', 'MI Road', 'Asha', '9000000000', 'a@x.in');
  insert into categories (id, name) values ('00000000-0000-4000-8000-000000000003', 'Dairy');
  insert into subcategories (id, category_id, name) values ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000003', 'Milk');
  insert into products (id, productname, category_id, subcategory_id, product_keyword, price, discount_price, product_description, unit, unit_value)
    select ('00000000-0000-4000-8000-00000000001' || i)::uuid, 'Product ' || i, '00000000-0000-4000-8000-000000000003',
           '00000000-0000-4000-8000-000000000004', 'Amul', 30, 28, 'Milk', 'ml', '500' from generate_series(0, 2) as i;
  insert into stock_takes (id, warehouse_id, status) values ('00000000-0000-4000-8000-000000000020', '00000000-0000-4000-8000-000000000002', 'open'),
                                                          ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000002', 'cancelled');
  insert into stock_take_lines (stock_take_id, product_id, expected, counted)
    values ('00000000-0000-4000-8000-000000000020', '00000000-0000-4000-8000-000000000010', 5, 4),
           ('00000000-0000-4000-8000-000000000020', '00000000-0000-4000-8000-000000000011', 5, null),
           ('00000000-0000-4000-8000-000000000020', '00000000-0000-4000-8000-000000000012', 5, null),
           ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000010', 5, 5),
           ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000011', 5, 6);
`;

/** The three products' balances in the stock takes' warehouse. */
const records = `
  insert into inventory (product_id, warehouse_id, current_stock, stock_value, minimum_stock, unit_cost)
    values ('00000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000002', 10, 250.50, 2, 25.05),
           ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000002', 1, 30, 5, 30),
           ('00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000002', 0, 0, 0, 12);`;

describe('existing stock takes get their kept line counts (migration 0028)', () => {
  it('each take counts the lines it had, and the lines written after the upgrade move the counts', async () => {
    const database = await upgraded('0028', takesData);
    try {
      const counts = () =>
        queryRows<{ id: string; lines_total: number; lines_counted: number }>(
          database.db,
          sql`select id, lines_total, lines_counted from stock_takes order by id`,
        );
      expect(await counts()).toEqual([
        { id: '00000000-0000-4000-8000-000000000020', lines_total: 3, lines_counted: 1 },
        { id: '00000000-0000-4000-8000-000000000021', lines_total: 2, lines_counted: 2 },
      ]);
      await database.db.execute(sql`update stock_take_lines set counted = 0 where stock_take_id = '00000000-0000-4000-8000-000000000020' and counted is null`);
      await database.db.execute(sql`delete from stock_take_lines where stock_take_id = '00000000-0000-4000-8000-000000000021' and counted = 6`);
      expect(await counts()).toEqual([
        { id: '00000000-0000-4000-8000-000000000020', lines_total: 3, lines_counted: 3 },
        { id: '00000000-0000-4000-8000-000000000021', lines_total: 1, lines_counted: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('existing takes get their variance totals, and existing records the stock totals (migration 0032)', () => {
  it('each take totals the variances it had, each warehouse its records, and later writes move both', async () => {
    const database = await upgraded('0032', takesData + records);
    try {
      const takes = () =>
        queryRows<{ id: string; lines_varied: number; variance_quantity: number }>(
          database.db,
          sql`select id, lines_varied, variance_quantity::int as variance_quantity from stock_takes order by id`,
        );
      expect(await takes()).toEqual([
        { id: '00000000-0000-4000-8000-000000000020', lines_varied: 1, variance_quantity: -1 },
        { id: '00000000-0000-4000-8000-000000000021', lines_varied: 1, variance_quantity: 1 },
      ]);
      const totals = () =>
        queryRows<{ records: number; low_stock: number; out_of_stock: number; stock_value: string }>(
          database.db,
          sql`select records::int, low_stock::int, out_of_stock::int, stock_value::text from stock_totals`,
        );
      // Filled when the functions are applied (the database's first start on this release).
      expect(await totals()).toEqual([{ records: 3, low_stock: 2, out_of_stock: 1, stock_value: '280.50' }]);

      await database.db.execute(sql`update stock_take_lines set counted = 7 where stock_take_id = '00000000-0000-4000-8000-000000000020' and counted is null`);
      await database.db.execute(sql`update inventory set minimum_stock = 0 where current_stock = 1`);
      expect(await takes()).toEqual([
        { id: '00000000-0000-4000-8000-000000000020', lines_varied: 3, variance_quantity: 3 },
        { id: '00000000-0000-4000-8000-000000000021', lines_varied: 1, variance_quantity: 1 },
      ]);
      await database.db.execute(sql`select stock_totals_take_pending()`);
      expect(await totals()).toEqual([{ records: 3, low_stock: 1, out_of_stock: 1, stock_value: '280.50' }]);
      await expectStockTotalsInvariant(database.db);
    } finally {
      await database.close();
    }
  });
});

describe('existing counted lines get their variance value, and their takes its sum (migration 0034)', () => {
  it('each counted line is valued at its balance’s average cost at the upgrade, and later counts at theirs', async () => {
    const database = await upgraded('0034', takesData + records);
    try {
      const values = () =>
        queryRows<{ id: string; variance_value: string; lines: string }>(
          database.db,
          sql`select t.id, t.variance_value::text,
                     string_agg(coalesce(l.variance_value::text, '-'), ' ' order by l.product_id) as lines
                from stock_takes t join stock_take_lines l on l.stock_take_id = t.id group by t.id order by t.id`,
        );
      // Take 20: one short of 5 at ₹25.05; take 21: one exact, one over at ₹30.
      expect(await values()).toEqual([
        { id: '00000000-0000-4000-8000-000000000020', variance_value: '-25.05', lines: '-25.05 - -' },
        { id: '00000000-0000-4000-8000-000000000021', variance_value: '30.00', lines: '0.00 30.00' },
      ]);
      // Two over on each uncounted line: ₹30 on the average of one in stock, the unit cost (₹12) of an empty balance.
      await database.db.execute(sql`update stock_take_lines set counted = 7 where stock_take_id = '00000000-0000-4000-8000-000000000020' and counted is null`);
      expect(await values()).toEqual([
        { id: '00000000-0000-4000-8000-000000000020', variance_value: '58.95', lines: '-25.05 60.00 24.00' },
        { id: '00000000-0000-4000-8000-000000000021', variance_value: '30.00', lines: '0.00 30.00' },
      ]);
    } finally {
      await database.close();
    }
  });
});
