import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

type Cost = { N: number; r: number; p: number };
/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
const OWASP: Cost = { N: 2 ** 17, r: 8, p: 1 };
const LOW: Cost = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 32;

let cost: Cost = OWASP;
/** Tests only: a cheap cost so thousands of hashes stay fast. Stored hashes carry their own cost. */
export function setPasswordHashCost(level: 'owasp' | 'low'): void {
  cost = level === 'low' ? LOW : OWASP;
}

function maxmem(c: Cost): number {
  return 128 * c.N * c.r * 2;
}

/** Format: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: maxmem(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const c = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    ...c,
    maxmem: maxmem(c),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal which accounts exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(12).toString('hex'));
  return dummyHash;
}
