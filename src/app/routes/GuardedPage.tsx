import { CanAccess } from '@refinedev/core';
import { Suspense } from 'react';
import { ForbiddenPage } from '../pages/errors/ForbiddenPage';
import { PageLoading } from './PageLoading';
import type { BackOfficeRoute } from './back-office-routes';

/** The access policy in front of one screen: the page, or the 403 page when the role may not open it. */
export function GuardedPage({ route }: { route: BackOfficeRoute }) {
  const Page = route.page;
  return (
    <CanAccess resource={route.resource} action={route.action} fallback={<ForbiddenPage />}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </CanAccess>
  );
}
