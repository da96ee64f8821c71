import { useCustom } from '@refinedev/core';
import { useSearchParams } from 'react-router';
import { useLiveRefresh } from '../../../live/use-live-refresh';
import type { SalePurchaseQuery, SalePurchaseReport } from './types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The report asked for lives in the URL, so a reload or a shared link shows it again. */
export function useSalePurchaseQuery() {
  const [params, setParams] = useSearchParams();
  const warehouse_id = params.get('warehouse_id') ?? '';
  const start_date = params.get('start_date') ?? '';
  const end_date = params.get('end_date') ?? '';
  const applied: SalePurchaseQuery | null = warehouse_id && DAY.test(start_date) && DAY.test(end_date) ? { warehouse_id, start_date, end_date } : null;
  return { applied, apply: (q: SalePurchaseQuery) => setParams(new URLSearchParams(q)), search: params.toString() };
}

/** GET /reports/warehouse-sale-purchase, only once all three filters are set. */
export function useSalePurchaseReport(applied: SalePurchaseQuery | null) {
  const { result, query } = useCustom<SalePurchaseReport>({
    url: '/reports/warehouse-sale-purchase',
    method: 'get',
    config: { query: applied ?? {} },
    queryOptions: { enabled: !!applied, retry: false, placeholderData: undefined },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch report' },
  });
  useLiveRefresh({ screen: 'sale-purchase', resources: ['inventory', 'purchase-orders'], refetch: query.refetch, enabled: !!applied });
  return {
    report: applied && query.isSuccess ? result.data : undefined,
    isFetching: !!applied && query.isFetching,
    refetch: query.refetch,
    error: applied ? query.error : null,
  };
}
