import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';
import { HISTORY_COUNT_CAP } from '../../src/server/services/history-service.js';
import type { HistoryItem } from '../../src/domain/schemas/history.js';
import { DEMO_PASSWORDS } from '../../src/server/seed/demo-data.js';
import { stockFixtures } from '../support/stock-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 32: every change is recorded by the API in the change's own transaction (who, when, what, old → new), append-
 * only, and read through GET /api/history by those allowed, within their warehouses, without secrets.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = { role: 'admin' as const };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const historyOf = async (query: string, role: 'admin' | 'warehouse-user' = 'admin') =>
  (await t.request<{ data: HistoryItem[]; total: number }>('GET', `/api/history?${query}`, { role })).body;

describe('GET /api/history', () => {
  it('starts empty on the demo data: seeding is where a user starts, not something anyone did', async () => {
    expect((await historyOf('resource=products')).total).toBe(0);
    expect((await historyOf('resource=users')).total).toBe(0);
  });

  it("records a product's price change with who and when, newest first", async () => {
    const product = (await t.request('GET', '/api/products?limit=1', admin)).body.data[0];
    const price = Number(product.price);
    const next = price + 7.5;
    const put = await t.request('PATCH', `/api/products/${product._id}`, { ...admin, body: { price: next } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const { data, total } = await historyOf(`resource=products&record_id=${product._id}`);
    expect(total).toBeGreaterThanOrEqual(1);
    const [latest] = data;
    expect(latest).toMatchObject({
      resource: 'products',
      record_id: product._id,
      record_label: product.productname,
      action: 'updated',
      user_id: t.userIds.admin,
      user_name: 'Aarti Verma',
    });
    expect(latest!.changes).toEqual({ price: [price, next] });
    expect(Date.now() - new Date(latest!.at).getTime()).toBeLessThan(60_000);
  });

  it('records a create and a delete, and an update that changes nothing records nothing', async () => {
    const created = await t.request('POST', '/api/handling-charges', { ...admin, body: { charge_type: 'History check', amount: 4 } });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    await t.request('PUT', `/api/handling-charges/${id}`, { ...admin, body: { charge_type: 'History check', amount: 4 } });
    await t.request('DELETE', `/api/handling-charges/${id}`, admin);
    const { data } = await historyOf(`resource=handling-charges&record_id=${id}`);
    expect(data.map((e) => e.action)).toEqual(['deleted', 'created']);
    expect(data.every((e) => e.user_id === t.userIds.admin)).toBe(true);
  });

  it('says a password changed without ever holding it or its hash', async () => {
    const user = (await t.request('GET', `/api/users/${t.userIds.seller}`, admin)).body;
    const put = await t.request('PUT', `/api/users/${t.userIds.seller}`, {
      ...admin,
      body: {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        phonenumber: user.phonenumber,
        role: user.role,
        status: user.status,
        city_id: user.city_id,
        address: user.address,
        gst_no: user.gst_no ?? undefined,
        password: 'NewSecret@123',
      },
    });
    expect(put.status).toBe(200);
    const { data } = await historyOf(`resource=users&record_id=${t.userIds.seller}`);
    expect(data[0]!.changes).toEqual({ password: [null, null] });
    const stored = await t.db.execute(sql`select changes::text as c from record_history where resource = 'users'`);
    const text = JSON.stringify(stored);
    expect(text).not.toContain('NewSecret');
    expect(text).not.toContain('password_hash');
    expect(text).not.toMatch(/\$(argon|scrypt|2[aby])/);
  });

  it("records a user's warehouses changing (their own table) with the before and after", async () => {
    const user = (await t.request('GET', `/api/users/${t.userIds.seller}`, admin)).body;
    const warehouses = (await t.request('GET', '/api/warehouses?limit=2', admin)).body.data as { _id: string }[];
    const before = [...(user.warehouse_ids as string[])].sort();
    const after = [warehouses[0]!._id, warehouses[1]!._id].filter((id) => !before.includes(id)).slice(0, 1);
    const body = { ...user, password: undefined, warehouse_ids: after };
    for (const key of ['_id', 'created', 'modified', 'city', 'city_name', 'warehouses', 'role_label']) delete body[key];
    const put = await t.request('PUT', `/api/users/${t.userIds.seller}`, { ...admin, body });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const { data } = await historyOf(`resource=users&record_id=${t.userIds.seller}`);
    expect(data[0]).toMatchObject({ action: 'updated', user_id: t.userIds.admin, changes: { warehouse_ids: [before, after] } });
  });

  it('records sign-ins by account, successful and failed, without what was typed for an unknown account', async () => {
    const ok = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'warehouse@demo.local', password: DEMO_PASSWORDS.warehouse } });
    expect(ok.status).toBe(200);
    const bad = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'warehouse@demo.local', password: 'wrong-password' } });
    expect(bad.status).toBe(401);
    const unknown = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'typed-secret-99@nowhere.example', password: 'whatever-123' } });
    expect(unknown.status).toBe(401);
    const mine = await historyOf(`resource=sign-ins&record_id=${t.userIds['warehouse-user']}`);
    expect(mine.data.slice(0, 2).map((e) => e.action)).toEqual(['sign-in-failed', 'signed-in']);
    expect(mine.data[1]).toMatchObject({ user_id: t.userIds['warehouse-user'], record_label: 'Vikram Singh' });
    const all = await historyOf('resource=sign-ins&action=sign-in-failed&limit=100');
    expect(JSON.stringify(all)).not.toContain('typed-secret-99');
  });

  it('records a permissions change as the paths that changed, by whom', async () => {
    const next = clone(DEFAULT_POLICY);
    next.grants['warehouse-user'] = { ...next.grants['warehouse-user'], cities: ['list'] };
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: next })).status).toBe(200);
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY })).status).toBe(200);
    const { data } = await historyOf('resource=permissions');
    expect(data[1]).toMatchObject({ action: 'updated', user_id: t.userIds.admin, changes: { 'grants.warehouse-user.cities': [null, ['list']] } });
    expect(data[0]!.changes).toEqual({ 'grants.warehouse-user.cities': [['list'], null] });
  });

  it("shows an inventory record's stock movements in its history (from the ledger), their value only to those who see costs", async () => {
    const fx = stockFixtures(t.db);
    const pair = await fx.stocked(1);
    const seller = await fx.sellerIn(pair.cityId);
    const add = await t.request('POST', '/api/inventory/add-stock', {
      role: 'warehouse-user',
      body: {
        product_id: pair.productId,
        warehouse_id: pair.warehouseId,
        quantity: 10,
        unit_cost: 12.5,
        movement_reason: 'purchase',
        reference_id: 'INV-H1',
        reference_type: 'invoice',
        notes: 'Weekly delivery',
        seller_id: seller,
      },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const recordId = add.body.inventory._id as string;
    const { data } = await historyOf(`resource=inventory&record_id=${recordId}`);
    expect(data[0]).toMatchObject({ action: 'stock-purchase', user_id: t.userIds['warehouse-user'], user_name: 'Vikram Singh', record_id: recordId });
    expect(data[0]!.changes).toEqual({ current_stock: [pair.stock, pair.stock + 10], value_change: [null, 125] });
    expect(data[0]!.note).toContain('INV-H1');
    expect(data[0]!.record_label).toBe(`${pair.productName} · ${pair.warehouseName}`);
    // The record's own changes (not stock) are named the same way.
    const moved = await t.request('PUT', `/api/inventory/${recordId}`, { role: 'warehouse-user', body: { location: 'Rack H-9' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const own = (await historyOf(`resource=inventory&record_id=${recordId}&action=updated`)).data[0]!;
    expect([own.record_label, own.changes]).toEqual([`${pair.productName} · ${pair.warehouseName}`, { location: [expect.any(String), 'Rack H-9'] }]);
    const byUser = await historyOf(`user_id=${t.userIds['warehouse-user']}&action=stock-purchase`);
    expect(byUser.data.some((e) => e.record_id === recordId)).toBe(true);

    const next = clone(DEFAULT_POLICY);
    next.grants['warehouse-user'] = { ...next.grants['warehouse-user'], history: ['list'], inventory: ['list'], costs: [] };
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: next })).status).toBe(200);
    try {
      const seen = await historyOf(`resource=inventory&record_id=${recordId}&action=stock-purchase`, 'warehouse-user');
      expect(seen.data[0]!.changes).toEqual({ current_stock: [pair.stock, pair.stock + 10] });
      expect(JSON.stringify(seen)).not.toContain('value_change');
    } finally {
      await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY });
    }
  });

  it("records a stock take's start, its counts and its apply, each by whoever did it", async () => {
    const pair = await stockFixtures(t.db).stocked(1);
    const take = await t.request('POST', '/api/stock-takes', { role: 'warehouse-user', body: { warehouse_id: pair.warehouseId, blind: false } });
    expect(take.status, JSON.stringify(take.body)).toBe(201);
    const id = take.body._id as string;
    const counts = await t.request('PUT', `/api/stock-takes/${id}/counts`, {
      ...admin,
      body: { lines: [{ product_id: pair.productId, counted: pair.stock }] },
    });
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    const applied = await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'warehouse-user' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const { data } = await historyOf(`resource=stock-takes&record_id=${id}`);
    expect(data.map((e) => [e.action, e.user_id])).toEqual([
      ['updated', t.userIds['warehouse-user']],
      ['counted', t.userIds.admin],
      ['created', t.userIds['warehouse-user']],
    ]);
    expect(data[0]!.changes).toMatchObject({ status: ['open', 'applied'] });
    expect(data[1]!.changes).toEqual({ [pair.productName]: [null, pair.stock] });
    expect(data.every((e) => e.warehouse_id === pair.warehouseId)).toBe(true);
  });

  it("keeps a stock take's variance totals out of its history: a blind count's variances and their cost", async () => {
    const pair = await stockFixtures(t.db).stocked(2);
    const take = await t.request('POST', '/api/stock-takes', { role: 'warehouse-user', body: { warehouse_id: pair.warehouseId, blind: true } });
    expect(take.status, JSON.stringify(take.body)).toBe(201);
    const id = take.body._id as string;
    const counts = await t.request('PUT', `/api/stock-takes/${id}/counts`, {
      role: 'warehouse-user',
      body: { lines: [{ product_id: pair.productId, counted: pair.stock - 1 }] },
    });
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    const { data } = await historyOf(`resource=stock-takes&record_id=${id}`);
    expect(data.map((e) => e.action)).toEqual(['counted', 'created']);
    expect(JSON.stringify(data)).not.toMatch(/lines_varied|variance_quantity|variance_value/);
    expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, admin)).status).toBe(200);
  });

  it('pages the merged record changes and movements without gaps or repeats, and caps the count it makes', async () => {
    // A new inventory record: a 'created' entry (record_history) and its opening stock (a ledger row), the same instant.
    const pair = await stockFixtures(t.db).unstocked();
    const body = { product_id: pair.productId, warehouse_id: pair.warehouseId, current_stock: 5, minimum_stock: 1, maximum_stock: 50, unit_cost: 9.5 };
    expect((await t.request('POST', '/api/inventory', { ...admin, body })).status).toBe(201);
    const everything = await historyOf('resource=inventory&limit=30');
    const paged: string[] = [];
    for (let page = 1; page <= 6; page++) paged.push(...(await historyOf(`resource=inventory&limit=5&page=${page}`)).data.map((e) => e._id));
    expect(paged).toEqual(everything.data.map((e) => e._id));
    expect(new Set(paged).size).toBe(30);
    expect(everything.data.some((e) => e._id.startsWith('m')) && everything.data.some((e) => e._id.startsWith('h'))).toBe(true);

    const record = `capped-${Date.now()}`;
    await t.db.execute(sql`
      insert into record_history (resource, record_id, action) select 'products', ${record}, 'updated' from generate_series(1, ${HISTORY_COUNT_CAP + 5})`);
    const capped = await t.request('GET', `/api/history?resource=products&record_id=${record}&limit=3`, admin);
    expect(capped.body, JSON.stringify({ ...capped.body, data: undefined })).toMatchObject({ total: HISTORY_COUNT_CAP, total_capped: true });
    expect(capped.body.data).toHaveLength(3);
    expect((await t.request('GET', '/api/history?resource=permissions', admin)).body.total_capped).toBe(false);
  });

  it('is append-only, for the database user the API runs as too', async () => {
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(t.db.execute(sql`update record_history set note = 'rewritten'`))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`delete from record_history`))).toMatch(/append-only/);
  });

  it('is admin-only by default; a granted warehouse user with an assigned scope sees only its warehouses', async () => {
    expect((await t.request('GET', '/api/history', { role: 'warehouse-user' })).status).toBe(403);
    expect((await t.request('GET', '/api/history')).status).toBe(401);
    const mine = (await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, admin)).body.warehouse_ids as string[];
    expect(mine.length).toBeGreaterThan(0);
    const warehouses = (await t.request('GET', '/api/warehouses?limit=100', admin)).body.data as { _id: string; name: string }[];
    const other = warehouses.find((w) => !mine.includes(w._id))!;
    const own = warehouses.find((w) => mine.includes(w._id))!;
    for (const w of [own, other]) await t.request('PUT', `/api/warehouses/${w._id}`, { ...admin, body: { ...w, contact_person: `Manager of ${w.name}` } });

    const next = clone(DEFAULT_POLICY);
    next.grants['warehouse-user'] = { ...next.grants['warehouse-user'], history: ['list'], warehouses: ['list'] };
    next.scope['warehouse-user'] = { history: 'assigned' };
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: next })).status).toBe(200);
    try {
      const seen = await historyOf('resource=warehouses&limit=100', 'warehouse-user');
      const ids = new Set(seen.data.map((e) => e.record_id));
      expect(ids.has(own._id)).toBe(true);
      expect(ids.has(other._id)).toBe(false);
      // Resources it may not list are not in its history at all.
      expect((await historyOf('resource=products&limit=5', 'warehouse-user')).total).toBe(0);
      expect((await historyOf('resource=permissions&limit=5', 'warehouse-user')).total).toBe(0);
    } finally {
      await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY });
    }
  });

  it('filters by user, action and business days, and names the field of a bad filter', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const byAdmin = await historyOf(`user_id=${t.userIds.admin}&from=${today}&to=${today}&limit=100`);
    expect(byAdmin.total).toBeGreaterThan(0);
    expect(byAdmin.data.every((e) => e.user_id === t.userIds.admin)).toBe(true);
    expect((await historyOf('from=2000-01-01&to=2000-01-02')).total).toBe(0);
    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['from=2026-11-24&to=2026-11-01', 'to'],
      ['limit=100000', 'limit'],
      [`resource=${'x'.repeat(61)}`, 'resource'],
    ] as const) {
      const res = await t.request('GET', `/api/history?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
