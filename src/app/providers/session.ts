import type { Role } from '../../domain/roles';
import { decodeToken } from './token';

/** SPEC.md section 3: the session lives in local storage under these keys. */
export const SESSION_KEYS = { token: 'token', refreshToken: 'refresh_token', role: 'role', userName: 'userName' } as const;
export const DEFAULT_USER_NAME = 'Admin User';

export type TokenPair = { access_token: string; refresh_token: string };

export type Session = {
  accessToken(): string | null;
  refreshToken(): string | null;
  /** The stored role, recovered from the access token when missing. */
  role(): Role | null;
  userName(): string;
  save(pair: TokenPair): void;
  clear(): void;
};

export function createSession(storage: Storage): Session {
  const session: Session = {
    accessToken: () => storage.getItem(SESSION_KEYS.token),
    refreshToken: () => storage.getItem(SESSION_KEYS.refreshToken),
    role() {
      const stored = storage.getItem(SESSION_KEYS.role);
      const claims = decodeToken(session.accessToken());
      if (claims && stored !== claims.role) storage.setItem(SESSION_KEYS.role, claims.role);
      return claims?.role ?? null;
    },
    userName: () => storage.getItem(SESSION_KEYS.userName) || DEFAULT_USER_NAME,
    save(pair) {
      const claims = decodeToken(pair.access_token);
      storage.setItem(SESSION_KEYS.token, pair.access_token);
      storage.setItem(SESSION_KEYS.refreshToken, pair.refresh_token);
      if (claims) storage.setItem(SESSION_KEYS.role, claims.role);
      storage.setItem(SESSION_KEYS.userName, claims?.firstname || DEFAULT_USER_NAME);
    },
    clear() {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
    },
  };
  return session;
}
