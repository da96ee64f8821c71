import { API_URL, HOME_ROUTE, LOGIN_ROUTE } from '../config';
import { createAuthProvider } from './auth-provider';
import { createHttpClient } from './http-client';
import { createSession } from './session';
import { i18next, switchLanguage } from '../i18n/i18n';
import { takePickedLanguage } from '../i18n/picked-language';

/**
 * The session, the HTTP client and the auth provider: all that the public pages and /login need, without the
 * back-office's resources, data and access-control providers (providers/index.ts adds those).
 */
export const session = createSession(window.localStorage);

let sessionExpiredHandler: () => void = () => window.location.assign(LOGIN_ROUTE);
const onSignOut: (() => void)[] = [];

/** The router registers how to go to /login once it is mounted (a full page load before that). */
export function setSessionExpiredHandler(handler: () => void): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = () => window.location.assign(LOGIN_ROUTE);
  };
}

/** Whatever the previous user left (cached permissions, data) is dropped by these on every sign-in and sign-out. */
export function onSessionChange(forget: () => void): void {
  onSignOut.push(forget);
}

const forgetPreviousUser = () => onSignOut.forEach((forget) => forget());

export const http = createHttpClient({
  baseURL: API_URL,
  session,
  onSessionExpired: () => {
    forgetPreviousUser();
    sessionExpiredHandler();
  },
  language: () => i18next.language,
});

export const authProvider = createAuthProvider({
  http,
  session,
  onSessionChange: forgetPreviousUser,
  homeRoute: HOME_ROUTE,
  loginRoute: LOGIN_ROUTE,
  onUserLanguage: (language) => {
    // Picked on the login page just now: the latest choice, kept for them in place of last time's.
    const picked = takePickedLanguage();
    if (picked && picked !== language) return void saveUserLanguage(picked);
    // Its texts downloaded before the back-office opens (a new page): it opens in the language, never half-switched.
    return switchLanguage(language);
  },
});

/** A signed-in user's choice of language, kept by the API for their next sign-in in any browser. */
export const saveUserLanguage = (language: string) => http.put('/auth/me/language', { language }).catch(() => undefined);
