import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { balanceOf, expectLedgerInvariant, movementCount, queryRows } from '../support/stock-ledger.js';
import { averageShare, bruteForceExpiring, dayFromToday } from '../support/batch-fixtures.js';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';

/** Perishables (issue 17): batches, first-expiry-first-out, the expiry report and the write-off, over HTTP. */
let t: TestApp;
let warehouses: { _id: string; name: string; city_id: string }[];
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  warehouses = (await t.request('GET', '/api/warehouses?limit=100', { role: 'admin' })).body.data;
  [{ id: seller }] = await queryRows<{ id: string }>(t.db, sql`select id from users where role = 'seller' order by email limit 1`);
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

let made = 0;
/** A product of its own (perishable subcategory unless told), so its stock is only what a test puts there. */
async function newProduct(over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request('POST', '/api/products', {
    role: 'admin',
    body: {
      productname: `Batch Test ${++made} ${crypto.randomBytes(3).toString('hex')}`,
      category: 'Dairy & Bakery',
      subcategory: 'Milk',
      product_keyword: 'Test Dairy',
      price: 60,
      discount_price: 56,
      product_description: 'Milk.',
      unit: 'ml',
      unit_value: '500',
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

const add = (productId: string, warehouseId: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/inventory/add-stock', {
    role: 'warehouse-user',
    headers,
    body: {
      product_id: productId,
      warehouse_id: warehouseId,
      quantity: 10,
      unit_cost: 20,
      movement_reason: 'adjustment',
      reference_id: 'GRN-1',
      reference_type: 'manual',
      notes: 'Delivery',
      ...over,
    },
  });
const remove = (productId: string, warehouseId: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/inventory/remove-stock', {
    role: 'warehouse-user',
    headers,
    body: { product_id: productId, warehouse_id: warehouseId, quantity: 1, movement_type: 'out', ...over },
  });
const batchesOf = async (productId: string, warehouseId: string) => {
  const [record] = await queryRows<{ id: string }>(
    t.db,
    sql`
    select id from inventory where product_id = ${productId}::uuid and warehouse_id = ${warehouseId}::uuid`,
  );
  const res = await t.request('GET', `/api/inventory/${record!.id}/batches`, { role: 'warehouse-user' });
  expect(res.status).toBe(200);
  return res.body.data as { batch_no: string; expiry_date: string | null; current_stock: number; expired: boolean; days_to_expiry: number | null }[];
};

describe('add-stock of a product that tracks expiry', () => {
  it('a new product of a perishable subcategory tracks expiry; batch fields are required, checked after the others, nothing written on refusal', async () => {
    const product = await newProduct();
    expect((await t.request('GET', `/api/products/${product}`, { role: 'admin' })).body.tracks_expiry).toBe(true);
    const untracked = await newProduct({ subcategory: 'Rice', category: 'Staples' });
    expect((await t.request('GET', `/api/products/${untracked}`, { role: 'admin' })).body.tracks_expiry).toBe(false);
    const w = warehouses[0]!._id;
    const before = await movementCount(t.db);
    const cases: [Record<string, unknown>, string, string, number][] = [
      [{ quantity: 0, batch_no: '' }, 'quantity', 'Quantity is required and must be positive', 400],
      [{}, 'batch_no', 'Batch number is required', 400],
      [{ batch_no: 'B1' }, 'expiry_date', 'Expiry date is required', 400],
      [{ batch_no: 'B1', expiry_date: '2026-02-30' }, 'expiry_date', 'Expiry date must be a date (YYYY-MM-DD)', 400],
      [
        { batch_no: 'B1', expiry_date: dayFromToday(-1), movement_reason: 'purchase', seller_id: seller },
        'expiry_date',
        `Batch B1 expired on ${dayFromToday(-1)}. Expired stock is never sold: receive it only to record it, and confirm.`,
        409,
      ],
      [{ batch_no: 'B1', expiry_date: dayFromToday(5), mfg_date: dayFromToday(6) }, 'mfg_date', 'Manufacturing date cannot be after the expiry date', 400],
      [{ batch_no: 'x'.repeat(51), expiry_date: dayFromToday(5) }, 'batch_no', 'Batch number must be at most 50 characters', 400],
    ];
    for (const [over, field, message, status] of cases) {
      const res = await add(product, w, over);
      expect([res.status, res.body.message, res.body.errors?.[0]?.field], JSON.stringify(over)).toEqual([status, message, field]);
    }
    expect(await movementCount(t.db)).toBe(before);

    const first = await add(product, w, { batch_no: 'B1', expiry_date: dayFromToday(5), mfg_date: dayFromToday(-2), quantity: 4 });
    expect(first.status).toBe(200);
    expect(first.body.batches).toEqual([{ batch_no: 'B1', expiry_date: dayFromToday(5), mfg_date: dayFromToday(-2), quantity: 4 }]);
    expect(first.body.movement).toMatchObject({ batch_no: 'B1', quantity: 4, stock_before: 0, stock_after: 4 });
    expect((await add(product, w, { batch_no: 'B1', expiry_date: dayFromToday(5), quantity: 3 })).status).toBe(200);
    const other = await add(product, w, { batch_no: 'B1', expiry_date: dayFromToday(9) });
    expect([other.status, other.body.errors[0].field]).toEqual([400, 'expiry_date']);
    expect(other.body.message).toContain('the same batch number needs the same expiry date');
    // The untracked product ignores batch fields and works as it always did.
    expect((await add(untracked, w, { quantity: 2 })).status).toBe(200);
    expect(await balanceOf(t.db, product, w)).toBe(7);
    expect(await batchesOf(product, w)).toEqual([
      { batch_no: 'B1', expiry_date: dayFromToday(5), mfg_date: dayFromToday(-2), current_stock: 7, expired: false, days_to_expiry: 5 },
    ]);
  });
});

describe('remove-stock: first-expiry-first-out', () => {
  it('sales take the earliest unexpired batch first, never an expired one; short unexpired stock is a 409 that changes nothing', async () => {
    const product = await newProduct();
    const w = warehouses[1]!._id;
    // An expired batch arrives only when the person confirms it (a late return here); unconfirmed, nothing is written.
    const unconfirmed = await add(product, w, { batch_no: 'OLD', expiry_date: dayFromToday(-1), quantity: 4, movement_reason: 'return' });
    expect([unconfirmed.status, unconfirmed.body.confirm]).toEqual([409, 'confirm_expired']);
    expect(await balanceOf(t.db, product, w)).toBe(0);
    for (const [batch_no, days, quantity] of [
      ['LATE', 30, 5],
      ['SOON', 2, 3],
      ['OLD', -1, 4],
      ['MID', 10, 2],
    ] as const) {
      expect(
        (await add(product, w, { batch_no, expiry_date: dayFromToday(days), quantity, movement_reason: 'return', confirm_expired: days < 0 })).status,
      ).toBe(200);
    }
    expect((await batchesOf(product, w)).map((b) => [b.batch_no, b.current_stock, b.expired, b.days_to_expiry])).toEqual([
      ['OLD', 4, true, -1],
      ['SOON', 3, false, 2],
      ['MID', 2, false, 10],
      ['LATE', 5, false, 30],
    ]);

    const sale = await remove(product, w, { quantity: 4, reference_id: 'ORD-1' });
    expect(sale.status).toBe(200);
    expect(sale.body.batches).toEqual([
      { batch_no: 'SOON', expiry_date: dayFromToday(2), mfg_date: null, quantity: 3 },
      { batch_no: 'MID', expiry_date: dayFromToday(10), mfg_date: null, quantity: 1 },
    ]);
    expect(
      sale.body.movements.map((m: { batch_no: string; quantity: number; stock_before: number; stock_after: number }) => [
        m.batch_no,
        m.quantity,
        m.stock_before,
        m.stock_after,
      ]),
    ).toEqual([
      ['SOON', -3, 14, 11],
      ['MID', -1, 11, 10],
    ]);
    expect(sale.body.inventory.current_stock).toBe(10);

    const before = await movementCount(t.db);
    const short = await remove(product, w, { quantity: 7 }); // 6 unexpired units left (MID 1 + LATE 5), 4 expired
    expect([short.status, short.body.message]).toEqual([409, 'Not enough unexpired stock']);
    expect(await movementCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, product, w)).toBe(10);

    // Damaged goods name their batch, expired or not.
    const noBatch = await remove(product, w, { movement_type: 'damaged' });
    expect([noBatch.status, noBatch.body.message, noBatch.body.errors[0].field]).toEqual([400, 'Batch number is required', 'batch_no']);
    const damaged = await remove(product, w, { movement_type: 'damaged', batch_no: 'OLD', quantity: 1 });
    expect(damaged.status).toBe(200);
    expect(damaged.body.movement).toMatchObject({ movement_type: 'damaged', batch_no: 'OLD', quantity: -1 });
    const tooMany = await remove(product, w, { movement_type: 'damaged', batch_no: 'MID', quantity: 2 });
    expect([tooMany.status, tooMany.body.message]).toEqual([409, 'Insufficient stock: only 1 in batch MID, cannot remove 2']);
    expect((await remove(product, w, { movement_type: 'damaged', batch_no: 'NOPE' })).status).toBe(400);
  });

  it('adjust-stock sets one batch; switching a stocked product to tracked makes an OPENING batch, sold last', async () => {
    const product = await newProduct({ category: 'Staples', subcategory: 'Rice' });
    const w = warehouses[2]!._id;
    expect((await add(product, w, { quantity: 6 })).status).toBe(200);
    const on = await t.request('PATCH', `/api/products/${product}`, { role: 'admin', body: { tracks_expiry: true } });
    expect([on.status, on.body.tracks_expiry]).toEqual([200, true]);
    expect(await batchesOf(product, w)).toEqual([
      { batch_no: 'OPENING', expiry_date: null, mfg_date: null, current_stock: 6, expired: false, days_to_expiry: null },
    ]);
    expect((await add(product, w, { batch_no: 'R1', expiry_date: dayFromToday(40), quantity: 2 })).status).toBe(200);
    const sale = await remove(product, w, { quantity: 3 });
    expect(sale.body.batches.map((b: { batch_no: string; quantity: number }) => [b.batch_no, b.quantity])).toEqual([
      ['R1', 2],
      ['OPENING', 1],
    ]);

    const adjust = (body: Record<string, unknown>) =>
      t.request('POST', '/api/inventory/adjust-stock', {
        role: 'warehouse-user',
        body: { product_id: product, warehouse_id: w, notes: 'Count', ...body },
      });
    expect((await adjust({ new_stock: 9 })).body.message).toBe('Batch number is required');
    expect((await adjust({ new_stock: 9, batch_no: 'NEW' })).body.message).toBe('Batch not found');
    const counted = await adjust({ new_stock: 9, batch_no: 'OPENING' });
    expect([counted.status, counted.body.movement.quantity, counted.body.inventory.current_stock]).toEqual([200, 4, 9]);
    const created = await adjust({ new_stock: 2, batch_no: 'FOUND', expiry_date: dayFromToday(3) });
    expect([created.status, created.body.inventory.current_stock]).toEqual([200, 11]);
    // The record's own stock field cannot bypass the batches.
    const [record] = await queryRows<{ id: string }>(t.db, sql`select id from inventory where product_id = ${product}::uuid and warehouse_id = ${w}::uuid`);
    const put = await t.request('PUT', `/api/inventory/${record!.id}`, { role: 'warehouse-user', body: { current_stock: 1 } });
    expect([put.status, put.body.errors[0].field]).toEqual([400, 'current_stock']);

    const off = await t.request('PATCH', `/api/products/${product}`, { role: 'admin', body: { tracks_expiry: false } });
    expect([off.status, off.body.errors[0].field]).toEqual([400, 'tracks_expiry']);
    expect((await adjust({ new_stock: 0, batch_no: 'FOUND' })).status).toBe(200);
    const offNow = await t.request('PATCH', `/api/products/${product}`, { role: 'admin', body: { tracks_expiry: false } });
    expect([offNow.status, offNow.body.tracks_expiry]).toEqual([200, false]);
    expect(await balanceOf(t.db, product, w)).toBe(9);
    expect((await remove(product, w, { quantity: 9 })).status).toBe(200);
  });
});

describe('expiring stock and write-off', () => {
  it('GET /inventory/expiring agrees with a brute-force query over batches (report and dashboard windows)', async () => {
    for (const query of ['days=7&include_expired=true', 'days=30', `days=7&include_expired=true&warehouse_id=${warehouses[0]!._id}`, 'days=0']) {
      const res = await t.request('GET', `/api/inventory/expiring?${query}`, { role: 'warehouse-user' });
      expect(res.status).toBe(200);
      const params = new URLSearchParams(query);
      const expected = await bruteForceExpiring(t.db, Number(params.get('days')), params.get('include_expired') === 'true', params.get('warehouse_id'));
      expect(res.body.data).toEqual(expected.rows);
      expect([res.body.total_quantity, res.body.total_value]).toEqual([expected.totalQuantity, expected.totalValue]);
    }
    // The demo shows something on every new screen: expired, and expiring within a week.
    const demo = (await t.request('GET', '/api/inventory/expiring?days=7&include_expired=true', { role: 'admin' })).body.data as { days_to_expiry: number }[];
    expect(demo.some((r) => r.days_to_expiry < 0)).toBe(true);
    expect(demo.some((r) => r.days_to_expiry >= 1 && r.days_to_expiry <= 7)).toBe(true);
    expect((await t.request('GET', '/api/inventory/expiring?days=-1', { role: 'admin' })).status).toBe(400);
    expect((await t.request('GET', '/api/inventory/expiring?warehouse_id=nope', { role: 'admin' })).status).toBe(400);
  });

  it('pages the batches, sums every window over all of them, filters one window, and downloads every batch as CSV (issue 33)', async () => {
    const query = 'days=30&include_expired=true';
    const expected = await bruteForceExpiring(t.db, 30, true, null);
    expect(expected.rows.length).toBeGreaterThan(3);
    const get = async (extra: string, role: 'admin' | 'warehouse-user' = 'admin') => {
      const res = await t.request('GET', `/api/inventory/expiring?${query}${extra}`, { role });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        data: { days_to_expiry: number; quantity: number; value?: number }[];
        total: number;
        total_quantity: number;
        total_value?: number;
        page: number;
        windows: { key: string; batches: number; quantity: number; value?: number }[];
      };
    };
    // Pages of 2 put together are the whole list; the totals are every batch's whatever the page.
    const pages = [];
    for (let page = 1; page <= Math.ceil(expected.rows.length / 2); page++) pages.push(...(await get(`&limit=2&page=${page}`)).data);
    expect(pages).toEqual(expected.rows);
    const first = await get('&limit=2');
    expect(first.total).toBe(expected.rows.length);
    // Each window: its batches, units and value, as summed from the rows themselves.
    const windows: [string, (d: number) => boolean][] = [
      ['expired', (d) => d < 0],
      ['0-3', (d) => d >= 0 && d <= 3],
      ['4-7', (d) => d >= 4 && d <= 7],
      ['8-30', (d) => d >= 8 && d <= 30],
    ];
    for (const [key, inside] of windows) {
      const rows = expected.rows.filter((r) => inside(r.days_to_expiry));
      const total = first.windows.find((w) => w.key === key)!;
      expect(total.batches, key).toBe(rows.length);
      expect(total.quantity, key).toBe(rows.reduce((s, r) => s + r.quantity, 0));
      expect(total.value, key).toBeCloseTo(
        rows.reduce((s, r) => s + (r.value ?? 0), 0),
        2,
      );
      const only = await get(`&window=${key}&limit=1000`);
      expect(only.data).toEqual(rows);
      expect(only.windows).toEqual(first.windows);
      // The window asked for narrows the totals as it narrows the rows.
      expect({ total: only.total, total_quantity: only.total_quantity }, key).toEqual({ total: total.batches, total_quantity: total.quantity });
      expect(only.total_value, key).toBeCloseTo(total.value!, 2);
    }
    const csv = await t.request<string>('GET', `/api/inventory/expiring.csv?${query}`, { role: 'admin' });
    expect(csv.status).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Bucket,Warehouse,Product,Batch,Expiry date,Days to expiry,Quantity,Value');
    expect(lines).toHaveLength(1 + expected.rows.length);
    expect(lines.filter((l) => l.startsWith('Expired,'))).toHaveLength(expected.rows.filter((r) => r.days_to_expiry < 0).length);
    // Without 'costs: see' no value anywhere; the CSV has no Value column.
    const policy = structuredClone(DEFAULT_POLICY);
    policy.grants['warehouse-user'] = { ...policy.grants['warehouse-user'], costs: [] };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    try {
      const reader = await get('', 'warehouse-user');
      expect(JSON.stringify(reader)).not.toContain('value');
      const blind = await t.request<string>('GET', `/api/inventory/expiring.csv?${query}&window=expired`, { role: 'warehouse-user' });
      expect(blind.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Bucket,Warehouse,Product,Batch,Expiry date,Days to expiry,Quantity');
    } finally {
      await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY });
    }
    for (const bad of ['window=soon', 'page=0', 'limit=0']) {
      const res = await t.request('GET', `/api/inventory/expiring?${bad}`, { role: 'admin' });
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body), bad).toContain(bad.split('=')[0]!);
    }
    expect((await t.request('GET', '/api/inventory/expiring.csv?window=soon', { role: 'admin' })).status).toBe(400);
    expect((await t.request('GET', `/api/inventory/expiring.csv?${query}`, { role: 'seller' })).status).toBe(403);
  });

  it('write-off-expired: one damaged row (reason expired) per expired batch, once, replayed by its key; under the policy', async () => {
    const w = warehouses[3]!;
    const expired = await queryRows<{ product_id: string; batch_no: string; current_stock: number; record_stock: number; record_paise: number }>(
      t.db,
      sql`
      select b.product_id, b.batch_no, b.current_stock, i.current_stock as record_stock, (i.stock_value * 100)::float8 as record_paise
        from stock_batches b join inventory i on i.product_id = b.product_id and i.warehouse_id = b.warehouse_id
       where b.warehouse_id = ${w._id}::uuid and b.current_stock > 0 and b.expiry_date < stock_today()`,
    );
    // What leaves is each record's share of its value at the average cost (all its expired units at once).
    const records = new Map<string, { units: number; stock: number; paise: number }>();
    for (const e of expired) {
      const r = records.get(e.product_id) ?? { units: 0, stock: e.record_stock, paise: e.record_paise };
      records.set(e.product_id, { ...r, units: r.units + e.current_stock });
    }
    const expectedPaise = [...records.values()].reduce((s, r) => s + averageShare(r.stock, r.paise, r.units), 0);
    expect(expired.length).toBeGreaterThan(0);
    expect((await t.request('POST', '/api/inventory/write-off-expired', { role: 'seller', body: { warehouse_id: w._id } })).status).toBe(403);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await t.request('POST', '/api/inventory/write-off-expired', { role: 'warehouse-user', body: { warehouse_id: w._id }, headers: key });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Expired stock written off');
    expect(
      first.body.written_off.map((r: { product_id: string; batch_no: string; quantity: number }) => `${r.product_id}/${r.batch_no}/${r.quantity}`).sort(),
    ).toEqual(expired.map((e) => `${e.product_id}/${e.batch_no}/${e.current_stock}`).sort());
    expect(first.body.total_quantity).toBe(expired.reduce((s, e) => s + e.current_stock, 0));
    expect(Math.round(first.body.total_value * 100)).toBe(expectedPaise);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`
      select count(*)::int as n from stock_movements where warehouse_id = ${w._id}::uuid and movement_type = 'damaged' and movement_reason = 'expired'`,
    );
    expect(rows[0]!.n).toBe(expired.length);

    const replay = await t.request('POST', '/api/inventory/write-off-expired', { role: 'warehouse-user', body: { warehouse_id: w._id }, headers: key });
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body]).toEqual([200, 'true', first.body]);
    const again = await t.request('POST', '/api/inventory/write-off-expired', { role: 'warehouse-user', body: { warehouse_id: w._id } });
    expect([again.body.message, again.body.written_off, again.body.total_quantity]).toEqual(['No expired stock to write off', [], 0]);
    expect((await t.request('POST', '/api/inventory/write-off-expired', { role: 'admin', body: { warehouse_id: 'x' } })).status).toBe(400);
  });
  it('update-all-inventory resets a drifted batch to its ledger rows, with its record', async () => {
    const w = warehouses.at(-1)!._id;
    const [b] = await queryRows<{ product_id: string; batch_no: string; current_stock: number }>(
      t.db,
      sql`
      select product_id, batch_no, current_stock from stock_batches where warehouse_id = ${w}::uuid and current_stock > 0
       order by batch_no limit 1`,
    );
    const where = sql`product_id = ${b!.product_id}::uuid and warehouse_id = ${w}::uuid`;
    await t.db.execute(sql`update stock_batches set current_stock = current_stock + 5 where ${where} and batch_no = ${b!.batch_no}`);
    await t.db.execute(sql`update inventory set current_stock = current_stock + 5 where ${where}`);
    const res = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: { warehouse_id: w } });
    expect(res.status).toBe(200);
    const [after] = await queryRows<{ current_stock: number }>(
      t.db,
      sql`
      select current_stock from stock_batches where ${where} and batch_no = ${b!.batch_no}`,
    );
    expect(after!.current_stock).toBe(b!.current_stock);
    // (afterEach: the record equals its batches again, and each batch its ledger rows.)
  });
});

