import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lockSecondsAfter } from '../../src/server/services/login-throttle.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 12 });
});
afterAll(() => t.close());

const login = (emailOrPhone: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrPhone, password }, remoteAddress: ip });

describe('login throttling', () => {
  it('grows the lock window but caps it at 15 minutes', () => {
    expect(lockSecondsAfter(4)).toBe(0);
    expect(lockSecondsAfter(5)).toBe(30);
    expect(lockSecondsAfter(6)).toBe(60);
    expect(lockSecondsAfter(50)).toBe(15 * 60);
  });

  it('after 5 failures the account is refused with 429, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 5; i++) expect((await login('warehouse@demo.local', 'wrong-pass', '10.0.1.1')).statusCode).toBe(401);
    const locked = await login('warehouse@demo.local', 'Warehouse@123', '10.0.1.2');
    expect(locked.statusCode).toBe(429);
    expect(JSON.parse(locked.body).message).toMatch(/Too many failed login attempts/);
    // Other accounts are not affected.
    expect((await login('admin@demo.local', 'Admin@123', '10.0.1.3')).statusCode).toBe(200);
    // Once the window has passed, the right password works and clears the count.
    await t.db.execute(sql`update login_throttle set locked_until = now() - interval '1 second'`);
    expect((await login('warehouse@demo.local', 'Warehouse@123', '10.0.1.4')).statusCode).toBe(200);
    expect((await login('warehouse@demo.local', 'wrong-pass', '10.0.1.5')).statusCode).toBe(401);
  });

  it('limits attempts per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await login(`user${i}@demo.local`, 'whatever1', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
    expect((await login('admin@demo.local', 'Admin@123', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('lockout cannot be raced', () => {
  it('60 parallel wrong passwords for one account: at most 5 are checked (401), the rest are refused (429)', async () => {
    // Each from its own address, so neither the per-address limit nor the hashing line's per-address share refuses any.
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('subadmin@demo.local', `wrong-guess-${i}`, `10.60.${i}.1`)),
    );
    const statuses = replies.map((r) => r.statusCode);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - checked);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const refused = replies.find((r) => r.statusCode === 429)!;
    expect(JSON.parse(refused.body).message).toMatch(/Too many failed login attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored unless TRUST_PROXY says so: a made-up header does not get around the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: '10.8.8.8',
        headers: { 'x-forwarded-for': `203.0.113.${i}` }, payload: { emailOrPhone: `nobody${i}@demo.local`, password: 'whatever1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(12)).toEqual([429, 429]);
  });

  describe('with TRUST_PROXY=1 (one reverse proxy in front)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ seed: false, loginRateLimit: 2, trustProxy: 1 });
    });
    afterAll(() => proxied.close());

    it('the address the proxy saw is the client', async () => {
      const attempt = (i: number, client: string) => proxied.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client }, payload: { emailOrPhone: `nobody${i}@demo.local`, password: 'whatever1' },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(i, `203.0.113.${i % 2}`)).statusCode);
      // Two clients behind the proxy, two attempts each: within each one's limit of 2.
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect((await attempt(9, '203.0.113.0')).statusCode).toBe(429);
    });
  });
});
