import { CanAccess } from '@refinedev/core';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { ForbiddenPage } from '../pages/errors/ForbiddenPage';
import { PageLoading } from './PageLoading';
import { LoadErrorBoundary } from './LoadErrorBoundary';
import { ScreenLoadFailed } from './ScreenLoadFailed';
import type { BackOfficeRoute } from './back-office-routes';

/**
 * The access policy in front of one screen: the page, or the 403 page when the role may not open it. A screen that
 * fails (its code could not be downloaded) shows a message with Retry in its place, inside the layout.
 */
export function GuardedPage({ route }: { route: BackOfficeRoute }) {
  const Page = route.page;
  const { pathname } = useLocation();
  return (
    <CanAccess resource={route.resource} action={route.action} fallback={<ForbiddenPage />}>
      <LoadErrorBoundary resetKey={pathname} fallback={ScreenLoadFailed}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </LoadErrorBoundary>
    </CanAccess>
  );
}
