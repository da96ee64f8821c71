import { useCustom } from '@refinedev/core';
import type { InventoryRecord } from '../shared/types';

/** GET /inventory/lookup: the balance of one product in one warehouse; a 404 means it has none yet (null). */
export function useStockLookup(productId: string | undefined, warehouseId: string | undefined) {
  const enabled = !!productId && !!warehouseId;
  const { result, query } = useCustom<InventoryRecord>({
    url: '/inventory/lookup',
    method: 'get',
    config: { query: { product_id: productId, warehouse_id: warehouseId } },
    queryOptions: { enabled, retry: false, placeholderData: undefined },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch inventory' },
  });
  const missing = query.error?.statusCode === 404;
  return {
    record: enabled && query.isSuccess ? result.data : null,
    missing: enabled && missing,
    isLoading: enabled && query.isFetching,
    error: enabled && query.error && !missing ? query.error : null,
  };
}
