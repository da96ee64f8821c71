import { QueryClient, keepPreviousData } from '@tanstack/react-query';
import { API_URL, HOME_ROUTE, LOGIN_ROUTE } from '../config';
import { defaultErrorMessage, findDeclaration, permissionFor } from '../resources';
import { createAccessControlProvider, type AccessPolicy } from './access-control-provider';
import { createAuthProvider } from './auth-provider';
import { createDataProvider } from './data-provider';
import { createHttpClient } from './http-client';
import { createSession } from './session';

/** The app's single instances of the providers (tests build their own from the factories). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, placeholderData: keepPreviousData } },
});

export const session = createSession(window.localStorage);

let sessionExpiredHandler: () => void = () => window.location.assign(LOGIN_ROUTE);

/** The router registers how to go to /login once it is mounted (a full page load before that). */
export function setSessionExpiredHandler(handler: () => void): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = () => window.location.assign(LOGIN_ROUTE);
  };
}

function forgetPreviousUser(): void {
  accessControlProvider.reset();
  queryClient.removeQueries({ queryKey: ['access'] });
  queryClient.removeQueries({ queryKey: ['data'] });
}

export const http = createHttpClient({
  baseURL: API_URL,
  session,
  onSessionExpired: () => {
    forgetPreviousUser();
    sessionExpiredHandler();
  },
});

export const dataProvider = createDataProvider({ http, apiUrl: API_URL, findDeclaration, defaultErrorMessage });

export const accessControlProvider = createAccessControlProvider({
  fetchPolicy: async () => (await http.get<AccessPolicy>('/access-policy')).data,
  session,
  permissionFor,
});

export const authProvider = createAuthProvider({
  http,
  session,
  onSessionChange: forgetPreviousUser,
  homeRoute: HOME_ROUTE,
  loginRoute: LOGIN_ROUTE,
});
