import { useCustom } from '@refinedev/core';
import { useT } from '../../../i18n/use-t';
import type { InventoryRecord } from '../shared/types';

/**
 * The balance of one product in one warehouse, from the inventory list filtered to that pair: a product with
 * no record there yet is an empty list (`missing`), an expected answer rather than a 404 logged as an error.
 */
export function useStockLookup(productId: string | undefined, warehouseId: string | undefined) {
  const { t } = useT();
  const enabled = !!productId && !!warehouseId;
  const { result, query } = useCustom<{ data: InventoryRecord[] }>({
    url: '/inventory',
    method: 'get',
    config: { query: { product_id: productId, warehouse_id: warehouseId, limit: 1 } },
    queryOptions: { enabled, retry: false, placeholderData: undefined },
    errorNotification: false,
    meta: { errorMessage: t('inventory.fetchFailed') },
  });
  const record = enabled && query.isSuccess ? (result.data?.data?.[0] ?? null) : null;
  return {
    record,
    missing: enabled && query.isSuccess && !record,
    isLoading: enabled && query.isFetching,
    error: enabled && query.error ? query.error : null,
  };
}
