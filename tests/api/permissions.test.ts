import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { normalisePolicy } from '../../src/domain/schemas/permissions.js';
import { and, eq } from 'drizzle-orm';
import { rolePermissions, roleSettings } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const clone = (p: Policy): Policy => JSON.parse(JSON.stringify(p));
const admin = { role: 'admin' as const };

describe('permissions matrix', () => {
  it('starts from the SPEC.md defaults', async () => {
    const res = await t.request('GET', '/api/permissions', admin);
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual(normalisePolicy(DEFAULT_POLICY));
    expect(res.body.defaults).toEqual(normalisePolicy(DEFAULT_POLICY));
    expect(res.body.roles).toContain('sub-admin');
    expect(res.body.resources.products).toEqual(['list', 'show', 'create', 'edit', 'delete']);
  });

  it('a grant changes the 403/200 outcome of the matching route at once, and is audited', async () => {
    expect((await t.request('GET', '/api/cities', { role: 'warehouse-user' })).status).toBe(403);
    const next = clone(DEFAULT_POLICY);
    next.grants['warehouse-user'] = { ...next.grants['warehouse-user'], cities: ['list'] };
    const put = await t.request('PUT', '/api/permissions', { ...admin, body: next });
    expect(put.status).toBe(200);
    expect(put.body.policy.grants['warehouse-user'].cities).toEqual(['list']);
    expect((await t.request('GET', '/api/cities', { role: 'warehouse-user' })).status).toBe(200);
    expect((await t.request('POST', '/api/cities', { role: 'warehouse-user', body: {} })).status).toBe(403);

    const audit = await t.request('GET', '/api/permissions/audit', admin);
    expect(audit.body.data[0]).toMatchObject({ user_id: t.userIds.admin, user_email: 'admin@demo.local' });
    expect(audit.body.data[0].before.grants['warehouse-user'].cities).toBeUndefined();
    expect(audit.body.data[0].after.grants['warehouse-user'].cities).toEqual(['list']);

    // Revoking takes it away again.
    await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY });
    expect((await t.request('GET', '/api/cities', { role: 'warehouse-user' })).status).toBe(403);
  });

  it('the sign-in switch replaces the hard-coded role check, with the same message', async () => {
    const login = () => t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'subadmin@demo.local', password: 'Demo@123' } });
    expect((await login()).status).toBe(403);
    const next = clone(DEFAULT_POLICY);
    next.signIn['sub-admin'] = true;
    next.grants['sub-admin'] = { products: ['list', 'show', 'edit'] };
    await t.request('PUT', '/api/permissions', { ...admin, body: next });
    expect((await login()).status).toBe(200);
    expect((await t.request('GET', '/api/access-policy', { role: 'sub-admin' })).body.permissions).toEqual({ products: ['list', 'show', 'edit'] });
    await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY });
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You are not authorized to access this application.' });
  });

  it('admin keeps every permission: no request can take one away', async () => {
    const before = (await t.request('GET', '/api/permissions', admin)).body.policy;
    const noSignIn = clone(DEFAULT_POLICY);
    noSignIn.signIn.admin = false;
    const lessAdmin = clone(DEFAULT_POLICY);
    lessAdmin.grants.admin = { ...lessAdmin.grants.admin, permissions: ['list'] };
    const emptyAdmin = clone(DEFAULT_POLICY);
    emptyAdmin.grants.admin = {};
    for (const body of [noSignIn, lessAdmin, emptyAdmin]) {
      const res = await t.request('PUT', '/api/permissions', { ...admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('The admin role always keeps every permission');
    }
    expect((await t.request('GET', '/api/permissions', admin)).body.policy).toEqual(before);
    expect((await t.request('GET', '/api/permissions', admin)).status).toBe(200);
  });

  it('rejects unknown roles, resources and actions, naming them', async () => {
    const bad = clone(DEFAULT_POLICY) as unknown as { grants: Record<string, Record<string, string[]>>; signIn: Record<string, boolean> };
    bad.grants['warehouse-user']!.spaceships = ['list'];
    bad.grants['warehouse-user']!.warehouses = ['list', 'launch'];
    const res = await t.request('PUT', '/api/permissions', { ...admin, body: bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Unknown resource 'spaceships'");
    expect(res.body.message).toContain("Unknown action 'launch'");
    const unknownRole = { ...clone(DEFAULT_POLICY), signIn: { ...DEFAULT_POLICY.signIn, pilot: true } };
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: unknownRole })).status).toBe(400);
  });

  it('refuses a matrix that breaks an action dependency, naming role, resource and action, and changes nothing', async () => {
    const before = (await t.request('GET', '/api/permissions', admin)).body.policy;
    const cases: [(p: Policy) => void, string][] = [
      [(p) => (p.grants['warehouse-user'].cities = ['edit']), 'warehouse-user: cities edit needs cities show'],
      [(p) => (p.grants['warehouse-user'].cities = ['show', 'delete']), 'warehouse-user: cities show needs cities list'],
      [(p) => (p.grants['sub-admin'] = { stock: ['add'] }), 'sub-admin: stock add needs inventory list'],
      [(p) => (p.grants['warehouse-user'] = { ...p.grants['warehouse-user'], inventory: ['show'] }), 'warehouse-user: inventory show needs inventory list'],
    ];
    for (const [edit, message] of cases) {
      const body = clone(DEFAULT_POLICY);
      edit(body);
      const res = await t.request('PUT', '/api/permissions', { ...admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    expect((await t.request('GET', '/api/permissions', admin)).body.policy).toEqual(before);
    const whole = clone(DEFAULT_POLICY);
    whole.grants['warehouse-user'].cities = ['list', 'show', 'edit'];
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: whole })).status).toBe(200);
    await t.request('PUT', '/api/permissions', { ...admin, body: DEFAULT_POLICY });
  });

  it('only admins may read or change the matrix', async () => {
    for (const role of ['warehouse-user', 'sub-admin', 'customer'] as const) {
      expect((await t.request('GET', '/api/permissions', { role })).status).toBe(403);
      expect((await t.request('PUT', '/api/permissions', { role, body: DEFAULT_POLICY })).status).toBe(403);
      expect((await t.request('GET', '/api/permissions/audit', { role })).status).toBe(403);
    }
  });
});