describe("the expiry totals follow what changes a batch's value without touching it", () => {
  it("a revaluation of a tracked record (no batch changes) revalues its batches in the report's totals and windows", async () => {
    const product = await newProduct();
    const here = warehouses[0]!._id;
    expect((await add(product, here, { quantity: 6, unit_cost: 20, batch_no: 'RV-1', expiry_date: dayFromToday(2) })).status).toBe(200);
    expect((await add(product, here, { quantity: 4, unit_cost: 20, batch_no: 'RV-2', expiry_date: dayFromToday(20) })).status).toBe(200);
    const report = async () =>
      (await t.request('GET', `/api/inventory/expiring?days=30&warehouse_id=${here}&limit=100`, { role: 'admin' })).body as {
        data: { product_id: string; batch_no: string; value: number }[];
        total_value: number;
        windows: { key: string; value: number }[];
      };
    const before = await report();
    expect(before.data.filter((r) => r.product_id === product).map((r) => [r.batch_no, r.value])).toEqual([
      ['RV-1', 120],
      ['RV-2', 80],
    ]);
    const revalued = await t.request('POST', '/api/inventory/revalue', {
      role: 'admin',
      body: { product_id: product, warehouse_id: here, unit_cost: 25.5, notes: 'Supplier price correction' },
    });
    expect(revalued.status).toBe(200);
    const after = await report();
    expect(after.data.filter((r) => r.product_id === product).map((r) => [r.batch_no, r.value])).toEqual([
      ['RV-1', 153],
      ['RV-2', 102],
    ]);
    // Every window's total and the report's total moved by exactly what the batches' values did.
    expect(after.total_value - before.total_value).toBeCloseTo(255 - 200, 2);
    const moved = (key: string) => after.windows.find((w) => w.key === key)!.value - before.windows.find((w) => w.key === key)!.value;
    expect(moved('0-3')).toBeCloseTo(33, 2);
    expect(moved('8-30')).toBeCloseTo(22, 2);
  });
});

