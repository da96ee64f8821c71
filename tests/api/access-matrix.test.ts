import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, can } from '../../src/domain/policy.js';
import { ROLES } from '../../src/domain/roles.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Walks EVERY /api route × EVERY role. A route added without an access rule cannot even register
 * (start-up throws), and one whose rule is wrong shows up here as an unexpected status.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[a-zA-Z]+/g, () => crypto.randomUUID());

describe('role × route matrix', () => {
  it('knows the routes of SPEC.md section 7', () => {
    const routes = t.app.routeAccessTable.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/auth/login',
      'POST /api/auth/refresh',
      'GET /api/cities',
      'POST /api/cities',
      'PUT /api/cities/:id',
      'DELETE /api/cities/:id',
      'GET /api/warehouses',
      'GET /api/handling-charges',
      'GET /api/access-policy',
      'GET /api/inventory',
      'POST /api/inventory',
      'GET /api/inventory/:id',
      'PUT /api/inventory/:id',
      'DELETE /api/inventory/:id',
      'POST /api/inventory/add-stock',
      'POST /api/inventory/adjust-stock',
      'POST /api/inventory/remove-stock',
      'GET /api/inventory/by-city/:cityId',
      'POST /api/inventory/test-update-all-inventory',
      'GET /api/inventory/report',
      'GET /api/reports/warehouse-sale-purchase',
      'GET /api/dashboard/summary',
    ])
      expect(routes).toContain(expected);
  });

  it('every route answers each role as the policy says', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeAccessTable) {
      if (route.url.startsWith('/api/docs')) continue;
      const url = fill(route.url);
      const anonymous = await t.request(route.method, url);
      if (route.access !== 'public' && anonymous.status !== 401) failures.push(`${route.method} ${route.url} anonymous → ${anonymous.status}`);
      if (route.access === 'public') continue;
      for (const role of ROLES) {
        const res = await t.request(route.method, url, { role });
        const allowed = DEFAULT_POLICY.signIn[role] && (route.access === 'signed-in' || can(DEFAULT_POLICY, role, route.access.resource, route.access.action));
        const ok = allowed ? res.status !== 401 && res.status !== 403 : res.status === 403;
        if (!ok) failures.push(`${route.method} ${route.url} as ${role} → ${res.status} (${allowed ? 'allowed' : 'denied'})`);
      }
    }
    expect(failures).toEqual([]);
    // Every route × every role (each list's CSV download, the backups and the metrics added ~20 routes): ~15 s alone,
    // over 120 s on two cores loaded with a full run and other benches.
  }, 300_000);

  it('warehouse-user may read warehouses but not change them, and may not touch cities', async () => {
    const list = await t.request('GET', '/api/warehouses', { role: 'warehouse-user' });
    expect(list.status).toBe(200);
    const id = list.body.data[0]._id;
    expect((await t.request('DELETE', `/api/warehouses/${id}`, { role: 'warehouse-user' })).status).toBe(403);
    expect((await t.request('GET', '/api/cities', { role: 'warehouse-user' })).status).toBe(403);
  });

  it('rejects missing, malformed, forged and expired tokens with 401 Unauthorized access', async () => {
    const forged = (await t.token('admin')).slice(0, -4) + 'AAAA';
    const expired = await t.signer.sign({ sub: t.userIds.admin, role: 'admin', firstname: 'A' }, { ttlSeconds: -10 });
    for (const token of ['', 'garbage', forged, expired]) {
      const res = await t.request('GET', '/api/cities', token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized access' });
    }
  });
});
