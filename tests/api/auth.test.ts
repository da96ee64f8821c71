import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { cities, refreshTokens, users } from '../../src/server/db/schema.js';
import { hashToken } from '../../src/server/auth/tokens.js';
import { REFRESH_REUSE_GRACE_MS } from '../../src/server/services/auth-service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cityId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [city] = await t.db.select({ id: cities.id }).from(cities).limit(1);
  cityId = city!.id;
});
afterAll(() => t.close());

const login = (emailOrPhone: string, password: string) => t.request('POST', '/api/auth/login', { body: { emailOrPhone, password } });
const me = (token: string) => t.request('GET', '/api/auth/me', { token });
/** As if the token had been spent longer ago than the grace in which presenting it again is no alarm. */
const spentLongAgo = (refreshToken: string) =>
  t.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));

describe('POST /api/auth/login', () => {
  it('signs in an admin by e-mail with a 15-minute JWT carrying sub, role, firstname, exp', async () => {
    const res = await login('admin@demo.local', 'Admin@123');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'language', 'refresh_token']);
    const claims = decodeJwt(res.body.access_token);
    expect(claims).toMatchObject({ sub: t.userIds.admin, role: 'admin', firstname: 'Aarti' });
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(15 * 60);
  });

  it('signs in by phone number and ignores e-mail case', async () => {
    expect((await login('9000000002', 'Warehouse@123')).status).toBe(200);
    expect((await login('ADMIN@Demo.Local', 'Admin@123')).status).toBe(200);
  });

  it('answers unknown user and wrong password alike', async () => {
    for (const [id, pw] of [
      ['nobody@demo.local', 'Admin@123'],
      ['admin@demo.local', 'wrong-password'],
    ]) {
      const res = await login(id!, pw!);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email/phone or password' });
    }
  });

  it('refuses roles that may not sign in with the SPEC message', async () => {
    for (const email of ['subadmin@demo.local', 'seller@demo.local', 'customer@demo.local', 'delivery@demo.local']) {
      const res = await login(email, 'Demo@123');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You are not authorized to access this application.' });
    }
  });

  it('refuses inactive and not-verified accounts, saying why', async () => {
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'warehouse.indore@demo.local'));
    const inactive = await login('warehouse.indore@demo.local', 'Demo@123');
    expect(inactive.status).toBe(403);
    expect(inactive.body.message).toMatch(/inactive/);
    await t.db.update(users).set({ status: 'notverified' }).where(eq(users.email, 'warehouse.indore@demo.local'));
    const unverified = await login('warehouse.indore@demo.local', 'Demo@123');
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toMatch(/not verified/);
  });

  it('validates with the SPEC.md messages, naming the field', async () => {
    const empty = await t.request('POST', '/api/auth/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'emailOrPhone', message: 'Email or phone is required' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
    const bad = await login('not an email', '123');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'emailOrPhone', message: 'Invalid email or phone format' },
        { field: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('never returns a password or hash', async () => {
    const res = await login('admin@demo.local', 'Admin@123');
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|argon2|Admin@123/);
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh token works once and yields a new pair', async () => {
    const first = (await login('admin@demo.local', 'Admin@123')).body;
    const second = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.body.access_token).sub).toBe(t.userIds.admin);
    const third = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: second.body.refresh_token } });
    expect(third.status).toBe(200);
  });

  it('reuse of a spent token (after the grace) revokes the whole login, its access tokens at once', async () => {
    const first = (await login('admin@demo.local', 'Admin@123')).body;
    const second = (await t.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } })).body;
    expect((await me(second.access_token)).status).toBe(200);
    expect((await me(first.access_token)).status).toBe(200);
    await spentLongAgo(first.refresh_token);
    const reuse = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toMatch(/already been used/);
    // The legitimate newest token of that login is revoked too, and every access token of it stops at once.
    const after = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: second.refresh_token } });
    expect(after.status).toBe(401);
    expect((await me(second.access_token)).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
    // Another login of the same user is unaffected.
    const other = (await login('admin@demo.local', 'Admin@123')).body;
    expect((await t.request('POST', '/api/auth/refresh', { body: { refresh_token: other.refresh_token } })).status).toBe(200);
  });

  it('two tabs refreshing with the same token at once both get the same new pair, and the login goes on', async () => {
    const first = (await login('admin@demo.local', 'Admin@123')).body;
    const refresh = () => t.request('POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    expect(a.body.access_token).toBe(b.body.access_token);
    expect((await me(a.body.access_token)).status).toBe(200);
    expect((await me(first.access_token)).status).toBe(200);
    // A third, a moment later (a retry after a lost answer): the same pair again, no alarm.
    expect((await refresh()).body.refresh_token).toBe(a.body.refresh_token);
    const next = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: a.body.refresh_token } });
    expect(next.status).toBe(200);
    expect((await me(next.body.access_token)).status).toBe(200);
  });

  it('unknown tokens are refused', async () => {
    const res = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: 'not-a-token' } });
    expect(res.status).toBe(401);
  });

  it('logout ends that login at once: its refresh token and its access token (which had just been accepted)', async () => {
    const pair = (await login('admin@demo.local', 'Admin@123')).body;
    const otherDevice = (await login('admin@demo.local', 'Admin@123')).body;
    expect((await me(pair.access_token)).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { body: { refresh_token: pair.refresh_token } })).status).toBe(200);
    expect((await me(pair.access_token)).status).toBe(401);
    expect((await t.request('GET', '/api/users', { token: pair.access_token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/refresh', { body: { refresh_token: pair.refresh_token } })).status).toBe(401);
    // Only that login: the same user's other device stays signed in.
    expect((await me(otherDevice.access_token)).status).toBe(200);
  });

  it('an access token whose login was revoked straight in the database is refused too', async () => {
    const pair = (await login('admin@demo.local', 'Admin@123')).body;
    expect((await me(pair.access_token)).status).toBe(200);
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refresh_token)));
    await expect.poll(async () => (await me(pair.access_token)).status, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('the access token names its login (sid) and a forged or unknown login is refused', async () => {
    const pair = (await login('admin@demo.local', 'Admin@123')).body;
    expect(decodeJwt(pair.access_token).sid).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, t.userIds.admin));
    for (const sid of [crypto.randomUUID(), 'not-a-uuid']) {
      const token = await t.signer.sign({ sub: t.userIds.admin, role: 'admin', firstname: 'A', sv: row!.sv, sid });
      expect((await me(token)).status, sid).toBe(401);
    }
  });

  it('a user who is deactivated cannot refresh', async () => {
    const pair = (await login('9000000002', 'Warehouse@123')).body;
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, t.userIds['warehouse-user']));
    const res = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: pair.refresh_token } });
    expect(res.status).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, t.userIds['warehouse-user']));
  });
});

