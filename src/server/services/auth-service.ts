import crypto from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refreshTokens, users } from '../db/schema.js';
import {
  EMAIL_PATTERN,
  INVALID_CREDENTIALS_MESSAGE,
  NOT_AUTHORIZED_MESSAGE,
  normalisePhone,
  type LoginAnswer,
  type LoginInput,
} from '../../domain/schemas/auth.js';
import { isLanguage, type Language } from '../../domain/i18n/languages.js';
import { isRole } from '../../domain/roles.js';
import type { PolicySource } from '../auth/access.js';
import type { SessionSource } from '../auth/sessions.js';
import { assertHashingCapacity, dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords.js';
import { REFRESH_TOKEN_TTL_MS, hashToken, newRefreshToken, type TokenSigner } from '../auth/tokens.js';
import { HttpError } from '../http/errors.js';
import { loginThrottle, throttleKeyOfAccount, throttleKeyOfDevice } from './login-throttle.js';
import type { DeviceCookie } from '../auth/device-cookie.js';
import { transactionAs } from '../db/actor.js';
import { recordEvent } from './record-history.js';

export type TokenPair = { access_token: string; refresh_token: string };

/**
 * A refresh token spent this recently answers again with the pair it was exchanged for, instead of raising the reuse
 * alarm: two tabs (or a retry after a lost answer) refreshing with the same token at the same moment stay signed in.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const STATUS_MESSAGES: Record<string, string> = {
  inactive: 'Your account is inactive. Please contact an administrator.',
  notverified: 'Your account is not verified yet. Please contact an administrator.',
};

export function accountKey(emailOrPhone: string): string {
  const v = emailOrPhone.trim();
  return EMAIL_PATTERN.test(v) ? v.toLowerCase() : normalisePhone(v);
}

type SessionUser = { id: string; role: string; firstname: string; sessionVersion: number };

const SPENT_MESSAGE = 'Refresh token has already been used. Please log in again.';
const INVALID_REFRESH_MESSAGE = 'Invalid or expired refresh token. Please log in again.';

export function authService(db: Db, signer: TokenSigner, policy: PolicySource, sessions?: Pick<SessionSource, 'invalidateFamily'>) {
  const throttle = loginThrottle(db);
  /** The token a refresh token is exchanged for: made from it, so a second exchange within the grace gives the same one. */
  const successorOf = (refresh: string) => signer.mac('refresh-successor', refresh);

  /** The access token of a login (`sid`: its family), issued at `issuedAt` (the same instant signs the same token). */
  async function accessToken(user: SessionUser, familyId: string, issuedAt: Date): Promise<string> {
    if (!isRole(user.role)) throw new HttpError(403, NOT_AUTHORIZED_MESSAGE);
    return signer.sign(
      { sub: user.id, role: user.role, firstname: user.firstname, sv: user.sessionVersion, sid: familyId },
      { issuedAt: Math.floor(issuedAt.getTime() / 1000) },
    );
  }

  async function assertMaySignIn(user: { role: string; status: string }): Promise<void> {
    const current = await policy.current();
    if (!isRole(user.role) || !current.signIn[user.role]) throw new HttpError(403, NOT_AUTHORIZED_MESSAGE);
    const statusMessage = STATUS_MESSAGES[user.status];
    if (statusMessage) throw new HttpError(403, statusMessage);
  }

  /** An old-scheme hash is replaced once the password is known right; a change made meanwhile wins. */
  async function upgradeHash(userId: string, old: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, old)));
  }

  /** Ends a login: its refresh tokens, and its access tokens on every process (the database announces it). */
  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    sessions?.invalidateFamily(familyId);
  }

  /** The user of a login being refreshed, if they may still sign in; otherwise the login ends (401). */
  async function stillAllowed(userId: string, familyId: string): Promise<typeof users.$inferSelect> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    try {
      if (!user) throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      await assertMaySignIn(user);
      return user;
    } catch (error) {
      await revokeFamily(familyId);
      throw error instanceof HttpError ? new HttpError(401, error.message) : error;
    }
  }

  /** The pair a token spent within the grace was exchanged for, or null (then presenting it again is a reuse). */
  async function pairOfRecentlySpent(token: string, spent: typeof refreshTokens.$inferSelect): Promise<TokenPair | null> {
    if (!spent.usedAt || spent.revokedAt || Date.now() - spent.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return null;
    const refresh = successorOf(token);
    const [next] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refresh)))
      .limit(1);
    if (!next || next.revokedAt || next.expiresAt <= new Date()) return null;
    const user = await stillAllowed(next.userId, next.familyId);
    return { access_token: await accessToken(user, next.familyId, spent.usedAt), refresh_token: refresh };
  }

  return {
    /**
     * `client` is the caller's address: it may hold only a few places in the password-hashing line. `devices`: the
     * caller's genuine device cookies; one naming the account signed in to makes this a known browser (device lane).
     * Answers the pair and the account, for a new device cookie.
     */
    async login(input: LoginInput, client?: string, devices: readonly DeviceCookie[] = []): Promise<{ pair: LoginAnswer; userId: string }> {
      const key = accountKey(input.emailOrPhone);
      // A sign-in the hashing line would refuse costs no database work and counts no attempt.
      if (!devices.length) assertHashingCapacity({ client });
      const [user] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.email}) = ${key}`, eq(users.phonenumber, key)))
        .limit(1);
      const device = user && devices.find((d) => d.account === user.id);
      if (devices.length && !device) assertHashingCapacity({ client });
      // Failures count against the account, whichever of its identifiers was typed (an unknown one by itself); a
      // known browser's against its device cookie alone.
      const counted = device ? throttleKeyOfDevice(device.nonce) : user ? throttleKeyOfAccount(user.id) : key;
      await throttle.claim(counted);
      let ok: boolean;
      try {
        const stored = user?.passwordHash ?? (await dummyPasswordHash());
        ok = await verifyPassword(input.password, stored, { client, lane: device ? 'device' : 'line' });
      } catch (error) {
        await throttle.release(counted);
        throw error;
      }
      if (!user || !ok) {
        // By account: an identifier that names none is not kept (it may be a password typed in the wrong box).
        await recordEvent(db, {
          resource: 'sign-ins',
          recordId: user?.id ?? '',
          recordLabel: user ? `${user.firstname} ${user.lastname}` : null,
          action: 'sign-in-failed',
          by: null,
          note: user ? '' : 'No such account',
        });
        throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
      }
      await throttle.reset(counted);
      await assertMaySignIn(user);
      if (needsRehash(user.passwordHash)) await upgradeHash(user.id, user.passwordHash, input.password);
      const familyId = crypto.randomUUID();
      const refresh = newRefreshToken();
      await transactionAs(db, user, async (tx) => {
        await tx
          .insert(refreshTokens)
          .values({ userId: user.id, familyId, tokenHash: hashToken(refresh), expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) });
        await recordEvent(tx, { resource: 'sign-ins', recordId: user.id, recordLabel: `${user.firstname} ${user.lastname}`, action: 'signed-in', by: user });
      });
      const language = isLanguage(user.language) ? user.language : null;
      return { pair: { access_token: await accessToken(user, familyId, new Date()), refresh_token: refresh, language }, userId: user.id };
    },

    async languageOf(userId: string): Promise<Language | null> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return isLanguage(row?.language) ? row.language : null;
    },

    /** The back-office language the signed-in user chose, kept for their next sign-in in any browser. */
    async setLanguage(userId: string, language: Language): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    /**
     * Single use: the token is spent and its successor recorded in one transaction (a concurrent refresh with the same
     * token waits for it). Presenting a spent token again within REFRESH_REUSE_GRACE_MS answers the same new pair;
     * later, it is taken for a stolen token and ends the whole login.
     */
    async refresh(token: string): Promise<TokenPair> {
      const tokenHash = hashToken(token);
      const refresh = successorOf(token);
      const rotated = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date() })
          .where(
            and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())),
          )
          .returning();
        if (!spent) return null;
        // Rotation keeps the login's absolute expiry: refreshing never extends a session past 12 hours.
        await tx.insert(refreshTokens).values({ userId: spent.userId, familyId: spent.familyId, tokenHash: hashToken(refresh), expiresAt: spent.expiresAt });
        return spent;
      });
      if (!rotated) {
        const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
        if (known?.usedAt) {
          const again = await pairOfRecentlySpent(token, known);
          if (again) return again;
          await revokeFamily(known.familyId);
          throw new HttpError(401, SPENT_MESSAGE);
        }
        throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      }
      const user = await stillAllowed(rotated.userId, rotated.familyId);
      // Issued at the spending: an exchange again within the grace signs the very same access token.
      return { access_token: await accessToken(user, rotated.familyId, rotated.usedAt!), refresh_token: refresh };
    },

    /** Ends the login of this refresh token: its refresh and access tokens, on every process. */
    async logout(token: string): Promise<void> {
      const [known] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1);
      if (known) await revokeFamily(known.familyId);
    },

    revokeAllFor: async (userId: string) => {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
