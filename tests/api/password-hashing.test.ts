import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginThrottle, users } from '../../src/server/db/schema.js';
import { CLIENT_BUSY_MESSAGE, HASHING_BUSY_MESSAGE } from '../../src/server/auth/hash-queue.js';
import { setHashQueue, setPasswordHashCost } from '../../src/server/auth/passwords.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (emailOrPhone: string, password: string, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrPhone, password }, remoteAddress: ip });

/** A hash as the previous release stored it: scrypt$N$r$p$salt$hash. */
function legacyScryptHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 2 ** 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const storedHash = async (email: string) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]!.hash;

describe('password hashes', () => {
  it('are argon2id', async () => {
    expect(await storedHash('admin@demo.local')).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
  });

  it('an old scrypt hash still signs in, and is replaced by argon2id at that sign-in (not at a failed one)', async () => {
    await t.db.update(users).set({ passwordHash: legacyScryptHash('Warehouse@123') }).where(eq(users.email, 'warehouse@demo.local'));
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