describe('GET /api/access-policy', () => {
  it("returns the caller's permissions", async () => {
    const admin = await t.request('GET', '/api/access-policy', { role: 'admin' });
    expect(admin.body.role).toBe('admin');
    expect(admin.body.permissions.cities).toEqual(['list', 'show', 'create', 'edit', 'delete']);
    const wh = await t.request('GET', '/api/access-policy', { role: 'warehouse-user' });
    expect(wh.body.permissions.warehouses).toEqual(['list', 'show']);
    expect(wh.body.permissions.cities).toBeUndefined();
    expect(wh.body.permissions['update-all-inventory']).toBeUndefined();
  });
});

let n = 0;
/** A fresh active admin, signed in through the real login: its access token, id and the body to edit it. */
async function signedInAdmin() {
  n += 1;
  const body = {
    firstname: 'Temp',
    lastname: `Admin${n}`,
    email: `temp.admin${n}@example.com`,
    phonenumber: `+91 66000 ${10000 + n}`,
    password: 'temp-secret',
    address: '1 Street',
    city_id: cityId,
    role: 'admin',
    status: 'active',
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
      firstname: 'Evil',
      lastname: 'Twin',
      email: `evil${crypto.randomUUID()}@example.com`,
      phonenumber: `+91 55${String(Date.now()).slice(-8)}`,
      password: 'evil-secret',
      address: 'x',
      city_id: cityId,
      role: 'admin',
      status: 'active',
    },
  });

describe('revocation at once', () => {
  it("a demoted admin's old token is refused at once: it can no longer create an admin (401)", async () => {
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

  it("a deleted user's token is refused at once", async () => {
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
