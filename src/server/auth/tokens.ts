import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isRole, type Role } from '../../domain/roles.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

export type AccessClaims = { sub: string; role: Role; firstname: string };

export type TokenSigner = {
  sign: (claims: AccessClaims, ttlSeconds?: number) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
};

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) =>
      new SignJWT({ role: claims.role, firstname: claims.firstname })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !isRole(payload.role)) return null;
        return { sub: payload.sub, role: payload.role, firstname: String(payload.firstname ?? '') };
      } catch {
        return null;
      }
    },
  };
}

export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
