import { Authenticated } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LOGIN_ROUTE } from '../config';
import { AlreadySignedIn } from './AlreadySignedIn';
import { backOfficeRoutes } from './back-office-routes';
import { GuardedPage } from './GuardedPage';
import { PageLoading } from './PageLoading';

const LandingPage = lazy(() => import('../pages/public/LandingPage'));
const ComingSoonPage = lazy(() => import('../pages/public/ComingSoonPage'));
const TermsPage = lazy(() => import('../pages/public/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/public/PrivacyPage'));
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../pages/login/ForgotPasswordPage'));
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage'));
const BackOfficeLayout = lazy(() => import('../layout/BackOfficeLayout'));

/** Public pages, /login, the back-office behind sign-in (each screen also behind the policy), and 404. */
export function AppRoutes() {
  return (
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
  );
}
