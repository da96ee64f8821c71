import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const city = { name: 'Bhopal', state: 'Madhya Pradesh', district: 'Bhopal', pincode: '462001', wards: ['Arera Colony', '  ', 'MP Nagar'], is_active: true };
const admin = { role: 'admin' as const };

describe('cities', () => {
  it('creates, reads, updates and deletes a city; blank wards are dropped', async () => {
    const created = await t.request('POST', '/api/cities', { ...admin, body: city });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Bhopal', pincode: '462001', wards: ['Arera Colony', 'MP Nagar'], is_active: true });
    const id = created.body._id;
    expect((await t.request('GET', `/api/cities/${id}`, admin)).body.name).toBe('Bhopal');

    const updated = await t.request('PUT', `/api/cities/${id}`, { ...admin, body: { ...city, name: 'Bhopal City', is_active: false } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Bhopal City', is_active: false });
    expect(new Date(updated.body.modified).getTime()).toBeGreaterThanOrEqual(new Date(created.body.modified).getTime());

    expect((await t.request('DELETE', `/api/cities/${id}`, admin)).body).toEqual({ message: 'City deleted successfully' });
    expect((await t.request('GET', `/api/cities/${id}`, admin)).status).toBe(404);
  });

  it('rejects bad input with 400 naming each field, and writes nothing', async () => {
    const before = (await t.request('GET', '/api/cities', admin)).body.total;
    const res = await t.request('POST', '/api/cities', { ...admin, body: { ...city, name: ' ', pincode: '46200', wards: ['', ' '] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'City name is required' },
        { field: 'pincode', message: 'Please enter a valid 6-digit pincode' },
        { field: 'wards', message: 'At least one ward is required' },
      ]),
    );
    expect(res.body.message).toContain('pincode');
    for (const pincode of ['1234567', 'abcdef', '']) {
      expect((await t.request('POST', '/api/cities', { ...admin, body: { ...city, pincode } })).status).toBe(400);
    }
    expect((await t.request('GET', '/api/cities', admin)).body.total).toBe(before);
  });

  it('refuses a duplicate city (same name and state in any case or spacing, same pincode) with 409, on create and update', async () => {
    const first = await t.request('POST', '/api/cities', { ...admin, body: { ...city, name: 'Gwalior', pincode: '474001' } });
    expect(first.status).toBe(201);
    const total = (await t.request('GET', '/api/cities', admin)).body.total;
    for (const twin of [{ name: 'Gwalior' }, { name: '  gwalior ' }, { name: 'GWALIOR', state: ' madhya pradesh' }]) {
      const res = await t.request('POST', '/api/cities', { ...admin, body: { ...city, pincode: '474001', ...twin } });
      expect(res.status, JSON.stringify(twin)).toBe(409);
      expect(res.body).toEqual({ message: 'A city with this name, state and pincode already exists' });
    }
    expect((await t.request('GET', '/api/cities', admin)).body.total).toBe(total);
    // Another pincode or another state is another city.
    const otherPincode = await t.request('POST', '/api/cities', { ...admin, body: { ...city, name: 'Gwalior', pincode: '474002' } });
    expect(otherPincode.status).toBe(201);
    const otherState = await t.request('POST', '/api/cities', { ...admin, body: { ...city, name: 'Gwalior', state: 'Rajasthan', pincode: '474001' } });
    expect(otherState.status).toBe(201);

    const moved = await t.request('PUT', `/api/cities/${otherPincode.body._id}`, { ...admin, body: { ...city, name: 'gwalior', pincode: '474001' } });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('A city with this name, state and pincode already exists');
    expect((await t.request('GET', `/api/cities/${otherPincode.body._id}`, admin)).body.pincode).toBe('474002');
    // Saving a city unchanged is no duplicate of itself.
    expect((await t.request('PUT', `/api/cities/${first.body._id}`, { ...admin, body: { ...city, name: 'Gwalior', pincode: '474001' } })).status).toBe(200);
    for (const made of [first, otherPincode, otherState]) expect((await t.request('DELETE', `/api/cities/${made.body._id}`, admin)).status).toBe(200);
  });

  it('lets exactly one of several racing creates of the same city through', async () => {
    const body = { ...city, name: 'Ujjain', pincode: '456001' };
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.request('POST', '/api/cities', { ...admin, body: { ...body, name: i % 2 ? 'ujjain ' : 'Ujjain' } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const made = (await t.request('GET', '/api/cities?q=ujjain', admin)).body;
    expect(made.total).toBe(1);
    expect((await t.request('DELETE', `/api/cities/${made.data[0]._id}`, admin)).status).toBe(200);
  });

  it('404s unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await t.request('GET', `/api/cities/${encodeURIComponent(id)}`, admin);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'City not found' });
      expect((await t.request('PUT', `/api/cities/${encodeURIComponent(id)}`, { ...admin, body: city })).status).toBe(404);
      expect((await t.request('DELETE', `/api/cities/${encodeURIComponent(id)}`, admin)).status).toBe(404);
    }
  });

  it('refuses to delete a city that warehouses use (409), leaving it in place', async () => {
    const wh = (await t.request('GET', '/api/warehouses?limit=1', admin)).body.data[0];
    const n = (await t.request('GET', `/api/warehouses?city_id=${wh.city_id}&limit=1`, admin)).body.total;
    const res = await t.request('DELETE', `/api/cities/${wh.city_id}`, admin);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: `This city has ${n} warehouse(s). Move or delete them before deleting the city.` });
    expect((await t.request('GET', `/api/cities/${wh.city_id}`, admin)).status).toBe(200);
  });

  it('refuses to delete a city that users live in (409) until they move', async () => {
    const { _id: id } = (await t.request('POST', '/api/cities', { ...admin, body: city })).body;
    await t.db.update(users).set({ cityId: id }).where(eq(users.id, t.userIds.seller));
    const res = await t.request('DELETE', `/api/cities/${id}`, admin);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This city has 1 user(s). Move them to another city before deleting it.' });
    await t.db.update(users).set({ cityId: null }).where(eq(users.id, t.userIds.seller));
    expect((await t.request('DELETE', `/api/cities/${id}`, admin)).status).toBe(200);
  });

  it('paginates with a real total, searches and sorts', async () => {
    const page1 = await t.request('GET', '/api/cities?page=1&limit=2&sort=name&order=asc', admin);
    expect(page1.body.total).toBeGreaterThanOrEqual(4);
    expect(page1.body.data).toHaveLength(2);
    const page2 = await t.request('GET', '/api/cities?page=2&limit=2&sort=name&order=asc', admin);
    const names = [...page1.body.data, ...page2.body.data].map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(4);
    const found = await t.request('GET', '/api/cities?q=jaip', admin);
    expect(found.body.data.map((c: { name: string }) => c.name)).toEqual(['Jaipur']);
    expect(found.body.total).toBe(1);
    expect((await t.request('GET', '/api/cities?q=%25', admin)).body.total).toBe(0);
  });

  it('rejects bad list parameters with 400', async () => {
    for (const q of ['limit=0', 'limit=1001', 'page=0', 'page=abc', 'sort=password', 'order=sideways']) {
      const res = await t.request('GET', `/api/cities?${q}`, admin);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/limit|page|sort|order/);
    }
  });
});
