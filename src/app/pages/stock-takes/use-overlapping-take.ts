import { useList } from '@refinedev/core';
import type { StockTake } from './types';

/**
 * Two stock takes of one warehouse count the same products when they are of the same category or either covers every
 * product: the rule the API enforces when one starts (409 naming the open one).
 */
export const countsSameProducts = (open: Pick<StockTake, 'category_id'>, categoryId: string | undefined): boolean =>
  !open.category_id || !categoryId || open.category_id === categoryId;

/** The open stock take of this warehouse that a new one of `categoryId` (undefined: every product) would overlap. */
export function useOverlappingTake(warehouseId: string | undefined, categoryId: string | undefined) {
  const { result, query } = useList<StockTake>({
    resource: 'stock-takes',
    filters: [
      { field: 'status', operator: 'eq', value: 'open' },
      { field: 'warehouse_id', operator: 'eq', value: warehouseId },
    ],
    pagination: { mode: 'off' },
    queryOptions: { enabled: Boolean(warehouseId) },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch stock takes' },
  });
  if (!warehouseId || !query.data) return undefined;
  // The oldest first, as the API names it.
  return [...result.data].reverse().find((open) => open.warehouse_id === warehouseId && countsSameProducts(open, categoryId));
}
