import { useCustom } from '@refinedev/core';
import type { ExpiringRow } from '../../../../domain/schemas/batches';
import { useLiveRefresh } from '../../../live/use-live-refresh';

export type ExpiringAnswer = { data: ExpiringRow[]; total: number; total_quantity: number; total_value: number };

/** GET /inventory/expiring: batches holding stock that expire within `days` (expired ones too when asked). */
export function useExpiring(params: { days: number; includeExpired: boolean; warehouseId?: string; enabled?: boolean }) {
  const { result, query } = useCustom<ExpiringAnswer>({
    url: '/inventory/expiring',
    method: 'get',
    config: { query: { days: params.days, include_expired: params.includeExpired, ...(params.warehouseId && { warehouse_id: params.warehouseId }) } },
    queryOptions: { enabled: params.enabled ?? true, retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch expiring stock' },
  });
  useLiveRefresh({ screen: 'expiring', resources: ['inventory'], refetch: query.refetch, enabled: params.enabled ?? true });
  return {
    answer: result.data as ExpiringAnswer | undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}
