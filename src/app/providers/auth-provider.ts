import type { AuthProvider } from '@refinedev/core';
import { defaultRoleLabel, type Role } from '../../domain/roles';
import { NOT_AUTHORIZED_MESSAGE, type LoginInput } from '../../domain/login-rules';
import { isLanguage, type Language } from '../../domain/i18n/languages';
import { ApiError, toApiError } from './api-error';
import type { HttpClient } from './http-client';
import type { Session, TokenPair } from './session';
import { decodeToken, isTokenExpired } from './token';

export type Identity = { id: string; name: string; role: Role; roleLabel: string };

export type AuthProviderOptions = {
  http: HttpClient;
  session: Session;
  /** Signed in or out: cached permissions and data of the previous user must go. */
  onSessionChange: () => void;
  homeRoute: string;
  loginRoute: string;
  /** The language the user chose on an earlier visit (kept by the API), to switch to at sign-in: awaited, so the next page opens in it. */
  onUserLanguage?: (language: Language) => void | Promise<unknown>;
};

export function createAuthProvider({ http, session, onSessionChange, homeRoute, loginRoute, onUserLanguage }: AuthProviderOptions): AuthProvider {
  const revoke = (refreshToken: string) => http.post('/auth/logout', { refresh_token: refreshToken }, { skipAuthRefresh: true }).catch(() => undefined);

  return {
    async login({ emailOrPhone, password }: LoginInput) {
      try {
        const { data } = await http.post<TokenPair & { language?: Language | null }>(
          '/auth/login',
          { emailOrPhone, password },
          {
            skipAuthRefresh: true,
            errorMessage: 'Login failed. Please try again.',
          },
        );
        // Who may sign in is the API's decision (the policy admins edit): a token it issues is an answer of yes.
        // Only a token this SPA cannot read (an unknown role) is turned back.
        if (!decodeToken(data.access_token)) {
          await revoke(data.refresh_token);
          return { success: false, error: new ApiError(NOT_AUTHORIZED_MESSAGE, 403, 'client') };
        }
        session.save(data);
        onSessionChange();
        if (data.language && isLanguage(data.language)) await onUserLanguage?.(data.language);
        return { success: true, redirectTo: homeRoute };
      } catch (error) {
        return { success: false, error: toApiError(error, 'Login failed. Please try again.') };
      }
    },

    async logout() {
      const refreshToken = session.refreshToken();
      session.clear();
      onSessionChange();
      if (refreshToken) await revoke(refreshToken);
      return { success: true, redirectTo: '/' };
    },

    /** A valid token passes; an expired one is refreshed when the refresh token still works. */
    async check() {
      const claims = decodeToken(session.accessToken());
      if (claims && !isTokenExpired(claims)) return { authenticated: true };
      if (session.refreshToken()) {
        try {
          await http.refreshTokens();
          return { authenticated: true };
        } catch {
          // Refused: the HTTP client has cleared the session. Unreachable: the session is kept for later.
          return { authenticated: false, redirectTo: loginRoute };
        }
      }
      session.clear();
      return { authenticated: false, redirectTo: loginRoute };
    },

    /** 401s were already refreshed or ended the session in the HTTP client; other errors are shown, not fatal. */
    async onError() {
      return {};
    },

    async getIdentity(): Promise<Identity | null> {
      const claims = decodeToken(session.accessToken());
      const role = session.role();
      if (!claims || !role) return null;
      return { id: claims.sub, name: session.userName(), role, roleLabel: defaultRoleLabel(role) };
    },

    async getPermissions() {
      return session.role();
    },
  };
}
