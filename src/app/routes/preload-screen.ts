import { matchRoutes } from 'react-router';
import { accessControlProvider } from '../providers';
import { session } from '../providers/sign-in';
import { decodeToken, isTokenExpired } from '../providers/token';
import { backOfficeRoutes } from './back-office-routes';
import { BackOfficeLayout } from './back-office-layout';

const routeObjects = backOfficeRoutes.map((route) => ({ path: route.path, route }));

/**
 * A cold load of a back-office screen asks at once for what it will need: the layout's code, the screen's code and the
 * user's policy. Rendered in turn, each waited for the one before it (app, then layout, then policy, then screen, then
 * its data): four round trips before the data was even asked for, on a phone's network.
 * Only for a signed-in user with a live token: one signed out goes to /login, and an expired token is refreshed by the
 * sign-in check first (the policy read would otherwise refresh it a second time).
 */
export function preloadScreen(pathname: string): void {
  const claims = decodeToken(session.accessToken());
  if (!claims || isTokenExpired(claims)) return;
  void accessControlProvider.policy()?.catch(() => undefined);
  BackOfficeLayout.preload();
  matchRoutes(routeObjects, pathname)?.[0]?.route.route.page.preload();
}
