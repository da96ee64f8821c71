import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cityId: string;
beforeAll(async () => {
  t = await createTestApp();
  cityId = (await t.request('GET', '/api/cities?q=Indore', { role: 'admin' })).body.data[0]._id;
});
afterAll(() => t.close());

const admin = { role: 'admin' as const };
const warehouse = () => ({
  name: 'Indore East Store', city_id: cityId, address: '12, Ring Road, near Bengali Square, Indore', status: 'active',
  contact_person: 'Meera Joshi', contact_phone: '+91 (731) 400-1234', contact_email: 'Meera@Example.com',
});

describe('warehouses', () => {
  it('creates with the city name, updates and deletes', async () => {
    const created = await t.request('POST', '/api/warehouses', { ...admin, body: warehouse() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Indore East Store', city_id: cityId, city: 'Indore', status: 'active', description: null, contact_email: 'meera@example.com' });
    const id = created.body._id;
    const updated = await t.request('PUT', `/api/warehouses/${id}`, { ...admin, body: { ...warehouse(), status: 'inactive', description: 'Night shift only' } });
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
});
