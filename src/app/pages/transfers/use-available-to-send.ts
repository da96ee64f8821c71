import { useCustom } from '@refinedev/core';
import type { BatchRow } from '../../../domain/schemas/batches';
import { useStockLookup } from '../inventory/stock/use-stock-lookup';

/**
 * What the source can send of a product: what dispatch would take. A product held in batches sends only its unexpired
 * ones (expired stock stays to be written off), so its batches are read to leave the expired units out.
 */
export function useAvailableToSend(productId: string | undefined, warehouseId: string | undefined) {
  const { record, missing, isLoading } = useStockLookup(productId, warehouseId);
  const tracked = !!record?.tracks_expiry;
  const { result, query } = useCustom<{ data: BatchRow[] }>({
    url: `/inventory/${record?._id}/batches`,
    method: 'get',
    queryOptions: { enabled: tracked, retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch inventory' },
  });
  if (!record) return { available: missing ? 0 : undefined, expired: 0, isLoading };
  if (!tracked) return { available: record.current_stock, expired: 0, isLoading };
  const batches = query.isSuccess ? result.data.data : undefined;
  const sum = (rows: BatchRow[]) => rows.reduce((total, b) => total + b.current_stock, 0);
  return {
    available: batches && sum(batches.filter((b) => !b.expired)),
    expired: batches ? sum(batches.filter((b) => b.expired)) : 0,
    isLoading: isLoading || query.isFetching,
  };
}
