import { useCustom } from '@refinedev/core';
import type { DashboardSummary } from '../../../domain/dashboard';
import { useLiveRefresh } from '../../live/use-live-refresh';

export type { DashboardSummary };

/** What the dashboard's figures and panels are made of. */
const DASHBOARD_RESOURCES = ['products', 'users', 'inventory', 'warehouses', 'cities', 'transfers', 'purchase-orders'];

export function useDashboardSummary() {
  const { result, query } = useCustom<DashboardSummary>({
    url: '/dashboard/summary',
    method: 'get',
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch dashboard' },
  });
  useLiveRefresh({ screen: 'dashboard', resources: DASHBOARD_RESOURCES, refetch: query.refetch });
  return {
    summary: query.isSuccess ? result.data : undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}
