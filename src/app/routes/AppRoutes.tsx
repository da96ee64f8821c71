import { Authenticated } from '@refinedev/core';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { LOGIN_ROUTE } from '../config';
import { AlreadySignedIn } from './AlreadySignedIn';
import { BackOfficeLayout } from './back-office-layout';
import { backOfficeRoutes } from './back-office-routes';
import { GuardedPage } from './GuardedPage';
import { LoadErrorBoundary } from './LoadErrorBoundary';
import { PageLoading } from './PageLoading';
import { retryableLazy as lazy } from './retryable-lazy';
import { ScreenLoadFailed } from './ScreenLoadFailed';

const LandingPage = lazy(() => import('../pages/public/LandingPage'));
const ComingSoonPage = lazy(() => import('../pages/public/ComingSoonPage'));
const TermsPage = lazy(() => import('../pages/public/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/public/PrivacyPage'));
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../pages/login/ForgotPasswordPage'));
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage'));

/** Public pages, /login, the back-office behind sign-in (each screen also behind the policy), and 404. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // A page whose code could not be downloaded (the layout itself, a public page) says so and comes back by itself.
  return (
    <LoadErrorBoundary resetKey={pathname} fallback={ScreenLoadFailed}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/coming-soon" element={<ComingSoonPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route
            path={LOGIN_ROUTE}
            element={
              <Authenticated key="login" fallback={<LoginPage />} loading={<PageLoading />}>
                <AlreadySignedIn />
              </Authenticated>
            }
          />
          <Route
            element={
              <Authenticated key="back-office" redirectOnFail={LOGIN_ROUTE} loading={<PageLoading />}>
                <BackOfficeLayout />
              </Authenticated>
            }
          >
            {backOfficeRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<GuardedPage route={route} />} />
            ))}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </LoadErrorBoundary>
  );
}