describe('stock take of a product that tracks expiry', () => {
  it('a shortfall leaves the batches earliest expiry first (expired included), a surplus joins OPENING; batches = ledger', async () => {
    const [short, over] = [await newProduct(), await newProduct()];
    const w = warehouses[2]!._id;
    for (const [batch_no, days, quantity] of [
      ['OLD', -2, 3],
      ['SOON', 5, 4],
      ['LATE', 40, 6],
    ] as const) {
      expect((await add(short, w, { batch_no, expiry_date: dayFromToday(days), quantity, movement_reason: 'return', confirm_expired: days < 0 })).status).toBe(
        200,
      );
    }
    expect((await add(over, w, { batch_no: 'B1', expiry_date: dayFromToday(9), quantity: 2 })).status).toBe(200);

    const take = await t.request('POST', '/api/stock-takes', { role: 'warehouse-user', body: { warehouse_id: w } });
    expect(take.status).toBe(201);
    const counted = await t.request('PUT', `/api/stock-takes/${take.body._id}/counts`, {
      role: 'warehouse-user',
      body: {
        lines: [
          { product_id: short, counted: 8 },
          { product_id: over, counted: 5 },
        ],
      },
    });
    expect(counted.status).toBe(200);
    const applied = await t.request('POST', `/api/stock-takes/${take.body._id}/apply`, { role: 'admin' });
    expect([applied.status, applied.body.adjustments]).toEqual([200, 2]);

    expect((await batchesOf(short, w)).map((b) => [b.batch_no, b.current_stock])).toEqual([
      ['SOON', 2],
      ['LATE', 6],
    ]);
    expect((await batchesOf(over, w)).map((b) => [b.batch_no, b.current_stock])).toEqual([
      ['B1', 2],
      ['OPENING', 3],
    ]);
    // One adjustment per variance (issue 19); the batches it took are its split.
    const posted = await queryRows<{ product_id: string; batch_no: string | null; quantity: number; stock_after: number; split: string }>(
      t.db,
      sql`
      select m.product_id, m.batch_no, m.quantity, m.stock_after,
             string_agg(s.batch_no || ':' || s.quantity, ' ' order by s.quantity) as split
        from stock_movements m join stock_movement_batches s on s.movement_id = m.id
       where m.reference_type = 'stock_take' and m.reference_id = ${take.body._id} group by m.id order by m.quantity`,
    );
    expect(posted).toEqual([
      { product_id: short, batch_no: null, quantity: -5, stock_after: 8, split: 'OLD:-3 SOON:-2' },
      { product_id: over, batch_no: 'OPENING', quantity: 3, stock_after: 5, split: 'OPENING:3' },
    ]);
    expect(await balanceOf(t.db, short, w)).toBe(8);
    expect(await balanceOf(t.db, over, w)).toBe(5);
  });
});
