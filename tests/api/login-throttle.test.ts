import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loginThrottle, users } from '../../src/server/db/schema.js';
import { CLIENT_BUSY_MESSAGE, HASHING_BUSY_MESSAGE } from '../../src/server/auth/hash-queue.js';
import { setHashQueue, setPasswordHashCost } from '../../src/server/auth/passwords.js';
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

  it('counts failures per account, whichever identifier is typed: five by e-mail leave none to the phone number', async () => {
    // The demo seller: e-mail seller@demo.local, phone 9000000004 (both name the one account).
    for (let i = 0; i < 3; i++) expect((await login('seller@demo.local', 'wrong-pass', `10.0.2.${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login('900 000 0004', 'wrong-pass', `10.0.3.${i}`)).statusCode).toBe(401);
    const byPhone = await login('9000000004', 'wrong-pass', '10.0.4.1');
    expect(byPhone.statusCode).toBe(429);
    expect((await login('SELLER@demo.local', 'wrong-pass', '10.0.4.2')).statusCode).toBe(429);
    // An unknown identifier is still counted by itself.
    for (let i = 0; i < 5; i++) expect((await login('9111111111', 'wrong-pass', `10.0.5.${i}`)).statusCode).toBe(401);
    expect((await login('9111111111', 'wrong-pass', '10.0.5.9')).statusCode).toBe(429);
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
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => login('subadmin@demo.local', `wrong-guess-${i}`, `10.60.${i}.1`)));
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
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.8.8.8',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { emailOrPhone: `nobody${i}@demo.local`, password: 'whatever1' },
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
      const attempt = (i: number, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
          payload: { emailOrPhone: `nobody${i}@demo.local`, password: 'whatever1' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt(i, `203.0.113.${i % 2}`)).statusCode);
      // Two clients behind the proxy, two attempts each: within each one's limit of 2.
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect((await attempt(9, '203.0.113.0')).statusCode).toBe(429);
    });

    it('a client connecting straight from a public address cannot choose its address with the header', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': `203.0.113.${100 + i}` },
          payload: { emailOrPhone: `direct${i}@demo.local`, password: 'whatever1' },
        });
        statuses.push(res.statusCode);
      }
      // All three are that one address's (limit 2), whatever the header said.
      expect(statuses).toEqual([401, 401, 429]);
    });
  });

  describe('with TRUST_PROXY as a list of proxy addresses', () => {
    let listed: TestApp;
    beforeAll(async () => {
      listed = await createTestApp({ seed: false, loginRateLimit: 2, trustProxy: ['198.51.100.1'] });
    });
    afterAll(() => listed.close());

    it('believes the header from a listed proxy only, public or not', async () => {
      const attempt = (i: number, from: string, client: string) =>
        listed.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: from,
          headers: { 'x-forwarded-for': client },
          payload: { emailOrPhone: `listed${i}@demo.local`, password: 'whatever1' },
        });
      const viaProxy: number[] = [];
      for (let i = 0; i < 3; i++) viaProxy.push((await attempt(i, '198.51.100.1', `203.0.113.${i}`)).statusCode);
      expect(viaProxy).toEqual([401, 401, 401]);
      const direct: number[] = [];
      for (let i = 0; i < 3; i++) direct.push((await attempt(10 + i, '10.0.0.9', `203.0.113.${50 + i}`)).statusCode);
      expect(direct).toEqual([401, 401, 429]);
    });
  });
});

/** A hash as the previous release stored it: scrypt$N$r$p$salt$hash. */
function legacyScryptHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 2 ** 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const storedHash = async (email: string) => (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]!.hash;

describe('password hashes', () => {
  it('are argon2id', async () => {
    expect(await storedHash('admin@demo.local')).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
  });

  it('an old scrypt hash still signs in, and is replaced by argon2id at that sign-in (not at a failed one)', async () => {
    await t.db
      .update(users)
      .set({ passwordHash: legacyScryptHash('Warehouse@123') })
      .where(eq(users.email, 'warehouse@demo.local'));
    expect((await login('warehouse@demo.local', 'not-the-password')).statusCode).toBe(401);
    expect(await storedHash('warehouse@demo.local')).toMatch(/^scrypt\$/);
    expect((await login('warehouse@demo.local', 'Warehouse@123')).statusCode).toBe(200);
    expect(await storedHash('warehouse@demo.local')).toMatch(/^\$argon2id\$/);
    expect((await login('warehouse@demo.local', 'Warehouse@123')).statusCode).toBe(200);
  });
});

describe('the hashing line at sign-in', () => {
  afterEach(() => {
    setHashQueue({ maxWaiting: 10_000, maxWaitMs: 120_000 });
    setPasswordHashCost('low');
  });

  // At the real cost a hash takes tens of milliseconds, so parallel sign-ins really do meet in the line.
  it('one address may hold only its share of the line: the rest of its parallel sign-ins get 429 at once', async () => {
    setPasswordHashCost('owasp');
    setHashQueue({ width: 1, maxWaiting: 10, maxWaitMs: 120_000, perClient: 1 });
    const replies = await Promise.all(Array.from({ length: 4 }, (_, i) => login(`nobody${i}@example.com`, 'whatever1', '10.2.2.2')));
    const busy = replies.filter((r) => r.statusCode === 429);
    expect(replies.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(busy[0]!.body).message).toBe(CLIENT_BUSY_MESSAGE);
    expect(busy[0]!.headers['retry-after']).toBe('1');
  });

  it('a full line answers 503 with Retry-After instead of stalling, and a refused attempt does not count as a failure', async () => {
    setPasswordHashCost('owasp');
    setHashQueue({ width: 1, maxWaiting: 0, maxWaitMs: 120_000, perClient: 1 });
    // An unknown account: every attempt waits for the one real-cost dummy hash, then all meet in the line together.
    const replies = await Promise.all(Array.from({ length: 4 }, (_, i) => login('ghost@example.com', 'wrong-password', `10.3.3.${i}`)));
    const busy = replies.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(busy[0]!.body).message).toBe(HASHING_BUSY_MESSAGE);
    expect(busy[0]!.headers['retry-after']).toBe('1');
    const checked = replies.filter((r) => r.statusCode === 401).length;
    const [row] = await t.db.select().from(loginThrottle).where(eq(loginThrottle.accountKey, 'ghost@example.com'));
    expect(row!.failures).toBe(checked);
  });
});

describe('device cookies: a browser that signed in before gets in during a flood', () => {
  /** Signs in and keeps the device cookie the answer sets ('name=value'). */
  async function knownBrowser(email: string, password: string, ip: string): Promise<string> {
    const res = await login(email, password, ip);
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^device_[0-9a-f]{12}=[^;]+; Path=\/api\/auth\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    return header.split(';')[0]!;
  }
  const withCookie = (emailOrPhone: string, password: string, ip: string, cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrPhone, password }, remoteAddress: ip, headers: { cookie } });

  beforeEach(() => t.db.delete(loginThrottle));
  afterEach(() => {
    setHashQueue({ maxWaiting: 10_000, maxWaitMs: 120_000 });
  });

  it('with the hashing line full, a stranger is refused (503) but the known browser waits in its lane and gets in', async () => {
    const cookie = await knownBrowser('admin@demo.local', 'Admin@123', '10.7.0.1');
    const other = await knownBrowser('warehouse@demo.local', 'Warehouse@123', '10.7.0.1');
    const queue = setHashQueue({ width: 1, maxWaiting: 0, maxWaitMs: 120_000, perClient: 1 });
    let release!: () => void;
    const flood = queue.run(() => new Promise<void>((resolve) => (release = resolve)), '10.7.9.9');

    const stranger = await login('admin@demo.local', 'Admin@123', '10.7.0.2');
    expect(stranger.statusCode).toBe(503);
    expect(JSON.parse(stranger.body).message).toBe(HASHING_BUSY_MESSAGE);
    // A forged cookie, or one of another account, is a stranger's.
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await withCookie('admin@demo.local', 'Admin@123', '10.7.0.3', forged)).statusCode).toBe(503);
    expect((await withCookie('admin@demo.local', 'Admin@123', '10.7.0.4', other)).statusCode).toBe(503);

    const known = withCookie('admin@demo.local', 'Admin@123', '10.7.0.5', cookie);
    await expect.poll(() => queue.stats().waiting).toBe(1);
    release();
    await flood;
    const answer = await known;
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('access_token');
    expect(String(answer.headers['set-cookie'])).toMatch(/^device_/);
  });

  it('is not refused by the per-address limit nor by a lockout strangers caused; a stranger is', async () => {
    const cookie = await knownBrowser('warehouse@demo.local', 'Warehouse@123', '10.7.1.1');
    for (let i = 0; i < 5; i++) expect((await login('warehouse@demo.local', 'wrong-pass', `10.7.2.${i}`)).statusCode).toBe(401);
    expect((await login('warehouse@demo.local', 'Warehouse@123', '10.7.2.9')).statusCode).toBe(429);
    expect((await withCookie('warehouse@demo.local', 'Warehouse@123', '10.7.2.10', cookie)).statusCode).toBe(200);
    // An address past its limit (12 a minute here): refused, unless it is the known browser.
    for (let i = 0; i < 12; i++) await login(`flood${i}@example.com`, 'whatever1', '10.7.3.1');
    expect((await login('admin@demo.local', 'Admin@123', '10.7.3.1')).statusCode).toBe(429);
    expect((await withCookie('warehouse@demo.local', 'Warehouse@123', '10.7.3.1', cookie)).statusCode).toBe(200);
  });

  it('a device cookie that fails 5 times is itself locked out, and leaves the account to others', async () => {
    const cookie = await knownBrowser('warehouse@demo.local', 'Warehouse@123', '10.7.4.1');
    for (let i = 0; i < 5; i++) expect((await withCookie('warehouse@demo.local', 'wrong-pass', '10.7.4.2', cookie)).statusCode).toBe(401);
    const locked = await withCookie('warehouse@demo.local', 'Warehouse@123', '10.7.4.3', cookie);
    expect(locked.statusCode).toBe(429);
    expect(JSON.parse(locked.body).message).toMatch(/Too many failed login attempts/);
    expect((await login('warehouse@demo.local', 'Warehouse@123', '10.7.4.4')).statusCode).toBe(200);
  });
});
