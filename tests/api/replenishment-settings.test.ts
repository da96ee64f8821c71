import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * An inventory record's replenishment settings (issue 31): lead time, order multiple and preferred seller on the record
 * (PUT /inventory/{id}) and in bulk from a CSV file (POST /inventory/replenishment-settings/import: a dry run by
 * default, each bad cell by row and column, all rows or none, the caller's warehouses only).
 */
let t: TestApp;
const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));
type Settings = {
  id: string;
  warehouse: string;
  product: string;
  sku: string | null;
  minimum_stock: number;
  maximum_stock: number;
  lead_time_days: number;
  order_multiple: number;
  preferred_seller_id: string | null;
};
let records: Settings[]; // records of one of the warehouse-user's warehouses, with their product's SKU
let outside: Settings; // a record of a warehouse outside theirs
let seller: { id: string; email: string; phone: string };
let mine: string[];

const settingsOf = async (id: string) =>
  (
    await q<Settings>(sql`
  select i.id::text, w.name as warehouse, p.productname as product, p.sku, i.minimum_stock, i.maximum_stock, i.lead_time_days, i.order_multiple,
         i.preferred_seller_id::text from inventory i join warehouses w on w.id = i.warehouse_id join products p on p.id = i.product_id
   where i.id = ${id}::uuid`)
  )[0]!;
const snapshot = async () =>
  q<Settings>(
    sql`select id::text, minimum_stock, maximum_stock, lead_time_days, order_multiple, preferred_seller_id::text, modified from inventory order by id`,
  );

const upload = (csv: string, query = '', role: 'admin' | 'warehouse-user' = 'admin', key = crypto.randomUUID()) =>
  t.request('POST', `/api/inventory/replenishment-settings/import${query}`, {
    role,
    body: csv,
    headers: { 'content-type': 'text/csv', 'idempotency-key': key },
  });

beforeAll(async () => {
  t = await createTestApp();
  mine = (await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, { role: 'admin' })).body.warehouse_ids;
  records = await q<Settings>(sql`
    select i.id::text, w.name as warehouse, p.productname as product, p.sku, i.minimum_stock, i.maximum_stock, i.lead_time_days, i.order_multiple,
           i.preferred_seller_id::text
      from inventory i join warehouses w on w.id = i.warehouse_id join products p on p.id = i.product_id
     where i.warehouse_id = ${mine[0]}::uuid and p.sku is not null order by p.productname limit 8`);
  [outside] = (await q<Settings>(sql`
    select i.id::text, w.name as warehouse, p.productname as product, p.sku from inventory i join warehouses w on w.id = i.warehouse_id
      join products p on p.id = i.product_id where i.warehouse_id <> all(${`{${mine.join(',')}}`}::uuid[]) and p.sku is not null order by i.id limit 1`)) as [
    Settings,
  ];
  [seller] = (await q<{ id: string; email: string; phone: string }>(
    sql`select id::text, email, phonenumber as phone from users where role = 'seller' order by email limit 1`,
  )) as [{ id: string; email: string; phone: string }];
});
afterAll(() => t.close());

