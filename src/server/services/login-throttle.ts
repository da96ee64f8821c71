import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginThrottle as throttleTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

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

/** Per-account throttling stored in the database, so every API process sees the same counts. */
export function loginThrottle(db: Db) {
  return {
    async assertAllowed(key: string): Promise<void> {
      const [row] = await db.select().from(throttleTable).where(eq(throttleTable.accountKey, key)).limit(1);
      if (!row?.lockedUntil) return;
      const waitMs = row.lockedUntil.getTime() - Date.now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, `Too many failed login attempts. Please try again in ${seconds} seconds.`);
      }
    },

    async recordFailure(key: string): Promise<void> {
      // One statement, so concurrent failures all count.
      const forget = sql`${throttleTable.lastFailure} < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
      const failures = sql`case when ${forget} then 1 else ${throttleTable.failures} + 1 end`;
      const [row] = await db
        .insert(throttleTable)
        .values({ accountKey: key, failures: 1, lastFailure: new Date() })
        .onConflictDoUpdate({ target: throttleTable.accountKey, set: { failures, lastFailure: sql`now()` } })
        .returning({ failures: throttleTable.failures });
      const lock = lockSecondsAfter(row?.failures ?? 0);
      if (lock > 0) {
        await db
          .update(throttleTable)
          .set({ lockedUntil: new Date(Date.now() + lock * 1000) })
          .where(eq(throttleTable.accountKey, key));
      }
    },

    async reset(key: string): Promise<void> {
      await db.delete(throttleTable).where(eq(throttleTable.accountKey, key));
    },
  };
}
