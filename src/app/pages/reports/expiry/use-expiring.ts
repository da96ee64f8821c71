import { useCustom } from '@refinedev/core';
import type { ExpiringRow, ExpiryWindowKey, ExpiryWindowTotal } from '../../../../domain/schemas/batches';
import { useLiveRefresh } from '../../../live/use-live-refresh';

export type ExpiringAnswer = {
  data: ExpiringRow[];
  total: number;
  total_quantity: number;
  total_value: number;
  page: number;
  limit: number;
  /** Every window's batches, units and value over all matching batches (whatever the page or window asked for). */
  windows: ExpiryWindowTotal[];
};

type Params = {
  days: number;
  includeExpired: boolean;
  warehouseId?: string;
  window?: ExpiryWindowKey;
  page?: number;
  limit?: number;
  enabled?: boolean;
};

/** The query of GET /inventory/expiring and of its CSV download. */
export const expiringFilters = (params: Params) => ({
  days: params.days,
  include_expired: String(params.includeExpired),
  ...(params.warehouseId && { warehouse_id: params.warehouseId }),
  ...(params.window && { window: params.window }),
});

/** GET /inventory/expiring: a page of batches holding stock that expire within `days` (expired ones too when asked). */
export function useExpiring(params: Params) {
  const { result, query } = useCustom<ExpiringAnswer>({
    url: '/inventory/expiring',
    method: 'get',
    config: { query: { ...expiringFilters(params), page: params.page ?? 1, limit: params.limit ?? 50 } },
    queryOptions: { enabled: params.enabled ?? true, retry: false, placeholderData: (previous) => previous },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch expiring stock' },
  });
  useLiveRefresh({ screen: 'expiring', resources: ['inventory'], refetch: query.refetch, enabled: params.enabled ?? true });
  return {
    answer: query.data ? (result.data as ExpiringAnswer | undefined) : undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}
