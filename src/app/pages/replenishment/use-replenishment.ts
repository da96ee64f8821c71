import { useCustom, useCustomMutation, useDataProvider } from '@refinedev/core';
import { useSearchChange } from '../../routes/use-search-change';
import type { ReplenishmentAnswer, ReplenishmentOrdersAnswer, ReplenishmentRow } from '../../../domain/schemas/replenishment';
import { useIdempotencyKey } from '../inventory/stock/idempotency-key';

export const PAGE_SIZE = 50;
/** 'All matching' reads the suggestions a page of the API's largest at a time. */
const ALL_PAGE = 100;

type View = { warehouseId?: string; sellerId?: string; categoryId?: string; page: number };
type Change = Partial<Record<'warehouse_id' | 'seller_id' | 'category_id' | 'page', string | undefined>>;

/** The screen's view, kept in the URL: warehouse, the two filters and the page. */
export function useReplenishmentView() {
  const { params, change } = useSearchChange<keyof Change>();
  const view: View = {
    warehouseId: params.get('warehouse_id') || undefined,
    sellerId: params.get('seller_id') || undefined,
    categoryId: params.get('category_id') || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  return { view, change };
}

const queryOf = (view: View) => ({
  warehouse_id: view.warehouseId,
  ...(view.sellerId && { seller_id: view.sellerId }),
  ...(view.categoryId && { category_id: view.categoryId }),
});

/** GET /replenishment: one page of the warehouse's suggestions (nothing is asked before a warehouse is chosen). */
export function useSuggestions(view: View) {
  const { result, query } = useCustom<ReplenishmentAnswer>({
    url: '/replenishment',
    method: 'get',
    config: { query: { ...queryOf(view), page: view.page, limit: PAGE_SIZE } },
    queryOptions: { enabled: !!view.warehouseId, retry: false, placeholderData: (previous) => previous },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch the replenishment suggestions' },
  });
  // Before the first answer Refine's result holds an empty object, not the body.
  const answer = Array.isArray((result.data as Partial<ReplenishmentAnswer> | undefined)?.data) ? result.data : undefined;
  return { answer, isLoading: query.isLoading, isFetching: query.isFetching, error: query.error, refetch: query.refetch };
}

/** Every suggestion of the view, for 'select all matching'. */
export function useAllSuggestions(view: View) {
  const dataProvider = useDataProvider()();
  return async (): Promise<ReplenishmentRow[]> => {
    const rows: ReplenishmentRow[] = [];
    for (let page = 1; ; page++) {
      const { data } = await dataProvider.custom!<ReplenishmentAnswer>({
        url: '/replenishment',
        method: 'get',
        query: { ...queryOf(view), page, limit: ALL_PAGE },
      });
      rows.push(...data.data);
      if (data.data.length < ALL_PAGE || rows.length >= data.total) return rows;
    }
  };
}

export type OrderLine = { product_id: string; quantity: number };

/** POST /replenishment/orders: the same lines sent again (a double click, a retry) carry the same Idempotency-Key. */
export function useCreateOrders() {
  const { mutateAsync, mutation } = useCustomMutation<ReplenishmentOrdersAnswer>();
  const keys = useIdempotencyKey();
  const create = async (warehouseId: string, lines: OrderLine[]) => {
    const values = { warehouse_id: warehouseId, lines };
    const { data } = await mutateAsync({
      url: '/replenishment/orders',
      method: 'post',
      values,
      config: { headers: { 'Idempotency-Key': keys.keyFor(values) } },
      successNotification: false,
      errorNotification: false,
    });
    return data;
  };
  return { create, busy: mutation.isPending };
}
