import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
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
    const [other] = await queryRows<{ productId: string; stock: number }>(
      t.db,
      sql`
      select product_id as "productId", current_stock as stock from inventory
       where warehouse_id = ${w}::uuid and current_stock > 0 and product_id <> ${drifted.productId}::uuid limit 1`,
    );
    await t.db.execute(sql`update inventory set current_stock = current_stock + 5 where warehouse_id = ${w}::uuid and product_id = ${other!.productId}::uuid`);
    await t.db.execute(
      sql`update inventory set current_stock = 0, stock_value = 0 where warehouse_id = ${drifted.warehouseId}::uuid and product_id = ${drifted.productId}::uuid`,
    );

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
    expect(res.body.drift).toContainEqual(
      expect.objectContaining({ product_id: other!.productId, recorded_stock: other!.stock + 5, ledger_stock: other!.stock }),
    );
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

describe('GET /inventory/update-all-preview', () => {
  const preview = (query: string, role: 'admin' | 'warehouse-user' = 'admin') => t.request('GET', `/api/inventory/update-all-preview${query}`, { role });

  it('says how many records the update would create and the warehouse holds, writing nothing; the update then creates that many', async () => {
    const { warehouseId: w } = await stockFixtures(t.db).unstocked();
    const records = await count(sql`select count(*)::int as n from inventory where warehouse_id = ${w}::uuid`);
    const products = await count(sql`select count(*)::int as n from products`);
    const name = (await queryRows<{ name: string }>(t.db, sql`select name from warehouses where id = ${w}::uuid`))[0]!.name;
    const ledgerBefore = await movementCount(t.db);

    const res = await preview(`?warehouse_id=${w}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ warehouse_id: w, warehouse_name: name, to_create: products - records, records });
    expect(res.body.to_create).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from inventory where warehouse_id = ${w}::uuid`)).toBe(records);
    expect(await movementCount(t.db)).toBe(ledgerBefore);

    const updated = await t.request('POST', '/api/inventory/test-update-all-inventory', { role: 'admin', body: { warehouse_id: w } });
    expect(updated.body.created).toBe(res.body.to_create);
    expect((await preview(`?warehouse_id=${w}`)).body).toMatchObject({ to_create: 0, records: products });
  });

  it('is guarded like the update: admin only, a missing or unknown warehouse named, and documented', async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    expect((await preview(`?warehouse_id=${warehouseId}`, 'warehouse-user')).status).toBe(403);
    const missing = await preview('');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toEqual({ field: 'warehouse_id', message: 'Warehouse is required' });
    const unknown = await preview(`?warehouse_id=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toEqual({ field: 'warehouse_id', message: 'Warehouse not found' });
    // A role given update-all with scope 'assigned' previews its own warehouses only.
    const policy = JSON.parse(JSON.stringify(DEFAULT_POLICY)) as Policy;
    policy.grants['warehouse-user']['update-all-inventory'] = ['update-all'];
    policy.scope['warehouse-user'] = { 'update-all-inventory': 'assigned' };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    try {
      const mine = (await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, { role: 'admin' })).body.warehouse_ids as string[];
      const [other] = await queryRows<{ id: string }>(t.db, sql`select id from warehouses where not (id = any(${`{${mine.join(',')}}`}::uuid[])) limit 1`);
      expect((await preview(`?warehouse_id=${mine[0]}`, 'warehouse-user')).status).toBe(200);
      const refused = await preview(`?warehouse_id=${other!.id}`, 'warehouse-user');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('This warehouse is not one of your assigned warehouses');
    } finally {
      expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY })).status).toBe(200);
    }
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const op = doc.paths['/api/inventory/update-all-preview'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(op.responses['200'].content['application/json'].schema.properties).toHaveProperty('to_create');
  });
});
