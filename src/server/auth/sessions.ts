import { and, eq, isNull, max } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { refreshTokens, users } from '../db/schema.js';
import { isUuid } from '../http/errors.js';
import { listenForChanges, notifiedCache } from './notified-cache.js';
import type { AccessClaims } from './tokens.js';

/** What decides whether a user's access token still works. */
export type SessionState = { role: string; status: string; sessionVersion: number };

export interface SessionSource {
  /**
   * Whether the token's subject still exists, is active, has the token's role and the token's session version, and
   * the token's login (`sid`, its refresh-token family) is neither revoked nor expired.
   */
  accepts(claims: AccessClaims): Promise<boolean>;
  /** This process changed the user: forget what it knew at once (other processes hear it from the database). */
  invalidate(userId: string): void;
  /** This process revoked a login (logout, a reused refresh token): its access tokens end at once. */
  invalidateFamily(familyId: string): void;
  close(): Promise<void>;
}

/** Channel of the users table trigger (migration 0005): a user's role, status or session version changed. */
export const USER_SESSIONS_CHANNEL = 'user_sessions';
/** Channel of the refresh_tokens trigger (migration 0016): a login was revoked (payload: its family id). */
export const SESSION_FAMILIES_CHANNEL = 'session_families';
/** Safety net if a notification is lost: nothing is believed longer than this. */
export const SESSION_CACHE_TTL_MS = 1000;

export function tokenStillValid(state: SessionState | null, claims: AccessClaims): boolean {
  return state !== null && state.status === 'active' && state.role === claims.role && state.sessionVersion === claims.sv;
}

/**
 * The users' session state and the logins still open, cached per process for at most SESSION_CACHE_TTL_MS and dropped
 * as soon as the database announces a change (LISTEN/NOTIFY, on every process). So the hot path is two map look-ups,
 * and a demoted, deactivated or deleted user's tokens, or a login that was logged out or caught reusing a refresh
 * token, stop working at once everywhere.
 */
export async function dbSessionSource(database: Database, ttlMs = SESSION_CACHE_TTL_MS): Promise<SessionSource> {
  const userStates = notifiedCache<SessionState | null>(async (userId) => {
    const [row] = await database.db
      .select({ role: users.role, status: users.status, sessionVersion: users.sessionVersion })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }, ttlMs);
  // When the login ends: the absolute expiry of its refresh tokens not revoked (none: revoked, or never was).
  const familyEnds = notifiedCache<number | null>(async (familyId) => {
    const [row] = await database.db
      .select({ until: max(refreshTokens.expiresAt) })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    return row?.until ? new Date(row.until).getTime() : null;
  }, ttlMs);

  const stops = [
    await listenForChanges(database.listen, USER_SESSIONS_CHANNEL, userStates, true),
    await listenForChanges(database.listen, SESSION_FAMILIES_CHANNEL, familyEnds, true),
  ];

  return {
    async accepts(claims) {
      if (!isUuid(claims.sub)) return false;
      // Tokens signed before logins were named carry no `sid`: they are checked against their user only.
      if (claims.sid !== undefined && !isUuid(claims.sid)) return false;
      const [state, ends] = await Promise.all([
        userStates.get(claims.sub.toLowerCase()),
        claims.sid === undefined ? null : familyEnds.get(claims.sid.toLowerCase()),
      ]);
      if (!tokenStillValid(state, claims)) return false;
      return claims.sid === undefined || (ends !== null && ends > Date.now());
    },
    invalidate: (userId) => userStates.forget(userId.toLowerCase()),
    invalidateFamily: (familyId) => familyEnds.forget(familyId.toLowerCase()),
    close: async () => {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
