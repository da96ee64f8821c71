import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { balanceOf, expectLedgerInvariant, movementCount, queryRows } from '../support/stock-ledger.js';
import { stockFixtures, type Pair } from '../support/stock-fixtures.js';

let t: TestApp;
let fx: ReturnType<typeof stockFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  fx = stockFixtures(t.db);
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

const key = () => crypto.randomUUID();
const movementsOf = (p: Pair) => movementCount(t.db, sql`product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`);

function purchase(p: Pair, seller: string, overrides: Record<string, unknown> = {}) {
  return {
    product_id: p.productId,
    warehouse_id: p.warehouseId,
    quantity: 10,
    unit_cost: 12.5,
    movement_reason: 'purchase',
    reference_id: 'INV-1',
    reference_type: 'invoice',
    notes: 'Weekly delivery',
    seller_id: seller,
    ...overrides,
  };
}

describe('POST /inventory/add-stock', () => {
  it('answers the FIRST failing rule of SPEC.md section 5, in its order', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const full = purchase(p, seller);
    // Removing fields from the end one by one: each time, the message is the earliest rule that now fails.
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'product_id', 'Product is required'],
      [{ ...full, product_id: '' }, 'product_id', 'Product is required'],
      [{ ...full, quantity: undefined, unit_cost: 0, notes: '' }, 'quantity', 'Quantity is required and must be positive'],
      [{ ...full, quantity: 0 }, 'quantity', 'Quantity is required and must be positive'],
      [{ ...full, quantity: -3 }, 'quantity', 'Quantity is required and must be positive'],
      [{ ...full, unit_cost: 0, movement_reason: 'gift' }, 'unit_cost', 'Unit cost is required and must be positive'],
      [{ ...full, unit_cost: '' }, 'unit_cost', 'Unit cost is required and must be positive'],
      [{ ...full, movement_reason: undefined, reference_id: '' }, 'movement_reason', 'Movement reason is required'],
      [{ ...full, movement_reason: 'gift' }, 'movement_reason', 'Movement reason is required'],
      [{ ...full, reference_id: '  ', reference_type: 'x' }, 'reference_id', 'Reference ID is required'],
      [{ ...full, reference_type: 'receipt', notes: '' }, 'reference_type', 'Reference type is required'],
      [{ ...full, notes: '', seller_id: undefined }, 'notes', 'Notes are required'],
      [{ ...full, seller_id: undefined }, 'seller_id', 'Seller is required for purchase'],
      [{ ...full, seller_id: '' }, 'seller_id', 'Seller is required for purchase'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.request('POST', '/api/inventory/add-stock', { role: 'warehouse-user', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].field).toBe(field);
    }
    const noBody = await t.request('POST', '/api/inventory/add-stock', { role: 'admin' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toBe('Product is required');
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock);
  });

  it('accepts numbers sent as text, and rejects a fraction of a unit and a cost below 0.01', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const fraction = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', body: purchase(p, seller, { quantity: 1.5 }) });
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toBe('Quantity must be a whole number');
    const cheap = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', body: purchase(p, seller, { unit_cost: 0.001 }) });
    expect(cheap.body.message).toBe('Unit cost is required and must be positive');
    const text = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', body: purchase(p, seller, { quantity: '4', unit_cost: '2.25' }) });
    expect(text.status).toBe(200);
    expect(text.body.inventory.current_stock).toBe(p.stock + 4);
  });

  it('adds stock through one ledger row, performed by the signed-in user whatever the body says', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const before = await movementsOf(p);
    const res = await t.request('POST', '/api/inventory/add-stock', {
      role: 'warehouse-user',
      body: purchase(p, seller, { performed_by: t.userIds.admin }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Stock updated successfully!');
    expect(res.body.inventory).toMatchObject({ product_id: p.productId, warehouse_id: p.warehouseId, current_stock: p.stock + 10 });
    expect(res.body.movement).toMatchObject({
      movement_type: 'in',
      movement_reason: 'purchase',
      quantity: 10,
      stock_before: p.stock,
      stock_after: p.stock + 10,
      unit_cost: 12.5,
      total_value: 125,
      reference_id: 'INV-1',
      reference_type: 'invoice',
      seller_id: seller,
      performed_by: t.userIds['warehouse-user'],
      notes: 'Weekly delivery',
    });
    expect(await movementsOf(p)).toBe(before + 1);
  });

  it('records a return as a return movement and drops the seller of a non-purchase', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const res = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      body: purchase(p, seller, { movement_reason: 'return', quantity: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.movement).toMatchObject({ movement_type: 'return', movement_reason: 'return', quantity: 2, seller_id: null });
  });

  it('creates the balance row when the product has none in that warehouse', async () => {
    const p = await fx.unstocked();
    const seller = await fx.sellerIn(p.cityId);
    const res = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', body: purchase(p, seller, { quantity: 7 }) });
    expect(res.status).toBe(200);
    expect(res.body.inventory).toMatchObject({ current_stock: 7, unit_cost: 12.5, product_name: p.productName, warehouse_name: p.warehouseName });
    expect(res.body.movement).toMatchObject({ stock_before: 0, stock_after: 7 });
  });

  it("gives a record it creates the minimum and maximum sent, and leaves an existing record's alone", async () => {
    const p = await fx.unstocked();
    const seller = await fx.sellerIn(p.cityId);
    const levels = { minimum_stock: 10, maximum_stock: 50 };
    const created = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', body: purchase(p, seller, { quantity: 4, ...levels }) });
    expect(created.status).toBe(200);
    expect(created.body.inventory).toMatchObject({ current_stock: 4, ...levels, low_stock_alert: true });

    const again = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      body: purchase(p, seller, { quantity: 1, reference_id: 'INV-2', minimum_stock: 0, maximum_stock: 5 }),
    });
    expect(again.status).toBe(200);
    expect(again.body.inventory).toMatchObject({ current_stock: 5, ...levels });

    const other = await fx.unstocked();
    const refused = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      body: purchase(other, await fx.sellerIn(other.cityId), { minimum_stock: 9, maximum_stock: 3 }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Minimum stock cannot be more than maximum stock');
    const negative = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      body: purchase(other, await fx.sellerIn(other.cityId), { minimum_stock: -1 }),
    });
    expect(negative.body.message).toBe('Minimum stock must be a whole number, 0 or more');
    expect(await movementsOf(other)).toBe(0);
  });

  it('refuses an unknown product, an unknown warehouse, an unknown seller and a seller who is not a seller', async () => {
    const p = await fx.unstocked();
    const seller = await fx.sellerIn(p.cityId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ product_id: crypto.randomUUID() }, 'product_id', 'Product not found'],
      [{ product_id: 'not-an-id' }, 'product_id', 'Product not found'],
      [{ warehouse_id: crypto.randomUUID() }, 'warehouse_id', 'Warehouse not found'],
      [{ seller_id: crypto.randomUUID() }, 'seller_id', 'Seller not found'],
      [{ seller_id: t.userIds.customer }, 'seller_id', 'The selected user is not a seller'],
    ];
    for (const [override, field, message] of cases) {
      const res = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', body: purchase(p, seller, override) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, errors: [{ field, message }] });
    }
    expect(await movementsOf(p)).toBe(0);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inventory where product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('POST /inventory/adjust-stock', () => {
  it('sets the stock to new_stock through one adjustment of the difference', async () => {
    const p = await fx.stocked(5);
    const down = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'warehouse-user',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: p.stock - 5, performed_by: 'someone else', notes: 'Count' },
    });
    expect(down.status).toBe(200);
    expect(down.body.inventory.current_stock).toBe(p.stock - 5);
    expect(down.body.movement).toMatchObject({
      movement_type: 'adjustment',
      quantity: -5,
      stock_before: p.stock,
      stock_after: p.stock - 5,
      performed_by: t.userIds['warehouse-user'],
    });
    const up = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: p.stock + 20 },
    });
    expect(up.body.movement).toMatchObject({ quantity: 25, stock_before: p.stock - 5, stock_after: p.stock + 20 });
  });

  it('records the reason and reference in their own ledger columns; the units found enter at the cost given and move the average', async () => {
    const p = await fx.stocked(5);
    const [held] = await queryRows<{ value: number }>(
      t.db,
      sql`
      select stock_value::float8 as value from inventory where product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`,
    );
    const res = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'warehouse-user',
      body: {
        product_id: p.productId,
        warehouse_id: p.warehouseId,
        new_stock: p.stock + 3,
        notes: 'Customer return',
        movement_reason: 'return',
        reference_id: 'INV-778',
        reference_type: 'invoice',
        unit_cost: 41.5,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.movement).toMatchObject({
      movement_type: 'adjustment',
      quantity: 3,
      movement_reason: 'return',
      reference_id: 'INV-778',
      reference_type: 'invoice',
      unit_cost: 41.5,
      total_value: 124.5,
      value_change: 124.5,
      notes: 'Customer return',
    });
    const worth = Math.round((held!.value + 124.5) * 100) / 100;
    expect(res.body.inventory).toMatchObject({ total_value: worth, unit_cost: Math.round((worth / (p.stock + 3)) * 100) / 100 });

    // A cost alone no longer changes what the stock held is worth (that is a revaluation); a bad one changes nothing.
    const before = await movementsOf(p);
    const costOnly = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: p.stock + 3, unit_cost: 40 },
    });
    expect(costOnly.body).toMatchObject({ message: `Stock is already ${p.stock + 3}: nothing changed`, movement: null, inventory: { total_value: worth } });
    const bad = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: 1, unit_cost: 0, reference_type: 'receipt' },
    });
    expect(bad.status).toBe(400);
    expect(await movementsOf(p)).toBe(before);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock + 3);
    await expectLedgerInvariant(t.db);
  });

  it('writes nothing when the stock is already new_stock', async () => {
    const p = await fx.stocked();
    const before = await movementsOf(p);
    const res = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: p.stock },
    });
    expect(res.status).toBe(200);
    expect(res.body.movement).toBeNull();
    expect(await movementsOf(p)).toBe(before);
  });

  it('answers bad input with a "Validation error:" message naming the problem', async () => {
    const p = await fx.stocked();
    for (const [body, message] of [
      [{ warehouse_id: p.warehouseId, new_stock: 3 }, 'Validation error: Product is required'],
      [{ product_id: p.productId, warehouse_id: p.warehouseId, new_stock: -1 }, 'Validation error: New stock must be a whole number, 0 or more'],
      [{ product_id: p.productId, warehouse_id: p.warehouseId, new_stock: 'many' }, 'Validation error: New stock must be a whole number, 0 or more'],
      [{ product_id: p.productId, warehouse_id: p.warehouseId }, 'Validation error: New stock must be a whole number, 0 or more'],
    ] as const) {
      const res = await t.request('POST', '/api/inventory/adjust-stock', { role: 'admin', body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('POST /inventory/remove-stock', () => {
  it('removes sold and damaged stock', async () => {
    const p = await fx.stocked(4);
    const sold = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'warehouse-user',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 3, movement_type: 'out', reference_id: 'ORD-9' },
    });
    expect(sold.status).toBe(200);
    expect(sold.body.movement).toMatchObject({ movement_type: 'out', quantity: -3, stock_after: p.stock - 3, reference_type: 'invoice' });
    const damaged = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'warehouse-user',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'damaged', notes: 'Broken' },
    });
    expect(damaged.body.movement).toMatchObject({ movement_type: 'damaged', quantity: -1, stock_after: p.stock - 4, reference_type: 'manual' });
    expect(damaged.body.movement.total_value).toBeCloseTo(damaged.body.inventory.unit_cost, 2);
  });

  it('refuses with 409 to go below 0, and writes nothing', async () => {
    const p = await fx.stocked();
    const before = await movementsOf(p);
    const res = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: p.stock + 1, movement_type: 'out' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Insufficient stock: only ${p.stock} in stock, cannot remove ${p.stock + 1}`);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock);
    expect(await movementsOf(p)).toBe(before);

    const none = await fx.unstocked();
    const empty = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      body: { product_id: none.productId, warehouse_id: none.warehouseId, quantity: 1, movement_type: 'damaged' },
    });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('Insufficient stock: only 0 in stock, cannot remove 1');
  });

  it('validates its body', async () => {
    const p = await fx.stocked();
    const res = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'in' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Movement type must be 'out' or 'damaged'");
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response to a retry and changes the stock once', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const headers = { 'idempotency-key': key() };
    const first = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', headers, body: purchase(p, seller) });
    const retry = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', headers, body: purchase(p, seller) });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock + 10);
  });

  it('answers 422 when the key comes back with a different request, and changes nothing', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const headers = { 'idempotency-key': key() };
    await t.request('POST', '/api/inventory/add-stock', { role: 'admin', headers, body: purchase(p, seller) });
    const other = await t.request('POST', '/api/inventory/add-stock', { role: 'admin', headers, body: purchase(p, seller, { quantity: 11 }) });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/already used for a different request/);
    const elsewhere = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      headers,
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'out' },
    });
    expect(elsewhere.status).toBe(422);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock + 10);
  });

  it('keeps keys per user: the same key from another user is another request', async () => {
    const p = await fx.stocked();
    const headers = { 'idempotency-key': key() };
    const body = { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'out' };
    const a = await t.request('POST', '/api/inventory/remove-stock', { role: 'admin', headers, body });
    const b = await t.request('POST', '/api/inventory/remove-stock', { role: 'warehouse-user', headers, body });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.movement._id).not.toBe(a.body.movement._id);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock - 2);
  });

  it('replays a refusal too, even once the stock would allow the request', async () => {
    const p = await fx.stocked();
    const headers = { 'idempotency-key': key() };
    const body = { product_id: p.productId, warehouse_id: p.warehouseId, quantity: p.stock + 5, movement_type: 'out' };
    const refused = await t.request('POST', '/api/inventory/remove-stock', { role: 'admin', headers, body });
    expect(refused.status).toBe(409);
    await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: p.stock + 100 },
    });
    const retry = await t.request('POST', '/api/inventory/remove-stock', { role: 'admin', headers, body });
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual(refused.body);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock + 100);
  });

  it('replaying 50 requests at once with one key changes the stock once', async () => {
    const p = await fx.stocked();
    const seller = await fx.sellerIn(p.cityId);
    const headers = { 'idempotency-key': key() };
    const before = await movementsOf(p);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request('POST', '/api/inventory/add-stock', { role: 'warehouse-user', headers, body: purchase(p, seller, { quantity: 3 }) }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(replies.map((r) => r.body.movement._id)).size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await movementsOf(p)).toBe(before + 1);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock + 3);
  });

  it('refuses a malformed key', async () => {
    const p = await fx.stocked();
    const res = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      headers: { 'idempotency-key': 'x'.repeat(300) },
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'out' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Idempotency-Key');
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock);
  });
});
