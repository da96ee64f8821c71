import crypto from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refreshTokens, users } from '../db/schema.js';
import { EMAIL_PATTERN, INVALID_CREDENTIALS_MESSAGE, NOT_AUTHORIZED_MESSAGE, normalisePhone, type LoginInput } from '../../domain/schemas/auth.js';
import { isRole } from '../../domain/roles.js';
import type { PolicySource } from '../auth/access.js';
import { assertHashingCapacity, dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords.js';
import { REFRESH_TOKEN_TTL_MS, hashToken, newRefreshToken, type TokenSigner } from '../auth/tokens.js';
import { HttpError } from '../http/errors.js';
import { loginThrottle, throttleKeyOfAccount } from './login-throttle.js';

export type TokenPair = { access_token: string; refresh_token: string };

const STATUS_MESSAGES: Record<string, string> = {
  inactive: 'Your account is inactive. Please contact an administrator.',
  notverified: 'Your account is not verified yet. Please contact an administrator.',
};

export function accountKey(emailOrPhone: string): string {
  const v = emailOrPhone.trim();
  return EMAIL_PATTERN.test(v) ? v.toLowerCase() : normalisePhone(v);
}

export function authService(db: Db, signer: TokenSigner, policy: PolicySource) {
  const throttle = loginThrottle(db);

  async function issue(user: { id: string; role: string; firstname: string; sessionVersion: number }, familyId: string, expiresAt: Date): Promise<TokenPair> {
    const refresh = newRefreshToken();
    await db.insert(refreshTokens).values({ userId: user.id, familyId, tokenHash: hashToken(refresh), expiresAt });
    if (!isRole(user.role)) throw new HttpError(403, NOT_AUTHORIZED_MESSAGE);
    const access = await signer.sign({ sub: user.id, role: user.role, firstname: user.firstname, sv: user.sessionVersion });
    return { access_token: access, refresh_token: refresh };
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
    await db.update(users).set({ passwordHash }).where(and(eq(users.id, userId), eq(users.passwordHash, old)));
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    /** `client` is the caller's address: it may hold only a few places in the password-hashing line. */
    async login(input: LoginInput, client?: string): Promise<TokenPair> {
      const key = accountKey(input.emailOrPhone);
      // A sign-in the hashing line would refuse costs no database work and counts no attempt.
      assertHashingCapacity({ client });
      const [user] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.email}) = ${key}`, eq(users.phonenumber, key)))
        .limit(1);
      // Failures count against the account, whichever of its identifiers was typed (an unknown one by itself).
      const counted = user ? throttleKeyOfAccount(user.id) : key;
      await throttle.claim(counted);
      let ok: boolean;
      try {
        ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()), { client });
      } catch (error) {
        await throttle.release(counted);
        throw error;
      }
      if (!user || !ok) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
      await throttle.reset(counted);
      await assertMaySignIn(user);
      if (needsRehash(user.passwordHash)) await upgradeHash(user.id, user.passwordHash, input.password);
      return issue(user, crypto.randomUUID(), new Date(Date.now() + REFRESH_TOKEN_TTL_MS));
    },

    /** Single use: the token is spent atomically; presenting a spent one revokes its whole login. */
    async refresh(token: string): Promise<TokenPair> {
      const tokenHash = hashToken(token);
      const [spent] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!spent) {
        const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
        if (known?.usedAt) {
          await revokeFamily(known.familyId);
          throw new HttpError(401, 'Refresh token has already been used. Please log in again.');
        }
        throw new HttpError(401, 'Invalid or expired refresh token. Please log in again.');
      }
      const [user] = await db.select().from(users).where(eq(users.id, spent.userId)).limit(1);
      try {
        if (!user) throw new HttpError(401, 'Invalid or expired refresh token. Please log in again.');
        await assertMaySignIn(user);
      } catch (error) {
        await revokeFamily(spent.familyId);
        throw error instanceof HttpError ? new HttpError(401, error.message) : error;
      }
      // Rotation keeps the login's absolute expiry: refreshing never extends a session past 12 hours.
      return issue(user, spent.familyId, spent.expiresAt);
    },

    async logout(token: string): Promise<void> {
      const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token))).limit(1);
      if (known) await revokeFamily(known.familyId);
    },

    revokeAllFor: async (userId: string) => {
      await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
