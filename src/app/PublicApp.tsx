import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { HOME_ROUTE, LOGIN_ROUTE } from './config';
import { safeRedirect } from './pages/login/safe-redirect';
import { session } from './providers/sign-in';
import { decodeToken, isTokenExpired } from './providers/token';
import { LoadErrorBoundary } from './routes/LoadErrorBoundary';
import { PlainLoadFailed } from './routes/PlainLoadFailed';
import { retryableLazy as lazy } from './routes/retryable-lazy';

const LandingPage = lazy(() => import('./pages/public/LandingPage'));
const ComingSoonPage = lazy(() => import('./pages/public/ComingSoonPage'));
const TermsPage = lazy(() => import('./pages/public/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/public/PrivacyPage'));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const ForgotPasswordPage = lazy(() => import('./pages/login/ForgotPasswordPage'));
const Themed = lazy(() => import('./pages/public/Themed'));

const themed = (page: ReactNode) => <Themed>{page}</Themed>;

/** A quiet placeholder while a page's code arrives (antd's spinner would bring antd to /login). */
const PageLoading = () => <div role="status" aria-busy="true" style={{ minHeight: 240 }} />;

/** Any other path is the back-office's: a full load brings its code (the public pages never carry it). */
function BackOffice({ to }: { to?: string }) {
  const { pathname, search } = useLocation();
  const target = to ?? `${pathname}${search}`;
  useEffect(() => window.location.replace(target), [target]);
  return <PageLoading />;
}

/** /login while signed in goes straight on, like the back-office's own /login does. */
function Login() {
  const { search } = useLocation();
  const claims = decodeToken(session.accessToken());
  if (!claims || isTokenExpired(claims)) return <LoginPage />;
  const target = safeRedirect(new URLSearchParams(search).get('to')) ?? HOME_ROUTE;
  return <BackOffice to={target} />;
}

/**
 * The public pages and /login as a first page: React and the router, without Refine, the resources or any
 * back-office screen; antd comes with the public pages that use it, not with /login (main.tsx picks this app or
 * the back-office by the path of the first load).
 */
export function PublicApp() {
  return (
    <BrowserRouter>
      <PublicRoutes />
    </BrowserRouter>
  );
}

function PublicRoutes() {
  const { pathname } = useLocation();
  return (
    <LoadErrorBoundary resetKey={pathname} fallback={PlainLoadFailed}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={themed(<LandingPage />)} />
          <Route path="/coming-soon" element={themed(<ComingSoonPage />)} />
          <Route path="/terms" element={themed(<TermsPage />)} />
          <Route path="/privacy" element={themed(<PrivacyPage />)} />
          <Route path="/forgot-password" element={themed(<ForgotPasswordPage />)} />
          <Route path={LOGIN_ROUTE} element={<Login />} />
          <Route path="*" element={<BackOffice />} />
        </Routes>
      </Suspense>
    </LoadErrorBoundary>
  );
}
