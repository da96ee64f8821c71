import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_ROUTE } from '../config';
import { setSessionExpiredHandler } from '../providers';

/** When the server refuses the refresh token, go to /login and come back to this page after signing in. */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        const { pathname, search } = window.location;
        if (pathname === LOGIN_ROUTE) return;
        navigate(`${LOGIN_ROUTE}?to=${encodeURIComponent(pathname + search)}`, { replace: true });
      }),
    [navigate],
  );
  return null;
}
