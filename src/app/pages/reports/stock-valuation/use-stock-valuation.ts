import { useCustom } from '@refinedev/core';
import { useLiveRefresh } from '../../../live/use-live-refresh';
import { useSearchChange } from '../../../routes/use-search-change';
import { VALUATION_GROUPS, type ValuationGroup, type ValuationRow } from '../../../../domain/schemas/valuation';
import { businessDay } from '../../../../domain/business-days';

export type { ValuationRow };
export type ValuationAnswer = {
  as_of: string;
  group_by: ValuationGroup;
  data: ValuationRow[];
  total: number;
  totals: { quantity: number; stock_value?: number };
};

export const PAGE_SIZE = 50;

/** The report's view, kept in the URL: as-of day, filters, grouping, page and sort. */
export function useValuationView() {
  const { params, change } = useSearchChange<'as_of' | 'warehouse_id' | 'category_id' | 'group_by' | 'page' | 'sort' | 'order'>();
  const group = params.get('group_by');
  const view = {
    asOf: params.get('as_of') || businessDay(new Date()),
    warehouseId: params.get('warehouse_id') || undefined,
    categoryId: params.get('category_id') || undefined,
    groupBy: (VALUATION_GROUPS as readonly string[]).includes(group ?? '') ? (group as ValuationGroup) : 'product',
    page: Math.max(1, Number(params.get('page')) || 1),
    sort: params.get('sort') || undefined,
    order: params.get('order') === 'desc' ? ('desc' as const) : params.get('order') === 'asc' ? ('asc' as const) : undefined,
  };
  return { view, change };
}

/** The API query of a view (the CSV download takes the same, without page). */
export const valuationQuery = (view: ReturnType<typeof useValuationView>['view']) => ({
  as_of: view.asOf,
  group_by: view.groupBy,
  ...(view.warehouseId && { warehouse_id: view.warehouseId }),
  ...(view.categoryId && { category_id: view.categoryId }),
  ...(view.sort && { sort: view.sort, order: view.order ?? 'asc' }),
});

/** GET /reports/stock-valuation: one page of the view, with the totals of all of it. */
export function useStockValuation(view: ReturnType<typeof useValuationView>['view']) {
  const { result, query } = useCustom<ValuationAnswer>({
    url: '/reports/stock-valuation',
    method: 'get',
    config: { query: { ...valuationQuery(view), page: view.page, limit: PAGE_SIZE } },
    queryOptions: { retry: false, placeholderData: (previous) => previous },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch the stock valuation' },
  });
  useLiveRefresh({ screen: 'stock-valuation', resources: ['inventory', 'products', 'categories', 'warehouses'], refetch: query.refetch });
  // Before the first answer Refine's result holds an empty object, not the body.
  const answer = (result.data as Partial<ValuationAnswer> | undefined)?.totals ? (result.data as ValuationAnswer) : undefined;
  return { answer, isLoading: query.isLoading, isFetching: query.isFetching, error: query.error, refetch: query.refetch };
}
