import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginThrottle as throttleTable } from '../db/schema.js';
import { retryLater } from '../http/errors.js';

/** Failures allowed before an account is slowed down. */
export const FREE_FAILURES = 5;
const BASE_LOCK_SECONDS = 30;
/** The window grows 30 s, 60 s, 120 s... but never past 15 minutes: a real user is never locked out for long. */
const MAX_LOCK_SECONDS = 15 * 60;
/** Failures older than this are forgotten. */
const FORGET_AFTER_SECONDS = 60 * 60;

/**
 * The throttle's key of a known account: one count for its e-mail and its phone number alike. An identifier that names
 * no account is counted by itself (it is an e-mail or a phone number, so it never looks like this).
 */
export const throttleKeyOfAccount = (userId: string) => `account:${userId}`;
/** A known browser's sign-ins (its device cookie) are counted apart from the account's: strangers cannot lock it out. */
export const throttleKeyOfDevice = (nonce: string) => `device:${nonce}`;

export function lockSecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BASE_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_SECONDS);
}

const lockedMessage = (seconds: number) => `Too many failed login attempts. Please try again in ${seconds} seconds.`;

/**
 * Per-account throttling stored in the database, so every API process sees the same counts. An attempt is
 * counted BEFORE its password is checked, in one statement under the row's lock: of N guesses sent at once, at
 * most FREE_FAILURES reach the slow hash and the rest are refused (429), on any number of processes.
 */
export function loginThrottle(db: Db) {
  const t = throttleTable;
  const notLocked = sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`;
  const forgotten = sql`${t.lastFailure} < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
  const failures = sql`(case when ${forgotten} then 1 else ${t.failures} + 1 end)`;
  // lockSecondsAfter(failures), in SQL so the count and the lock are one write.
  const lockedUntil = sql`case when ${failures} >= ${FREE_FAILURES}
    then now() + make_interval(secs => least(${BASE_LOCK_SECONDS} * power(2, ${failures} - ${FREE_FAILURES}), ${MAX_LOCK_SECONDS}))
    end`;

  return {
    /** Counts one attempt as a failure (a success resets) or throws 429 while the account is locked. */
    async claim(key: string): Promise<void> {
      const firstLock = lockSecondsAfter(1);
      const counted = await db
        .insert(t)
        .values({ accountKey: key, failures: 1, lastFailure: sql`now()`, lockedUntil: firstLock ? new Date(Date.now() + firstLock * 1000) : null })
        // A locked account's row is left as it is: no row comes back, and the attempt is refused.
        .onConflictDoUpdate({ target: t.accountKey, set: { failures, lastFailure: sql`now()`, lockedUntil }, setWhere: notLocked })
        .returning({ failures: t.failures });
      if (counted.length) return;
      const [row] = await db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.accountKey, key));
      const seconds = Math.max(1, Math.ceil(((row?.lockedUntil?.getTime() ?? Date.now()) - Date.now()) / 1000));
      throw retryLater(429, lockedMessage(seconds), seconds);
    },

    /** Gives back an attempt whose password was never checked (the hashing line refused it). */
    async release(key: string): Promise<void> {
      const failures = sql`greatest(${throttleTable.failures} - 1, 0)`;
      await db
        .update(throttleTable)
        .set({ failures, lockedUntil: sql`case when ${failures} < ${FREE_FAILURES} then null else ${throttleTable.lockedUntil} end` })
        .where(eq(throttleTable.accountKey, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(throttleTable).where(eq(throttleTable.accountKey, key));
    },
  };
}