describe('the policy cached by the API', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ policyTtlMs: 60_000 });
  });
  afterAll(() => cached.close());

  it('is dropped as soon as the database announces a change, even one made straight in the database (no API call)', async () => {
    const cities = async () => (await cached.request('GET', '/api/cities', { role: 'warehouse-user' })).status;
    expect(await cities()).toBe(403);
    await cached.db.insert(rolePermissions).values({ role: 'warehouse-user', resource: 'cities', action: 'list' });
    await expect.poll(cities, { timeout: 200, interval: 10 }).toBe(200);
    await cached.db.delete(rolePermissions).where(and(eq(rolePermissions.role, 'warehouse-user'), eq(rolePermissions.resource, 'cities')));
    await expect.poll(cities, { timeout: 200, interval: 10 }).toBe(403);
    await cached.db.update(roleSettings).set({ maySignIn: false }).where(eq(roleSettings.role, 'warehouse-user'));
    await expect
      .poll(async () => (await cached.request('GET', '/api/warehouses', { role: 'warehouse-user' })).status, { timeout: 200, interval: 10 })
      .toBe(403);
    await cached.db.update(roleSettings).set({ maySignIn: true }).where(eq(roleSettings.role, 'warehouse-user'));
  });
});

describe('two admins editing at once', () => {
  it('refuses a save made on a stale version with 409, changing nothing', async () => {
    const { version } = (await t.request('GET', '/api/permissions', admin)).body;
    const first = clone(DEFAULT_POLICY);
    first.grants['warehouse-user'] = { ...first.grants['warehouse-user'], cities: ['list'] };
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: { ...first, version } })).status).toBe(200);

    const second = clone(DEFAULT_POLICY);
    second.signIn['sub-admin'] = true;
    const stale = await t.request('PUT', '/api/permissions', { ...admin, body: { ...second, version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const now = (await t.request('GET', '/api/permissions', admin)).body;
    expect(now.policy.signIn['sub-admin']).toBe(false);
    expect(now.policy.grants['warehouse-user'].cities).toEqual(['list']);
    expect(now.version).toBe(version + 1);

    expect((await t.request('PUT', '/api/permissions', { ...admin, body: { ...DEFAULT_POLICY, version: now.version } })).status).toBe(200);
  });
});
