import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { POLICY_TTL_MS } from '../../src/server/auth/db-policy-source.js';
import { SESSION_CACHE_TTL_MS } from '../../src/server/auth/sessions.js';
import { dbKind, openTestDatabase, TEST_JWT_SECRET } from '../support/test-app.js';
import { signInAt, startServerProcess, type ServerProcess } from '../support/server-process.js';

const call = (url: string, method: string, token: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

// Two API processes can only share a PostgreSQL server: PGlite is one process's embedded database.
describe.skipIf(dbKind !== 'postgres')('two API processes on one PostgreSQL server', () => {
  const servers: ServerProcess[] = [];
  let a = '';
  let b = '';
  beforeAll(async () => {
    const database = await openTestDatabase();
    await database.close();
    const env = { DATABASE_URL: database.url!, JWT_SECRET: TEST_JWT_SECRET, PORT: '0' };
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));
    [a, b] = servers.map((s) => s.url) as [string, string];
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  });

  it('a permission change is enforced by the other process within the policy TTL, without restart or re-login', async () => {
    const adminToken = await signInAt(a, 'admin@demo.local', 'Admin@123');
    const whToken = await signInAt(b, 'warehouse@demo.local', 'Warehouse@123');
    const citiesAtB = () => fetch(`${b}/api/cities`, { headers: { authorization: `Bearer ${whToken}` } }).then((r) => r.status);
    expect(await citiesAtB()).toBe(403);

    const grant: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    grant.grants['warehouse-user'].cities = ['list'];
    expect((await call(`${a}/api/permissions`, 'PUT', adminToken, grant)).status).toBe(200);

    const changedAt = Date.now();
    let status = await citiesAtB();
    while (status === 403 && Date.now() - changedAt < POLICY_TTL_MS + 1500) {
      await new Promise((r) => setTimeout(r, 100));
      status = await citiesAtB();
    }
    expect(status).toBe(200);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(POLICY_TTL_MS + 1500);
  }, 180_000);

  it('a user demoted on one process is refused by the other at once, though it had just accepted the token', async () => {
    const admin = await signInAt(a, 'admin@demo.local', 'Admin@123');
    const city = ((await (await call(`${a}/api/cities?limit=1`, 'GET', admin)).json()) as { data: { _id: string }[] }).data[0]!;
    const victimBody = {
      firstname: 'Second', lastname: 'Admin', email: 'second.admin@example.com', phonenumber: '+91 90000 12345',
      address: '1 Street', city_id: city._id, role: 'admin', status: 'active',
    };
    const made = await call(`${a}/api/users/create`, 'POST', admin, { ...victimBody, password: 'second-secret' });
    expect(made.status).toBe(201);
    const victimId = ((await made.json()) as { _id: string })._id;
    const victim = await signInAt(b, victimBody.email, 'second-secret');
    // Process B has the victim's state cached now.
    expect((await call(`${b}/api/users?limit=1`, 'GET', victim)).status).toBe(200);

    expect((await call(`${a}/api/users/${victimId}`, 'PUT', admin, { ...victimBody, role: 'customer' })).status).toBe(200);
    const changedAt = Date.now();
    let status = (await call(`${b}/api/users?limit=1`, 'GET', victim)).status;
    while (status === 200 && Date.now() - changedAt < 5000) status = (await call(`${b}/api/users?limit=1`, 'GET', victim)).status;
    const tookMs = Date.now() - changedAt;
    expect(status).toBe(401);
    // Announced by the database on commit: well inside the cache's own 1 s bound.
    expect(tookMs).toBeLessThanOrEqual(SESSION_CACHE_TTL_MS);
    const exploit = await call(`${b}/api/users/create`, 'POST', victim, {
      ...victimBody, email: 'evil@example.com', phonenumber: '+91 90000 54321', password: 'evil-secret',
    });
    expect(exploit.status).toBe(401);
  }, 180_000);
});
