import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, WAREHOUSE_SCOPED, type Policy } from '../../src/domain/policy.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cityId: string;
beforeAll(async () => {
  t = await createTestApp();
  cityId = (await t.request('GET', '/api/cities?q=Indore', { role: 'admin' })).body.data[0]._id;
});
afterAll(() => t.close());

const admin = { role: 'admin' as const };
const wh = { role: 'warehouse-user' as const };
const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));
const warehouse = () => ({
  name: 'Indore East Store',
  city_id: cityId,
  address: '12, Ring Road, near Bengali Square, Indore',
  status: 'active',
  contact_person: 'Meera Joshi',
  contact_phone: '+91 (731) 400-1234',
  contact_email: 'Meera@Example.com',
});

describe('warehouses', () => {
  it('creates with the city name, updates and deletes', async () => {
    const created = await t.request('POST', '/api/warehouses', { ...admin, body: warehouse() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Indore East Store',
      city_id: cityId,
      city: 'Indore',
      status: 'active',
      description: null,
      contact_email: 'meera@example.com',
    });
    const id = created.body._id;
    const updated = await t.request('PUT', `/api/warehouses/${id}`, {
      ...admin,
      body: { ...warehouse(), status: 'inactive', description: 'Night shift only' },
    });
    expect(updated.body).toMatchObject({ status: 'inactive', description: 'Night shift only' });
    const list = await t.request('GET', '/api/warehouses?q=east', admin);
    expect(list.body.data.map((w: { _id: string }) => w._id)).toContain(id);
    expect((await t.request('DELETE', `/api/warehouses/${id}`, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/warehouses/${id}`, admin)).status).toBe(404);
  });

  it('validates the SPEC.md rules, naming each field', async () => {
    const res = await t.request('POST', '/api/warehouses', {
      ...admin,
      body: { ...warehouse(), contact_phone: 'call me', contact_email: 'nope', status: 'closed', name: '' },
    });
    expect(res.status).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['contact_phone', 'contact_email', 'status', 'name']));
    expect(res.body.errors).toContainEqual({ field: 'contact_phone', message: 'Please enter a valid phone number' });
  });

  it('requires an existing city', async () => {
    for (const city_id of ['00000000-0000-4000-8000-000000000000', 'bogus']) {
      const res = await t.request('POST', '/api/warehouses', { ...admin, body: { ...warehouse(), city_id } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'city_id', message: 'City not found' }]);
    }
  });

  it('lets warehouse-user list and view but not create, edit or delete', async () => {
    const list = await t.request('GET', '/api/warehouses', { role: 'warehouse-user' });
    expect(list.status).toBe(200);
    const id = list.body.data[0]._id;
    expect((await t.request('GET', `/api/warehouses/${id}`, { role: 'warehouse-user' })).status).toBe(200);
    expect((await t.request('POST', '/api/warehouses', { role: 'warehouse-user', body: warehouse() })).status).toBe(403);
    expect((await t.request('PUT', `/api/warehouses/${id}`, { role: 'warehouse-user', body: warehouse() })).status).toBe(403);
    expect((await t.request('DELETE', `/api/warehouses/${id}`, { role: 'warehouse-user' })).status).toBe(403);
  });

  it('searches by the city name too, sorts by it, and filters by city and status', async () => {
    const pune = await t.request('GET', '/api/warehouses?q=pune', admin);
    expect(pune.body.data.length).toBeGreaterThan(0);
    expect(pune.body.data.every((w: { city: string; name: string }) => /pune/i.test(`${w.city} ${w.name}`))).toBe(true);
    const byCity = (await t.request('GET', '/api/warehouses?sort=city&order=desc&limit=100', admin)).body.data.map((w: { city: string }) => w.city);
    expect(byCity).toEqual([...byCity].sort().reverse());
    expect((await t.request('GET', '/api/warehouses?status=closed', admin)).body.errors).toEqual([
      { field: 'status', message: 'status must be one of: active, inactive' },
    ]);
    expect((await t.request('GET', '/api/warehouses?sort=address', admin)).body.errors).toEqual([
      { field: 'sort', message: 'sort must be one of: name, status, city, created' },
    ]);
  });

  it('refuses to delete a warehouse holding stock or with stock history (409); one with only empty records goes with them', async () => {
    const [stocked] = await q<{ id: string; n: number }>(sql`
      select warehouse_id as id, count(*)::int as n from inventory where current_stock > 0 group by warehouse_id order by 2 desc limit 1`);
    const refused = await t.request('DELETE', `/api/warehouses/${stocked!.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: `This warehouse holds stock of ${stocked!.n} product(s). Move or remove the stock before deleting it.` });

    const [product] = await q<{ id: string }>(sql`select id from products where not tracks_expiry order by productname limit 1`);
    const moved = (await t.request('POST', '/api/warehouses', { ...admin, body: { ...warehouse(), name: 'Moved Store' } })).body._id;
    const stock = { product_id: product!.id, warehouse_id: moved, quantity: 2 };
    expect(
      (
        await t.request('POST', '/api/inventory/add-stock', {
          ...admin,
          body: {
            ...stock,
            unit_cost: 5,
            movement_reason: 'purchase',
            reference_id: 'W-1',
            reference_type: 'invoice',
            notes: 'In',
            seller_id: t.userIds.seller,
          },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('POST', '/api/inventory/remove-stock', { ...admin, body: { ...stock, movement_type: 'out' } })).status).toBe(200);
    const kept = await t.request('DELETE', `/api/warehouses/${moved}`, admin);
    expect(kept.status).toBe(409);
    expect(kept.body).toEqual({ message: 'This warehouse has stock movement history, which must be kept. Set it inactive instead.' });

    const empty = (await t.request('POST', '/api/warehouses', { ...admin, body: { ...warehouse(), name: 'Empty Store' } })).body._id;
    expect(
      (await t.request('POST', '/api/inventory', { ...admin, body: { product_id: product!.id, warehouse_id: empty, current_stock: 0, unit_cost: 5 } })).status,
    ).toBe(201);
    expect((await t.request('DELETE', `/api/warehouses/${empty}`, admin)).status).toBe(200);
    expect(await q(sql`select id from inventory where warehouse_id = ${empty}::uuid`)).toEqual([]);
  });

  it("with scope 'assigned': only the user's warehouses are seen; no new one; another's is 403 to change", async () => {
    const policy: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    policy.grants['warehouse-user'] = { ...policy.grants['warehouse-user'], warehouses: ['list', 'show', 'create', 'edit', 'delete'] };
    policy.scope = { 'warehouse-user': Object.fromEntries(WAREHOUSE_SCOPED.map((r) => [r, 'assigned'])) };
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: policy })).status).toBe(200);
    try {
      const mine = (await q<{ id: string }>(sql`select warehouse_id as id from user_warehouses where user_id = ${t.userIds['warehouse-user']}::uuid`)).map(
        (r) => r.id,
      );
      const [other] = await q<{ id: string; name: string }>(sql`select id, name from warehouses where id <> all(${`{${mine.join(',')}}`}::uuid[]) limit 1`);
      const listed = await t.request('GET', '/api/warehouses?limit=100', wh);
      expect(listed.body.data.map((w: { _id: string }) => w._id).sort()).toEqual([...mine].sort());
      expect(listed.body.total).toBe(mine.length);
      expect((await t.request('GET', `/api/warehouses?q=${encodeURIComponent(other!.name)}`, wh)).body.total).toBe(0);
      expect((await t.request('GET', `/api/warehouses/${other!.id}`, wh)).body).toEqual({ message: 'Warehouse not found' });
      expect((await t.request('GET', `/api/warehouses/${mine[0]}`, wh)).status).toBe(200);

      const created = await t.request('POST', '/api/warehouses', { ...wh, body: warehouse() });
      expect(created.status).toBe(403);
      expect(created.body).toEqual({ message: 'Only a user who sees every warehouse may add one' });
      const outOfScope = { message: 'This warehouse is not one of your assigned warehouses' };
      const update = await t.request('PUT', `/api/warehouses/${other!.id}`, { ...wh, body: { ...warehouse(), name: 'Taken Over' } });
      expect([update.status, update.body]).toEqual([403, outOfScope]);
      const remove = await t.request('DELETE', `/api/warehouses/${other!.id}`, wh);
      expect([remove.status, remove.body]).toEqual([403, outOfScope]);
      expect((await t.request('GET', `/api/warehouses/${other!.id}`, admin)).body.name).toBe(other!.name);
      expect((await t.request('PUT', '/api/warehouses/00000000-0000-4000-8000-000000000000', { ...wh, body: warehouse() })).status).toBe(404);
      const own = await t.request('PUT', `/api/warehouses/${mine[0]}`, { ...wh, body: { ...warehouse(), name: 'My Store' } });
      expect(own.body).toMatchObject({ _id: mine[0], name: 'My Store', city: 'Indore' });
    } finally {
      expect((await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY })).status).toBe(200);
    }
  });
});
