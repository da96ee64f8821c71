import { useCustom } from '@refinedev/core';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveRefresh } from '../../../live/use-live-refresh';
import { http } from '../../../providers/sign-in';
import type { SalePurchaseItem, SalePurchaseQuery, SalePurchaseReport, SalePurchaseSection } from './types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Days a page holds, and movements a day shows at first and per 'Show more' (the API's defaults). */
export const DAYS_PER_PAGE = 31;
export const ITEMS_PER_PAGE = 20;

/** The report asked for, and its page of days, live in the URL: a reload or a shared link shows them again. */
export function useSalePurchaseQuery() {
  const [params, setParams] = useSearchParams();
  const warehouse_id = params.get('warehouse_id') ?? '';
  const start_date = params.get('start_date') ?? '';
  const end_date = params.get('end_date') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applied: SalePurchaseQuery | null = warehouse_id && DAY.test(start_date) && DAY.test(end_date) ? { warehouse_id, start_date, end_date } : null;
  const pageParams = (q: SalePurchaseQuery, p: number) => new URLSearchParams({ ...q, ...(p > 1 ? { page: String(p) } : {}) });
  return {
    applied,
    page,
    apply: (q: SalePurchaseQuery) => setParams(pageParams(q, 1)),
    goTo: (p: number) => applied && setParams(pageParams(applied, p)),
    search: params.toString(),
  };
}

/** GET /reports/warehouse-sale-purchase, only once all three filters are set. */
export function useSalePurchaseReport(applied: SalePurchaseQuery | null, page = 1) {
  const { result, query } = useCustom<SalePurchaseReport>({
    url: '/reports/warehouse-sale-purchase',
    method: 'get',
    config: { query: applied ? { ...applied, page, limit: DAYS_PER_PAGE, items_limit: ITEMS_PER_PAGE } : {} },
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

/**
 * A day's movements beyond the first ones the report brought, a page at a time (GET /reports/warehouse-sale-purchase/
 * items), kept per day until the report is read again.
 */
export function useMoreItems(report: SalePurchaseReport | undefined, section: SalePurchaseSection) {
  const [more, setMore] = useState<Record<string, SalePurchaseItem[]>>({});
  const [loading, setLoading] = useState<string | null>(null);
  useEffect(() => setMore({}), [report]);
  /** Loads the day's next page; false when it could not be read. */
  const loadMore = useCallback(
    async (day: string): Promise<boolean> => {
      if (!report) return true;
      const shown = (report[section][day]?.items.length ?? 0) + (more[day]?.length ?? 0);
      setLoading(day);
      try {
        const { data } = await http.get<{ data: SalePurchaseItem[] }>('/reports/warehouse-sale-purchase/items', {
          params: { warehouse_id: report.warehouse_id, day, section, page: Math.floor(shown / ITEMS_PER_PAGE) + 1, limit: ITEMS_PER_PAGE },
        });
        setMore((m) => ({ ...m, [day]: [...(m[day] ?? []), ...data.data] }));
        return true;
      } catch {
        return false;
      } finally {
        setLoading(null);
      }
    },
    [report, section, more],
  );
  return { more, loadMore, loading };
}
