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

export function lockSecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BASE_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_SECONDS);
}

const lockedMessage = (seconds: number) => `Too many failed login attempts. Please try again in ${seconds} seconds.`;

/**
 * Per-account throttling stored in the database, so every API process sees the same counts. An attempt is
 * counted BEFORE its password is checked, under the row's lock: of N guesses sent at once, at most
 * FREE_FAILURES reach the slow hash and the rest are refused (429), on any number of processes.
 */
export function loginThrottle(db: Db) {
  return {
    /** Counts one attempt as a failure (a success resets) or throws 429 while the account is locked. */
    async claim(key: string): Promise<void> {
      const waitSeconds = await db.transaction(async (tx) => {
        await tx.insert(throttleTable).values({ accountKey: key, failures: 0, lastFailure: new Date() }).onConflictDoNothing();
        const [row] = await tx.select().from(throttleTable).where(eq(throttleTable.accountKey, key)).for('update');
        const now = Date.now();
        if (row?.lockedUntil && row.lockedUntil.getTime() > now) return Math.ceil((row.lockedUntil.getTime() - now) / 1000);
        const stale = !row || now - row.lastFailure.getTime() > FORGET_AFTER_SECONDS * 1000;
        const failures = (stale ? 0 : row.failures) + 1;
        const lock = lockSecondsAfter(failures);
        await tx.update(throttleTable)
          .set({ failures, lastFailure: sql`now()`, lockedUntil: lock > 0 ? new Date(now + lock * 1000) : null })
          .where(eq(throttleTable.accountKey, key));
        return 0;
      });
      if (waitSeconds > 0) throw retryLater(429, lockedMessage(waitSeconds), waitSeconds);
    },

    /** Gives back an attempt whose password was never checked (the hashing line refused it). */
    async release(key: string): Promise<void> {
      const failures = sql`greatest(${throttleTable.failures} - 1, 0)`;
      await db.update(throttleTable)
        .set({ failures, lockedUntil: sql`case when ${failures} < ${FREE_FAILURES} then null else ${throttleTable.lockedUntil} end` })
        .where(eq(throttleTable.accountKey, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(throttleTable).where(eq(throttleTable.accountKey, key));
    },
  };
}
