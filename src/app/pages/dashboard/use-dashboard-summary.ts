import { useCustom } from '@refinedev/core';
import type { DashboardSummary } from '../../../domain/dashboard';

export type { DashboardSummary };

export function useDashboardSummary() {
  const { result, query } = useCustom<DashboardSummary>({
    url: '/dashboard/summary',
    method: 'get',
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch dashboard' },
  });
  return {
    summary: query.isSuccess ? result.data : undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}
