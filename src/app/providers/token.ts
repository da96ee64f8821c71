import { isRole, type Role } from '../../domain/roles';

export type TokenClaims = { sub: string; role: Role; firstname: string; exp: number };

/** Reads (does not verify) an access token's payload: the server verifies, the SPA only needs role, name and expiry. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (typeof claims.sub !== 'string' || !isRole(claims.role) || typeof claims.exp !== 'number') return null;
    return { sub: claims.sub, role: claims.role, firstname: typeof claims.firstname === 'string' ? claims.firstname : '', exp: claims.exp };
  } catch {
    return null;
  }
}

/** Expired, or expiring within `skewSeconds`: not worth sending. */
export function isTokenExpired(claims: TokenClaims, nowMs = Date.now(), skewSeconds = 10): boolean {
  return claims.exp * 1000 <= nowMs + skewSeconds * 1000;
}
