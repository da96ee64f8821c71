import axios, { type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, SESSION_EXPIRED_MESSAGE, toApiError } from './api-error';
import type { Session, TokenPair } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Catalogue default of the operation (SPEC.md section 8), used when the server gives no message. */
    errorMessage?: string;
    /** Auth endpoints: a 401 there is an answer, not an expired session. */
    skipAuthRefresh?: boolean;
  }
  interface InternalAxiosRequestConfig {
    /** The access token this attempt was sent with. */
    sentToken?: string | null;
    retried?: boolean;
  }
}

/**
 * Refresh tokens are single-use and shared by every tab through localStorage: two tabs spending the same one
 * would look like token theft to the API and end the session. A Web Lock lets one tab refresh at a time.
 */
async function acrossTabs<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return run();
  return await locks.request('grocery-backoffice-token-refresh', run);
}

export type HttpClient = AxiosInstance & {
  /**
   * One POST /auth/refresh however many callers ask at once; the new pair is stored. Rejects when the server
   * refuses the refresh token, after clearing the session.
   */
  refreshTokens(): Promise<string>;
};

export type HttpClientOptions = {
  baseURL: string;
  session: Session;
  /** The session ended because the refresh token was refused: the app goes to /login. */
  onSessionExpired: () => void;
  /** Tests swap the transport. */
  adapter?: AxiosAdapter;
  /** The language the API answers its messages in (Accept-Language). */
  language?: () => string;
};

export function createHttpClient({ baseURL, session, onSessionExpired, adapter, language }: HttpClientOptions): HttpClient {
  const http = axios.create({ baseURL, headers: { 'Content-Type': 'application/json' }, ...(adapter ? { adapter } : {}) }) as HttpClient;
  let refreshing: Promise<string> | null = null;

  async function refreshOnce(): Promise<string> {
    const staleToken = session.accessToken();
    return acrossTabs(async () => {
      // Another tab may have refreshed while this one waited: its new pair is already in storage.
      const current = session.accessToken();
      if (current && current !== staleToken) return current;
      const refreshToken = session.refreshToken();
      if (!refreshToken) throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'session');
      try {
        const { data } = await http.post<TokenPair>(
          '/auth/refresh',
          { refresh_token: refreshToken },
          {
            skipAuthRefresh: true,
            errorMessage: 'Failed to refresh token.',
          },
        );
        session.save(data);
        return data.access_token;
      } catch (error) {
        const apiError = toApiError(error);
        // A network failure leaves the session alone: the refresh token may still be good once the server is back.
        if (apiError.source === 'network') throw apiError;
        session.clear();
        onSessionExpired();
        throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'session');
      }
    });
  }

  http.refreshTokens = () => {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  http.interceptors.request.use(async (config) => {
    // Requests that start while a refresh is under way wait for the new token instead of collecting a 401.
    if (refreshing && !config.skipAuthRefresh) await refreshing.catch(() => undefined);
    const token = session.accessToken();
    config.sentToken = token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    if (language) config.headers.set('Accept-Language', language());
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    const config = axios.isAxiosError(error) ? (error.config as InternalAxiosRequestConfig | undefined) : undefined;
    const unauthorized = axios.isAxiosError(error) && error.response?.status === 401;
    if (!unauthorized || !config || config.skipAuthRefresh || config.retried) throw toApiError(error, config?.errorMessage);
    if (!session.refreshToken()) {
      // Sent with a token, but the session has ended since (a refused refresh, a logout): say so.
      if (config.sentToken) throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'session');
      throw toApiError(error, config.errorMessage);
    }
    config.retried = true;
    const current = session.accessToken();
    // Unless another request already refreshed after this one was sent, refresh (once for all of them).
    if (!current || current === config.sentToken) await http.refreshTokens();
    return http(config);
  });

  return http;
}
