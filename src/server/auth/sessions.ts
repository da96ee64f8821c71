import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { isUuid } from '../http/errors.js';
import type { AccessClaims } from './tokens.js';

/** What decides whether a user's access token still works. */
export type SessionState = { role: string; status: string; sessionVersion: number };

export interface SessionSource {
  /** Whether the token's subject still exists, is active, has the token's role and the token's session version. */
  accepts(claims: AccessClaims): Promise<boolean>;
  /** This process changed the user: forget what it knew at once (other processes hear it from the database). */
  invalidate(userId: string): void;
  close(): Promise<void>;
}

/** Channel of the users table trigger (migration 0005): a user's role, status or session version changed. */
export const USER_SESSIONS_CHANNEL = 'user_sessions';
/** Safety net if a notification is lost: nothing is believed longer than this. */
export const SESSION_CACHE_TTL_MS = 1000;
const MAX_CACHED_USERS = 50_000;

export function tokenStillValid(state: SessionState | null, claims: AccessClaims): boolean {
  return state !== null && state.status === 'active' && state.role === claims.role && state.sessionVersion === claims.sv;
}

/**
 * The users' session state, cached per process for at most SESSION_CACHE_TTL_MS and dropped as soon as the
 * database announces a change (LISTEN/NOTIFY, on every process). So the hot path is a map look-up, and a
 * demoted, deactivated or deleted user's old tokens stop working at once everywhere.
 */
export async function dbSessionSource(database: Database, ttlMs = SESSION_CACHE_TTL_MS): Promise<SessionSource> {
  const cache = new Map<string, { state: SessionState | null; at: number }>();
  const loading = new Map<string, Promise<SessionState | null>>();
  // Raised by every change heard: a read that was under way across one is used once, never cached.
  let generation = 0;

  const forget = (userId: string) => {
    generation++;
    cache.delete(userId);
    loading.delete(userId);
  };

  async function load(userId: string): Promise<SessionState | null> {
    const [row] = await database.db
      .select({ role: users.role, status: users.status, sessionVersion: users.sessionVersion })
      .from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  function state(userId: string): Promise<SessionState | null> {
    const hit = cache.get(userId);
    if (hit && Date.now() - hit.at < ttlMs) return Promise.resolve(hit.state);
    let pending = loading.get(userId);
    if (!pending) {
      const seen = generation;
      pending = load(userId).then((value) => {
        if (seen === generation) {
          if (cache.size >= MAX_CACHED_USERS) cache.clear();
          cache.set(userId, { state: value, at: Date.now() });
        }
        return value;
      }).finally(() => {
        if (loading.get(userId) === pending) loading.delete(userId);
      });
      loading.set(userId, pending);
    }
    return pending;
  }

  const stop = await database.listen(USER_SESSIONS_CHANNEL, forget, () => {
    generation++;
    cache.clear();
    loading.clear();
  });

  return {
    async accepts(claims) {
      if (!isUuid(claims.sub)) return false;
      return tokenStillValid(await state(claims.sub.toLowerCase()), claims);
    },
    invalidate: forget,
    close: stop,
  };
}
