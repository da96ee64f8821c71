import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../src/server/config.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it('every authenticated JSON answer, and every answer holding tokens, is no-store', async () => {
    const signIn = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'admin@demo.local', password: 'Admin@123' } });
    expect(signIn.status).toBe(200);
    const refresh = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: signIn.body.refresh_token } });
    const answers = [
      signIn,
      refresh,
      await t.request('GET', '/api/auth/me', { token: refresh.body.access_token }),
      await t.request('GET', '/api/users?limit=2', { role: 'admin' }),
      await t.request('GET', '/api/inventory?limit=2', { role: 'warehouse-user' }),
      await t.request('GET', '/api/dashboard/summary', { role: 'admin' }),
      await t.request('GET', '/api/access-policy', { role: 'warehouse-user' }),
      await t.request('GET', '/api/cities', { role: 'warehouse-user' }), // 403
      await t.request('GET', '/api/users'), // 401
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], JSON.stringify(answer.body).slice(0, 80)).toBe('no-store');
  });
});

describe('the device cookie of a sign-in', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: ['10.0.0.2'] });
  });
  afterAll(() => proxied.close());
  const cookieOf = async (remoteAddress: string, headers: Record<string, string>) =>
    String(
      (
        await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          headers,
          payload: { emailOrPhone: 'admin@demo.local', password: 'Admin@123' },
        })
      ).headers['set-cookie'],
    );

  it('is HttpOnly and SameSite=Strict, and Secure when the sign-in came over HTTPS', async () => {
    const overHttps = await cookieOf('10.0.0.2', { 'x-forwarded-proto': 'https' });
    expect(overHttps).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    const overHttp = await cookieOf('10.0.0.2', {});
    expect(overHttp).toMatch(/; HttpOnly; SameSite=Strict$/);
    // A client that is no proxy cannot make it say Secure.
    expect(await cookieOf('203.0.113.9', { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
  });
});

describe('Strict-Transport-Security', () => {
  const apps: TestApp[] = [];
  const appWith = async (trustProxy: TrustProxy) => {
    const app = await createTestApp({ seed: false, trustProxy });
    apps.push(app);
    return app;
  };
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const hsts = async (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    (await app.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers })).headers['strict-transport-security'];

  it('is not sent over plain HTTP, nor when a client that is no trusted proxy says https', async () => {
    expect(await hsts(t, '203.0.113.5')).toBeUndefined();
    expect(await hsts(t, '10.0.0.2', { 'x-forwarded-proto': 'https' })).toBeUndefined();
    const hops = await appWith(1);
    expect(await hsts(hops, '203.0.113.5', { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const listed = await appWith(['10.0.0.2']);
    expect(await hsts(listed, '10.0.0.2', { 'x-forwarded-proto': 'https' })).toMatch(/^max-age=\d+/);
    expect(await hsts(listed, '10.0.0.2', { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(listed, '10.0.0.3', { 'x-forwarded-proto': 'https' })).toBeUndefined();
    const hops = await appWith(1);
    expect(await hsts(hops, '127.0.0.1', { 'x-forwarded-proto': 'https' })).toMatch(/^max-age=\d+/);
  }, 180_000); // Starts server processes: over 60 s on two loaded cores.
});