describe('on the inventory record', () => {
  it('reads and edits lead time, order multiple and preferred seller; a bad value is a 400 naming the field', async () => {
    const id = records[0]!.id;
    const put = (body: unknown) => t.request('PUT', `/api/inventory/${id}`, { role: 'admin', body });
    const ok = await put({ lead_time_days: 6, order_multiple: 24, preferred_seller_id: seller.id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ lead_time_days: 6, order_multiple: 24, preferred_seller_id: seller.id });
    expect((await t.request('GET', `/api/inventory/${id}`, { role: 'admin' })).body).toMatchObject({ lead_time_days: 6, order_multiple: 24 });
    // What is not sent stays; null clears the seller.
    expect((await put({ location: 'R-1' })).body).toMatchObject({ lead_time_days: 6, preferred_seller_id: seller.id });
    expect((await put({ preferred_seller_id: null })).body.preferred_seller_id).toBeNull();
    for (const [body, field] of [
      [{ lead_time_days: 366 }, 'lead_time_days'],
      [{ lead_time_days: -1 }, 'lead_time_days'],
      [{ lead_time_days: 1.5 }, 'lead_time_days'],
      [{ order_multiple: 0 }, 'order_multiple'],
      [{ order_multiple: 100_001 }, 'order_multiple'],
      [{ preferred_seller_id: t.userIds.admin }, 'preferred_seller_id'],
      [{ preferred_seller_id: 'nobody' }, 'preferred_seller_id'],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toEqual([field]);
    }
    expect(await settingsOf(id)).toMatchObject({ lead_time_days: 6, order_multiple: 24, preferred_seller_id: null });
  });
});

describe('the settings CSV import', () => {
  afterEach(async () => {
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY })).status).toBe(200);
  });

  it('a dry run by default: what would change and every bad cell by row and column, writing nothing', async () => {
    const [a, b, c] = records;
    const before = await snapshot();
    const csv = [
      'Warehouse,product,minimum_stock,maximum_stock,lead_time_days,order_multiple,preferred_seller',
      `${a!.warehouse},${a!.sku},10,100,7,12,${seller.email.toUpperCase()}`,
      `${b!.warehouse.toUpperCase()},${b!.product},,,,,`,
      `${c!.warehouse},${c!.sku},,,400,0,nobody@example.com`,
      `Nowhere Depot,NO-SUCH-SKU,1,2,3,4,`,
      `${a!.warehouse},${a!.sku},1,1,1,1,`,
      `${c!.warehouse},${records[3]!.sku},90,10,,,`,
      `${c!.warehouse},${records[4]!.sku},x,,,,none`,
      `${c!.warehouse},only two`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ dry_run: true, updated: 1, unchanged: 1 });
    expect(res.body.errors).toEqual([
      { row: 4, field: 'lead_time_days', message: 'Lead time must be at most 365' },
      { row: 4, field: 'order_multiple', message: 'Order multiple must be a whole number from 1 to 100000' },
      { row: 4, field: 'preferred_seller', message: "No seller with e-mail or phone 'nobody@example.com'" },
      { row: 5, field: 'warehouse', message: "Warehouse 'Nowhere Depot' not found" },
      { row: 5, field: 'product', message: "Product 'NO-SUCH-SKU' not found (by SKU, barcode or name)" },
      { row: 6, field: 'product', message: `${a!.product} in ${a!.warehouse} is also on row 2` },
      { row: 7, field: 'minimum_stock', message: 'Minimum stock cannot be more than maximum stock' },
      { row: 8, field: 'minimum_stock', message: expect.stringMatching(/Minimum stock/) },
      { row: 9, field: 'row', message: 'Expected 7 fields as in the header, found 2' },
    ]);
    expect(await snapshot()).toEqual(before);
    // Importing that file writes nothing either: 400 with the same errors.
    const refused = await upload(csv, '?dry_run=false');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ dry_run: false, updated: 0, errors: res.body.errors });
    expect(await snapshot()).toEqual(before);
  });

  it('imports every row or none, at most once per key; a blank cell keeps the value, none clears the seller; by phone too', async () => {
    const [, , , , , d, e, f] = records;
    await t.db.execute(sql`update inventory set preferred_seller_id = ${seller.id}::uuid where id = ${f!.id}::uuid`);
    const csv = [
      'warehouse,product,lead_time_days,order_multiple,preferred_seller,maximum_stock',
      `${d!.warehouse},${d!.sku},3,6,${seller.phone},`,
      `${e!.warehouse},${e!.product},21,,,`,
      `${f!.warehouse},${f!.sku},,,NONE,`,
    ].join('\r\n');
    const check = await upload(csv);
    expect(check.body).toMatchObject({ dry_run: true, updated: 3, unchanged: 0, errors: [] });
    const key = crypto.randomUUID();
    const done = await upload(csv, '?dry_run=false', 'admin', key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ dry_run: false, updated: 3, unchanged: 0, errors: [] });
    expect(await settingsOf(d!.id)).toMatchObject({ lead_time_days: 3, order_multiple: 6, preferred_seller_id: seller.id, maximum_stock: d!.maximum_stock });
    expect(await settingsOf(e!.id)).toMatchObject({ lead_time_days: 21, order_multiple: e!.order_multiple, preferred_seller_id: e!.preferred_seller_id });
    expect((await settingsOf(f!.id)).preferred_seller_id).toBeNull();
    const after = await snapshot();
    const again = await upload(csv, '?dry_run=false', 'admin', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(done.body);
    expect(await snapshot()).toEqual(after);
    // The same file again, with a new key: nothing left to change.
    expect((await upload(csv, '?dry_run=false')).body).toMatchObject({ updated: 0, unchanged: 3 });
  });

  it("needs 'inventory: edit'; an assigned user's file naming another warehouse is a 403 that changes nothing", async () => {
    const csv = `warehouse,product,lead_time_days\n${records[0]!.warehouse},${records[0]!.sku},2\n${outside.warehouse},${outside.sku},9\n`;
    const policy: Policy = structuredClone(DEFAULT_POLICY);
    policy.scope['warehouse-user'] = { inventory: 'assigned' };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    const before = await snapshot();
    for (const query of ['', '?dry_run=false']) {
      const res = await upload(csv, query, 'warehouse-user');
      expect(res.status, query).toBe(403);
      expect(res.body.message).toBe(`Row 3: ${outside.warehouse} is not one of your assigned warehouses`);
    }
    expect(await snapshot()).toEqual(before);
    const own = await upload(csv.split('\n').slice(0, 2).join('\n'), '?dry_run=false', 'warehouse-user');
    expect(own.body).toMatchObject({ updated: 1 });
    policy.grants['warehouse-user'] = { ...policy.grants['warehouse-user'], inventory: ['list', 'show'] };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    expect((await upload(csv, '', 'warehouse-user')).status).toBe(403);
    const bad = await upload(csv, '?dry_run=maybe');
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'dry_run']);
    const header = await upload('warehouse,sku\nA,B\n');
    expect(header.body.errors).toEqual([
      {
        row: 1,
        field: 'sku',
        message: "Unknown column 'sku': the columns are warehouse, product, minimum_stock, maximum_stock, lead_time_days, order_multiple, preferred_seller",
      },
      { row: 1, field: 'product', message: "Column 'product' is missing" },
    ]);
  });
});
