import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { POLICY_TTL_MS } from '../../src/server/auth/db-policy-source.js';
import { dbKind, openTestDatabase, TEST_JWT_SECRET } from '../support/test-app.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const post = async (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function loginAt(base: string, emailOrPhone: string, password: string): Promise<string> {
  const res = await post(`${base}/api/auth/login`, { emailOrPhone, password });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

// Two API processes can only share a PostgreSQL server: PGlite is one process's embedded database.
describe.skipIf(dbKind !== 'postgres')('a permission change across two API processes', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  });

  it('is enforced by the other process within the policy TTL, without restart or re-login', async () => {
    const database = await openTestDatabase();
    await database.close();
    const env = { DATABASE_URL: database.url!, JWT_SECRET: TEST_JWT_SECRET, PORT: '0' };
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));
    const [a, b] = servers.map((s) => s.url) as [string, string];

    const adminToken = await loginAt(a, 'admin@demo.local', 'Admin@123');
    const whToken = await loginAt(b, 'warehouse@demo.local', 'Warehouse@123');
    const citiesAtB = () => fetch(`${b}/api/cities`, { headers: { authorization: `Bearer ${whToken}` } }).then((r) => r.status);
    expect(await citiesAtB()).toBe(403);

    const grant: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    grant.grants['warehouse-user'].cities = ['list'];
    const put = await fetch(`${a}/api/permissions`, {
      method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: JSON.stringify(grant),
    });
    expect(put.status).toBe(200);

    const changedAt = Date.now();
    let status = await citiesAtB();
    while (status === 403 && Date.now() - changedAt < POLICY_TTL_MS + 1500) {
      await new Promise((r) => setTimeout(r, 100));
      status = await citiesAtB();
    }
    expect(status).toBe(200);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(POLICY_TTL_MS + 1500);
  }, 180_000);
});
