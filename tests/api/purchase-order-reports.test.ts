import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { dayFromToday } from '../support/batch-fixtures.js';
import { today } from '../support/business-day.js';
import { expectPurchaseOrderInvariant } from '../support/purchase-order-ledger.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';
import { stockFixtures, type Pair } from '../support/stock-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Purchase orders (issue 31) in the reports: a receipt is a purchase (once), a return to the seller a negative purchase
 * (not a sale), and the ledger rows of an order link to it for a caller who may open purchase orders.
 */
let t: TestApp;
let fx: ReturnType<typeof stockFixtures>;
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

type Item = {
  _id: string;
  product_id: string;
  quantity: number;
  unit_cost: number;
  total_value: number;
  reference_type: string | null;
  reference_id: string | null;
  purchase_order_id?: string | null;
};
type Days = Record<string, { total: number; total_quantity: number; items: Item[] }>;
type Movement = { _id: string; reference_type: string | null; reference_id: string | null; purchase_order_id?: string | null; quantity: number };

beforeAll(async () => {
  t = await createTestApp();
  fx = stockFixtures(t.db);
});
afterEach(async () => {
  await expectLedgerInvariant(t.db);
  await expectPurchaseOrderInvariant(t.db);
});
afterAll(() => t.close());

/** An order of one product received (`received` units at ₹20) and partly returned to its seller (`returned`). */
async function receivedAndReturned(received: number, returned: number, p?: Pair) {
  p ??= await fx.stocked();
  const sellerId = await fx.sellerIn(p.cityId);
  const made = await t.request('POST', '/api/purchase-orders', {
    role: 'admin',
    body: {
      seller_id: sellerId,
      warehouse_id: p.warehouseId,
      expected_on: dayFromToday(2),
      lines: [{ product_id: p.productId, quantity: received, unit_cost: 20 }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id: string = made.body._id;
  for (const [action, body] of [
    ['order', {}],
    ['receive', { lines: [{ product_id: p.productId, quantity: received }] }],
    ['return', { lines: [{ product_id: p.productId, quantity: returned }], notes: 'Crushed case' }],
  ] as const) {
    const res = await t.request('POST', `/api/purchase-orders/${id}/${action}`, { role: 'admin', headers: key(), body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const rows = rowsOf<{ id: string; quantity: number; total_value: number }>(
    await t.db.execute(sql`
    select id, quantity, total_value::float8 as total_value from stock_movements
     where reference_type = 'purchase_order' and reference_id = ${made.body.number as string} order by seq`),
  );
  return { p, id, number: made.body.number as string, receipt: rows[0]!, ret: rows[1]! };
}

const report = (warehouseId: string, role: 'admin' | 'warehouse-user' = 'admin') =>
  t.request<{ purchases: Days; sales: Days }>(
    'GET',
    `/api/reports/warehouse-sale-purchase?warehouse_id=${warehouseId}&start_date=${today()}&end_date=${today()}`,
    { role },
  );

describe('the sale-purchase report and purchase orders', () => {
  it('counts a receipt of 10 once as a purchase and a return of 2 to the seller as −2: purchases +8, sales unchanged', async () => {
    const p = await fx.stocked();
    const before = (await report(p.warehouseId)).body;
    const order = await receivedAndReturned(10, 2, p);
    const after = (await report(p.warehouseId)).body;

    const day = after.purchases[today()]!;
    const mine = day.items.filter((i) => i.product_id === order.p.productId && i.reference_id === order.number);
    expect(mine).toEqual([
      {
        _id: order.receipt.id,
        created: expect.any(String),
        product_id: order.p.productId,
        product_name: order.p.productName,
        quantity: 10,
        unit_cost: 20,
        total_value: 200,
        reference_type: 'purchase_order',
        reference_id: order.number,
        purchase_order_id: order.id,
      },
      {
        _id: order.ret.id,
        created: expect.any(String),
        product_id: order.p.productId,
        product_name: order.p.productName,
        quantity: -2,
        unit_cost: expect.any(Number),
        total_value: -order.ret.total_value,
        reference_type: 'purchase_order',
        reference_id: order.number,
        purchase_order_id: order.id,
      },
    ]);
    expect(mine.reduce((sum, i) => sum + i.quantity, 0)).toBe(8);
    // Counted once: no other row of the day is the receipt, and the return is no sale.
    expect(day.items.filter((i) => i._id === order.receipt.id)).toHaveLength(1);
    expect(
      Object.values(after.sales)
        .flatMap((d) => d.items)
        .filter((i) => i.reference_id === order.number),
    ).toEqual([]);
    const was = before.purchases[today()];
    expect(day.total_quantity - (was?.total_quantity ?? 0)).toBe(8);
    expect(day.total - (was?.total ?? 0)).toBeCloseTo(200 - order.ret.total_value, 2);
    expect(after.sales[today()]?.total_quantity).toBe(before.sales[today()]?.total_quantity);
    // The day's figures are its items' sums, the return taking off.
    expect(day.total_quantity).toBe(day.items.reduce((sum, i) => sum + i.quantity, 0));
    expect(day.total).toBeCloseTo(
      day.items.reduce((sum, i) => sum + i.total_value, 0),
      2,
    );
  });

  it("leaves a customer's return out of both sections, and a transfer's or order's `out` rows out of the sales", async () => {
    const p = await fx.stocked(2);
    const before = (await report(p.warehouseId)).body;
    const back = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      headers: key(),
      body: {
        product_id: p.productId,
        warehouse_id: p.warehouseId,
        quantity: 1,
        unit_cost: 5,
        movement_reason: 'return',
        reference_id: 'CUST-1',
        reference_type: 'invoice',
        notes: 'Customer brought it back',
      },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = (await report(p.warehouseId)).body;
    expect(after.purchases[today()]?.total_quantity).toBe(before.purchases[today()]?.total_quantity);
    expect(after.sales[today()]?.total_quantity).toBe(before.sales[today()]?.total_quantity);
  });
});

describe('a receipt into a warehouse that holds none of the product yet', () => {
  it('creates the balance at the line cost; refused, it leaves no balance behind', async () => {
    const p = await fx.unstocked();
    const [tracked] = rowsOf<{ id: string }>(await t.db.execute(sql`select id from products where tracks_expiry order by productname limit 1`));
    const made = await t.request('POST', '/api/purchase-orders', {
      role: 'admin',
      body: {
        seller_id: await fx.sellerIn(p.cityId),
        warehouse_id: p.warehouseId,
        expected_on: dayFromToday(2),
        lines: [
          { product_id: p.productId, quantity: 5, unit_cost: 12.5 },
          { product_id: tracked!.id, quantity: 2, unit_cost: 3 },
        ],
      },
    });
    const step = (action: string, body: unknown) =>
      t.request('POST', `/api/purchase-orders/${made.body._id}/${action}`, { role: 'admin', headers: key(), body });
    expect((await step('order', {})).status).toBe(200);
    const balance = () => t.request('GET', `/api/inventory/lookup?product_id=${p.productId}&warehouse_id=${p.warehouseId}`, { role: 'admin' });

    // The tracked line has no batch: the whole receipt is refused, the first line's new balance included.
    const refused = await step('receive', {
      lines: [
        { product_id: p.productId, quantity: 5 },
        { product_id: tracked!.id, quantity: 2 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toMatch(/^lines\.1\./);
    expect((await balance()).status).toBe(404);

    expect((await step('receive', { lines: [{ product_id: p.productId, quantity: 5 }] })).status).toBe(200);
    expect((await balance()).body).toMatchObject({ current_stock: 5, unit_cost: 12.5, total_value: 62.5, minimum_stock: 0, maximum_stock: 0 });
  });
});

describe("a purchase order's ledger rows link to the order", () => {
  const putPolicy = async (change: (p: Policy) => void) => {
    const policy = structuredClone(DEFAULT_POLICY);
    change(policy);
    const res = await t.request('PUT', '/api/permissions', { role: 'admin', body: policy });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const ledger = (productId: string, warehouseId: string, role: 'admin' | 'warehouse-user') =>
    t.request<{ data: Movement[] }>('GET', `/api/inventory/movements?product_id=${productId}&warehouse_id=${warehouseId}&limit=50`, { role });
  const reportMovements = (productId: string, role: 'admin' | 'warehouse-user') =>
    t.request<{ recent_movements: Movement[] }>(
      'GET',
      `/api/inventory/report?report_type=movements&product_id=${productId}&start_date=${today()}&end_date=${today()}`,
      { role },
    );

  it("names the order's id on its receipts and returns, in the product's ledger and the inventory report; null elsewhere", async () => {
    const order = await receivedAndReturned(6, 1);
    // An invoice numbered like the order is not the order.
    const lookalike = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      headers: key(),
      body: {
        product_id: order.p.productId,
        warehouse_id: order.p.warehouseId,
        quantity: 1,
        unit_cost: 20,
        movement_reason: 'purchase',
        reference_id: order.number,
        reference_type: 'invoice',
        notes: 'Typed by hand',
        seller_id: await fx.sellerIn(order.p.cityId),
      },
    });
    expect(lookalike.status, JSON.stringify(lookalike.body)).toBe(200);
    for (const role of ['admin', 'warehouse-user'] as const) {
      const rows = (await ledger(order.p.productId, order.p.warehouseId, role)).body.data;
      expect(
        rows
          .filter((r) => r.purchase_order_id === order.id)
          .map((r) => r._id)
          .sort(),
      ).toEqual([order.receipt.id, order.ret.id].sort());
      expect(rows.filter((r) => r.purchase_order_id !== order.id).every((r) => r.purchase_order_id === null)).toBe(true);
      expect(rows.find((r) => r._id === lookalike.body.movement._id)).toMatchObject({ reference_id: order.number, purchase_order_id: null });
      const recent = (await reportMovements(order.p.productId, role)).body.recent_movements;
      expect(recent.filter((r) => r.purchase_order_id === order.id)).toHaveLength(2);
    }
    // An order whose number is gone (renamed here by hand) is linked to nothing.
    await t.db.execute(sql`update purchase_orders set number = ${`${order.number}-X`} where id = ${order.id}::uuid`);
    try {
      const rows = (await ledger(order.p.productId, order.p.warehouseId, 'admin')).body.data;
      expect(rows.filter((r) => r.reference_type === 'purchase_order').map((r) => r.purchase_order_id)).toEqual([null, null]);
    } finally {
      await t.db.execute(sql`update purchase_orders set number = ${order.number} where id = ${order.id}::uuid`);
    }
  });

  it('leaves the link out for a role that may not open purchase orders', async () => {
    const order = await receivedAndReturned(4, 1);
    await putPolicy((p) => delete p.grants['warehouse-user']['purchase-orders']);
    try {
      const rows = await ledger(order.p.productId, order.p.warehouseId, 'warehouse-user');
      expect(rows.status).toBe(200);
      expect(rows.body.data.filter((r) => r.reference_id === order.number)).toHaveLength(2);
      expect(JSON.stringify(rows.body)).not.toContain('purchase_order_id');
      const recent = await reportMovements(order.p.productId, 'warehouse-user');
      expect(recent.body.recent_movements.filter((r) => r.reference_id === order.number)).toHaveLength(2);
      expect(JSON.stringify(recent.body)).not.toContain('purchase_order_id');
      const sp = await report(order.p.warehouseId, 'warehouse-user');
      expect(sp.body.purchases[today()]!.items.filter((i) => i.reference_id === order.number)).toHaveLength(2);
      expect(JSON.stringify(sp.body)).not.toContain('purchase_order_id');
      // The admin, who may, still gets it.
      expect((await ledger(order.p.productId, order.p.warehouseId, 'admin')).body.data.some((r) => r.purchase_order_id === order.id)).toBe(true);
    } finally {
      await putPolicy(() => undefined);
    }
  });
});
