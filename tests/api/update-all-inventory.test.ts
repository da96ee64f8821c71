import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { balanceOf, expectLedgerInvariant, movementCount, queryRows } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.db, query))[0]!.n;

describe('POST /inventory/test-update-all-inventory', () => {
  it('gives every product a balance row in the warehouse and restores drifted balances from the ledger', async () => {
    const fx = stockFixtures(t.db);
    const missing = await fx.unstocked();
    const w = missing.warehouseId;
    const drifted = await fx.stocked(1);
    // Corrupt two balances behind the ledger's back, as a bad import or a manual SQL fix would.
    const [other] = await queryRows<{ productId: string; stock: number }>(t.db, sql`
      select product_id as "productId", current_stock as stock from inventory
       where warehouse_id = ${w}::uuid and current_stock > 0 and product_id <> ${drifted.productId}::uuid limit 1`);
    await t.db.execute(sql`update inventory set current_stock = current_stock + 5 where warehouse_id = ${w}::uuid and product_id = ${other!.productId}::uuid`);
    await t.db.execute(sql`update inventory set current_stock = 0, stock_value = 0 where warehouse_id = ${drifted.warehouseId}::uuid and product_id = ${drifted.productId}::uuid`);

    const productCount = await count(sql`select count(*)::int as n from products`);
    const rowsBefore = await count(sql`select count(*)::int as n from inventory where warehouse_id = ${w}::uuid`);
    const ledgerBefore = await movementCount(t.db);

    const res = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: { warehouse_id: w } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Inventory updated successfully!');
    expect(res.body.created).toBe(productCount - rowsBefore);
    expect(res.body.created).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from inventory where warehouse_id = ${w}::uuid`)).toBe(productCount);
    expect(await balanceOf(t.db, missing.productId, w)).toBe(0);
    expect(res.body.drift).toContainEqual(expect.objectContaining({ product_id: other!.productId, recorded_stock: other!.stock + 5, ledger_stock: other!.stock }));
    expect(await balanceOf(t.db, other!.productId, w)).toBe(other!.stock);
    // The ledger is the truth: reconciling never writes to it.
    expect(await movementCount(t.db)).toBe(ledgerBefore);

    if (drifted.warehouseId !== w) {
      const second = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: { warehouse_id: drifted.warehouseId } });
      expect(second.body.drift).toEqual([expect.objectContaining({ product_id: drifted.productId, recorded_stock: 0, ledger_stock: drifted.stock })]);
    } else {
      expect(res.body.drift).toContainEqual(expect.objectContaining({ product_id: drifted.productId, ledger_stock: drifted.stock }));
    }
    expect(await balanceOf(t.db, drifted.productId, drifted.warehouseId)).toBe(drifted.stock);

    const again = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: { warehouse_id: w } });
    expect(again.body).toMatchObject({ created: 0, corrected: 0, drift: [] });
  });

  it('is admin only', async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    const res = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'warehouse-user', body: { warehouse_id: warehouseId } });
    expect(res.status).toBe(403);
  });

  it('names a missing or unknown warehouse', async () => {
    const missing = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toEqual({ field: 'warehouse_id', message: 'Warehouse is required' });
    const unknown = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: { warehouse_id: crypto.randomUUID() } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Warehouse not found');
  });
});
