import { Navigate, useSearchParams } from 'react-router';
import { HOME_ROUTE } from '../config';
import { safeRedirect } from '../pages/login/safe-redirect';

/**
 * /login for someone already signed in: straight on to the page asked for, else the dashboard. The same
 * target the login form goes to, so the two redirects never pull in different directions.
 */
export function AlreadySignedIn() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('to')) ?? HOME_ROUTE} replace />;
}
