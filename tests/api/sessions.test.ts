import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cities, users } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cityId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [city] = await t.db.select({ id: cities.id }).from(cities).limit(1);
  cityId = city!.id;
});
afterAll(() => t.close());

let n = 0;
/** A fresh active admin, signed in through the real login: its access token, id and the body to edit it. */
async function signedInAdmin() {
  n += 1;
  const body = {
    firstname: 'Temp', lastname: `Admin${n}`, email: `temp.admin${n}@example.com`, phonenumber: `+91 66000 ${10000 + n}`,
    password: 'temp-secret', address: '1 Street', city_id: cityId, role: 'admin', status: 'active',
  };
  const made = await t.request('POST', '/api/users/create', { role: 'admin', body });
  expect(made.status).toBe(201);
  const login = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: body.email, password: body.password } });
  expect(login.status).toBe(200);
  const { password: _, ...edit } = body;
  return { id: made.body._id as string, token: login.body.access_token as string, refresh: login.body.refresh_token as string, edit };
}

const createAdminWith = (token: string) =>
  t.request('POST', '/api/users/create', {
    token,
    body: {
      firstname: 'Evil', lastname: 'Twin', email: `evil${crypto.randomUUID()}@example.com`, phonenumber: `+91 55${String(Date.now()).slice(-8)}`,
      password: 'evil-secret', address: 'x', city_id: cityId, role: 'admin', status: 'active',
    },
  });

describe('revocation at once', () => {
  it('a demoted admin\'s old token is refused at once: it can no longer create an admin (401)', async () => {
    const victim = await signedInAdmin();
    expect((await t.request('GET', '/api/users', { token: victim.token })).status).toBe(200);
    const demote = await t.request('PUT', `/api/users/${victim.id}`, { role: 'admin', body: { ...victim.edit, role: 'customer' } });
    expect(demote.status).toBe(200);
    expect((await createAdminWith(victim.token)).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: victim.token })).status).toBe(401);
    // The login's refresh token ended with it.
    expect((await t.request('POST', '/api/auth/refresh', { body: { refresh_token: victim.refresh } })).status).toBe(401);
  });

  it('setting a user inactive ends their tokens at once', async () => {
    const victim = await signedInAdmin();
    await t.request('PUT', `/api/users/${victim.id}`, { role: 'admin', body: { ...victim.edit, status: 'inactive' } });
    expect((await t.request('GET', '/api/users', { token: victim.token })).status).toBe(401);
  });

  it('a password change ends the tokens issued before it; a new sign-in works', async () => {
    const victim = await signedInAdmin();
    await t.request('PUT', `/api/users/${victim.id}`, { role: 'admin', body: { ...victim.edit, password: 'another-secret' } });
    expect((await t.request('GET', '/api/users', { token: victim.token })).status).toBe(401);
    const again = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: victim.edit.email, password: 'another-secret' } });
    expect((await t.request('GET', '/api/users', { token: again.body.access_token })).status).toBe(200);
  });

  it('a deleted user\'s token is refused at once', async () => {
    const victim = await signedInAdmin();
    expect((await t.request('DELETE', `/api/users/${victim.id}`, { role: 'admin' })).status).toBe(200);
    expect((await t.request('GET', '/api/users', { token: victim.token })).status).toBe(401);
  });

  it('an edit that changes no role, status or password keeps the user signed in', async () => {
    const user = await signedInAdmin();
    await t.request('PUT', `/api/users/${user.id}`, { role: 'admin', body: { ...user.edit, firstname: 'Renamed' } });
    expect((await t.request('GET', '/api/users', { token: user.token })).status).toBe(200);
  });

  it('a change made straight in the database (no API call) is seen too', async () => {
    const victim = await signedInAdmin();
    expect((await t.request('GET', '/api/users', { token: victim.token })).status).toBe(200);
    await t.db.update(users).set({ role: 'seller' }).where(eq(users.id, victim.id));
    await expect.poll(async () => (await t.request('GET', '/api/users', { token: victim.token })).status, { timeout: 1000, interval: 20 }).toBe(401);
  });
});

describe("the token's subject", () => {
  it('must exist: a correctly signed token for an unknown or malformed user id is refused', async () => {
    for (const sub of [crypto.randomUUID(), 'not-a-uuid', '']) {
      const token = await t.signer.sign({ sub, role: 'admin', firstname: 'Ghost' });
      expect((await t.request('GET', '/api/users', { token })).status, sub).toBe(401);
    }
  });

  it('must hold the role the token names', async () => {
    const token = await t.signer.sign({ sub: t.userIds['warehouse-user'], role: 'admin', firstname: 'Forged' });
    expect((await t.request('GET', '/api/users', { token })).status).toBe(401);
  });

  it('must be active (not verified is not enough)', async () => {
    const user = await signedInAdmin();
    await t.db.update(users).set({ status: 'notverified' }).where(eq(users.id, user.id));
    const [row] = await t.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, user.id));
    const token = await t.signer.sign({ sub: user.id, role: 'admin', firstname: 'Temp', sv: row!.sv });
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('must belong to a role that may sign in (403, as before)', async () => {
    expect((await t.request('GET', '/api/auth/me', { role: 'customer' })).status).toBe(403);
  });
});
