import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isRole, type Role } from '../../domain/roles.js';
import { MIN_JWT_SECRET_BYTES } from '../config.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * `sv`: the user's session version when the token was issued; a token of an older version is refused.
 * `sid`: the login (refresh-token family) it belongs to; once that login is logged out or revoked, the token is refused.
 */
export type AccessClaims = { sub: string; role: Role; firstname: string; sv: number; sid?: string };

export type SignOptions = { ttlSeconds?: number; /** Unix seconds: the same claims at the same time sign the same token. */ issuedAt?: number };

export type TokenSigner = {
  /** A missing `sv` signs version 0, what every user starts with. */
  sign: (claims: Omit<AccessClaims, 'sv'> & { sv?: number }, options?: SignOptions) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
  /**
   * HMAC-SHA256 (base64url) of `data` under a key derived from the server secret for `purpose` alone (never the JWT key
   * itself): what only this server can make and check, such as a device cookie.
   */
  mac: (purpose: string, data: string) => string;
};

const VERIFIED_CACHE_SIZE = 1000;

export function createTokenSigner(secret: string): TokenSigner {
  // A token checked once is the same token on the next request of its user: its claims are kept until it expires
  // (the same bytes cannot verify differently), so a busy API checks each signature once, not once per request.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp });
  };
  const secretBytes = new TextEncoder().encode(secret);
  if (secretBytes.length < MIN_JWT_SECRET_BYTES) throw new Error(`The JWT secret must be at least ${MIN_JWT_SECRET_BYTES} bytes`);
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every call (a profile of the stock API under
  // load spent more time there than in any of our code).
  const key = crypto.webcrypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const purposeKeys = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let derived = purposeKeys.get(purpose);
    if (!derived) purposeKeys.set(purpose, (derived = crypto.createHmac('sha256', secretBytes).update(`purpose:${purpose}`).digest()));
    return derived;
  };
  return {
    sign: async (claims, { ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, issuedAt = Math.floor(Date.now() / 1000) } = {}) =>
      new SignJWT({ role: claims.role, firstname: claims.firstname, sv: claims.sv ?? 0, ...(claims.sid !== undefined && { sid: claims.sid }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key),
    mac: (purpose, data) => crypto.createHmac('sha256', keyFor(purpose)).update(data).digest('base64url'),
    verify: async (token) => {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known.claims;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || !isRole(payload.role)) return null;
        // Tokens issued before session versions existed carry none: version 0, as every user started.
        const sv = payload.sv === undefined ? 0 : payload.sv;
        if (typeof sv !== 'number' || !Number.isInteger(sv)) return null;
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
        const claims: AccessClaims = {
          sub: payload.sub,
          role: payload.role,
          firstname: String(payload.firstname ?? ''),
          sv,
          ...(payload.sid !== undefined && { sid: payload.sid }),
        };
        remember(token, claims, payload.exp ?? 0);
        return claims;
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
