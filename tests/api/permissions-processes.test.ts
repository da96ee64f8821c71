import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { dbKind } from '../support/test-app.js';
import { startTwoApiProcesses, type TwoApiProcesses } from '../support/two-api-processes.js';

/** How soon the other process must refuse: a notification at commit, not a cache expiring (tests assert no other time). */
const DEADLINE_MS = 200;

const call = (url: string, method: string, token: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** Asks until the answer is `wanted` or the deadline has passed; the last status seen. */
async function statusWithin(ask: () => Promise<number>, wanted: number, deadlineMs: number): Promise<number> {
  const started = Date.now();
  let status = await ask();
  while (status !== wanted && Date.now() - started < deadlineMs) status = await ask();
  return status;
}

type Pair = { access_token: string; refresh_token: string };
async function signIn(base: string, emailOrPhone: string, password: string): Promise<Pair> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Pair;
}
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const withGrants = (change: (policy: Policy) => void): Policy => {
  const policy: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
  change(policy);
  return policy;
};

// Two API processes can only share a PostgreSQL server: PGlite is one process's embedded database.
describe.skipIf(dbKind !== 'postgres')('two API processes on one PostgreSQL server: a change on one is enforced by the other at once', () => {
  let run: TwoApiProcesses;
  let a = '';
  let b = '';
  beforeAll(async () => {
    run = await startTwoApiProcesses();
    [a, b] = run.servers.map((s) => s.url) as [string, string];
  }, 180_000);
  afterAll(() => run?.stop());

  it(`a removed grant is refused by the other process within ${DEADLINE_MS} ms, without restart or re-login`, async () => {
    const admin = await signIn(a, 'admin@demo.local', 'Admin@123');
    const wh = await signIn(b, 'warehouse@demo.local', 'Warehouse@123');
    const citiesAtB = async () => (await call(`${b}/api/cities`, 'GET', wh.access_token)).status;
    expect(await citiesAtB()).toBe(403);
    const granted = withGrants((p) => (p.grants['warehouse-user'].cities = ['list']));
    expect((await call(`${a}/api/permissions`, 'PUT', admin.access_token, granted)).status).toBe(200);
    expect(await statusWithin(citiesAtB, 200, DEADLINE_MS)).toBe(200);
    // Process B holds the policy now; A takes the grant away again.
    expect(await citiesAtB()).toBe(200);
    expect(
      (
        await call(
          `${a}/api/permissions`,
          'PUT',
          admin.access_token,
          withGrants(() => {}),
        )
      ).status,
    ).toBe(200);
    expect(await statusWithin(citiesAtB, 403, DEADLINE_MS)).toBe(403);
  }, 60_000);

  it(`a role that may no longer sign in is refused by the other process within ${DEADLINE_MS} ms`, async () => {
    const admin = await signIn(a, 'admin@demo.local', 'Admin@123');
    const wh = await signIn(b, 'warehouse@demo.local', 'Warehouse@123');
    const warehousesAtB = async () => (await call(`${b}/api/warehouses`, 'GET', wh.access_token)).status;
    expect(await warehousesAtB()).toBe(200);
    const noSignIn = withGrants((p) => (p.signIn['warehouse-user'] = false));
    expect((await call(`${a}/api/permissions`, 'PUT', admin.access_token, noSignIn)).status).toBe(200);
    expect(await statusWithin(warehousesAtB, 403, DEADLINE_MS)).toBe(403);
    expect(
      (
        await call(
          `${a}/api/permissions`,
          'PUT',
          admin.access_token,
          withGrants(() => {}),
        )
      ).status,
    ).toBe(200);
  }, 60_000);

  it(`a user deactivated or demoted on one process is refused by the other within ${DEADLINE_MS} ms, though it had just accepted the token`, async () => {
    const admin = (await signIn(a, 'admin@demo.local', 'Admin@123')).access_token;
    const city = ((await (await call(`${a}/api/cities?limit=1`, 'GET', admin)).json()) as { data: { _id: string }[] }).data[0]!;
    const victimBody = {
      firstname: 'Second',
      lastname: 'Admin',
      email: 'second.admin@example.com',
      phonenumber: '+91 90000 12345',
      address: '1 Street',
      city_id: city._id,
      role: 'admin',
      status: 'active',
    };
    const made = await call(`${a}/api/users/create`, 'POST', admin, { ...victimBody, password: 'second-secret' });
    expect(made.status).toBe(201);
    const victimId = ((await made.json()) as { _id: string })._id;
    const usersAtB = async (token: string) => (await call(`${b}/api/users?limit=1`, 'GET', token)).status;

    const first = (await signIn(b, victimBody.email, 'second-secret')).access_token;
    expect(await usersAtB(first)).toBe(200);
    expect((await call(`${a}/api/users/${victimId}`, 'PUT', admin, { ...victimBody, status: 'inactive' })).status).toBe(200);
    expect(await statusWithin(() => usersAtB(first), 401, DEADLINE_MS)).toBe(401);

    expect((await call(`${a}/api/users/${victimId}`, 'PUT', admin, victimBody)).status).toBe(200);
    const second = (await signIn(b, victimBody.email, 'second-secret')).access_token;
    expect(await usersAtB(second)).toBe(200);
    expect((await call(`${a}/api/users/${victimId}`, 'PUT', admin, { ...victimBody, role: 'customer' })).status).toBe(200);
    expect(await statusWithin(() => usersAtB(second), 401, DEADLINE_MS)).toBe(401);
    const exploit = await call(`${b}/api/users/create`, 'POST', second, {
      ...victimBody,
      email: 'evil@example.com',
      phonenumber: '+91 90000 54321',
      password: 'evil-secret',
    });
    expect(exploit.status).toBe(401);
  }, 60_000);

  it(`logout on one process ends the access token on the other within ${DEADLINE_MS} ms`, async () => {
    const pair = await signIn(a, 'admin@demo.local', 'Admin@123');
    const meAtB = async () => (await call(`${b}/api/auth/me`, 'GET', pair.access_token)).status;
    expect(await meAtB()).toBe(200);
    expect((await post(`${a}/api/auth/logout`, { refresh_token: pair.refresh_token })).status).toBe(200);
    expect(await statusWithin(meAtB, 401, DEADLINE_MS)).toBe(401);
  }, 60_000);

  it(`a refresh token reused on one process ends the login's access tokens on the other within ${DEADLINE_MS} ms`, async () => {
    const first = await signIn(a, 'admin@demo.local', 'Admin@123');
    // Two tabs refreshing at once, one through each process: both get the same new pair, no alarm.
    const [x, y] = await Promise.all([a, b].map((base) => post(`${base}/api/auth/refresh`, { refresh_token: first.refresh_token })));
    expect([x!.status, y!.status]).toEqual([200, 200]);
    const [second, twin] = (await Promise.all([x!.json(), y!.json()])) as [Pair, Pair];
    expect(twin.refresh_token).toBe(second.refresh_token);
    const meAtB = async () => (await call(`${b}/api/auth/me`, 'GET', second.access_token)).status;
    expect(await meAtB()).toBe(200);
    // The grace over (as if spent long ago), the old token comes back: a theft, the whole login ends.
    await run.database.db.execute(sql`update refresh_tokens set used_at = now() - interval '1 hour' where used_at is not null and revoked_at is null`);
    const reuse = await post(`${a}/api/auth/refresh`, { refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    expect(await statusWithin(meAtB, 401, DEADLINE_MS)).toBe(401);
  }, 60_000);
});
