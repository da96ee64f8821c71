import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { createHashQueue, defaultHashQueueOptions, type HashLane, type HashQueue, type HashQueueOptions } from './hash-queue.js';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id in @node-rs/argon2.
const ARGON2ID = 2 as Algorithm.Argon2id;

type Cost = { memoryCost: number; timeCost: number; parallelism: number };
/** OWASP Password Storage Cheat Sheet, first choice: argon2id, m=19 MiB, t=2, p=1 (vs scrypt's 128 MiB, ~1.4 s here). */
const OWASP: Cost = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
const LOW: Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

let cost: Cost = OWASP;
/** Tests only: a cheap cost so thousands of hashes stay fast. Stored hashes carry their own cost. */
export function setPasswordHashCost(level: 'owasp' | 'low'): void {
  cost = level === 'low' ? LOW : OWASP;
}

export const passwordHashCostLevel = (): 'owasp' | 'low' => (cost === LOW ? 'low' : 'owasp');

let queue: HashQueue = createHashQueue(defaultHashQueueOptions());
/** Tests only: a smaller line to see it refuse. */
export function setHashQueue(options: Partial<HashQueueOptions>): HashQueue {
  queue = createHashQueue({ ...defaultHashQueueOptions(), ...options });
  return queue;
}

// Passwords are compared as Unicode NFKC, so the same password typed on another keyboard still matches.
const normalised = (password: string) => password.normalize('NFKC');

/** Who asks for a hash: one client (address) may only hold a few places in the hashing line; `lane`: see HashLane. */
export type HashClient = { client?: string; lane?: HashLane };

/** Throws the 429/503 a sign-in from this client would get from the hashing line now, before any other work. */
export function assertHashingCapacity(by: HashClient): void {
  if (by.client !== undefined) queue.admit(by.client);
}

/** PHC string: $argon2id$v=19$m=...,t=...,p=...$salt$hash */
export function hashPassword(password: string, by: HashClient = {}): Promise<string> {
  return queue.run(() => argon2Hash(normalised(password), { algorithm: ARGON2ID, ...cost }), by.client);
}

export function verifyPassword(password: string, stored: string, by: HashClient = {}): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return queue.run(() => verifyScrypt(password, stored), by.client, by.lane);
  if (!stored.startsWith('$argon2')) return Promise.resolve(false);
  return queue.run(() => argon2Verify(stored, normalised(password)).catch(() => false), by.client, by.lane);
}

/** A stored hash made by the old scheme (scrypt) or at another cost: replaced at the user's next sign-in. */
export function needsRehash(stored: string): boolean {
  const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!params) return true;
  return Number(params[1]) !== cost.memoryCost || Number(params[2]) !== cost.timeCost || Number(params[3]) !== cost.parallelism;
}

/** The previous scheme, kept to verify (never to create) hashes stored before argon2id: scrypt$N$r$p$salt$hash. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const c = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(normalised(password), Buffer.from(salt, 'base64url'), expected.length, { ...c, maxmem: 128 * c.N * c.r * 2 });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal which accounts exist. */
let dummyHash: { cost: Cost; hash: Promise<string> } | undefined;
export function dummyPasswordHash(): Promise<string> {
  if (dummyHash?.cost !== cost) {
    const hash = argon2Hash(crypto.randomBytes(12).toString('hex'), { algorithm: ARGON2ID, ...cost });
    dummyHash = { cost, hash };
  }
  return dummyHash.hash;
}
