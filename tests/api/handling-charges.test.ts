import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('handling charges', () => {
  it('warehouse-user can add, edit, list and delete a charge; amounts keep 2 decimals', async () => {
    const as = { role: 'warehouse-user' as const };
    const created = await t.request('POST', '/api/handling-charges', { ...as, body: { charge_type: 'Cold chain', amount: 12.5 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ charge_type: 'Cold chain', amount: 12.5 });
    const id = created.body._id;
    const updated = await t.request('PUT', `/api/handling-charges/${id}`, { ...as, body: { charge_type: 'Cold chain', amount: 19.99 } });
    expect(updated.body.amount).toBe(19.99);
    const list = await t.request('GET', '/api/handling-charges?limit=100', as);
    expect(list.body.data.find((c: { _id: string }) => c._id === id).amount).toBe(19.99);
    expect((await t.request('DELETE', `/api/handling-charges/${id}`, as)).body).toEqual({ message: 'Handling charge deleted successfully' });
    expect((await t.request('DELETE', `/api/handling-charges/${id}`, as)).status).toBe(404);
  });

  it('rejects a missing type, a negative, non-numeric or over-precise amount', async () => {
    const bodies = [
      [{ amount: 5 }, 'charge_type'],
      [{ charge_type: 'X', amount: -1 }, 'amount'],
      [{ charge_type: 'X', amount: '5' }, 'amount'],
      [{ charge_type: 'X', amount: 1.005 }, 'amount'],
      [{ charge_type: 'X' }, 'amount'],
    ] as const;
    for (const [body, field] of bodies) {
      const res = await t.request('POST', '/api/handling-charges', { role: 'admin', body });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('is hidden from roles without access', async () => {
    expect((await t.request('GET', '/api/handling-charges', { role: 'customer' })).status).toBe(403);
    expect((await t.request('GET', '/api/handling-charges')).status).toBe(401);
  });
});
