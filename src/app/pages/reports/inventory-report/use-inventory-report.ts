import { useCustom } from '@refinedev/core';
import { useLiveRefresh } from '../../../live/use-live-refresh';
import type { InventoryReport } from './report-types';
import type { ReportFilters } from './use-report-filters';

/** GET /inventory/report with the non-empty filters (SPEC.md section 7); the product's name stays on screen. */
export function useInventoryReport({ product_name: _shownOnly, ...filters }: ReportFilters) {
  const { result, query } = useCustom<InventoryReport>({
    url: '/inventory/report',
    method: 'get',
    config: { query: filters },
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to generate report' },
  });
  useLiveRefresh({ screen: 'inventory-report', resources: ['inventory', 'products'], refetch: query.refetch });
  return {
    report: query.isSuccess ? result.data : undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    refetch: query.refetch,
    error: query.error,
  };
}
