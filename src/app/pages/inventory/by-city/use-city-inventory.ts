import { useCustom } from '@refinedev/core';
import { INVENTORY_BY_CITY_PAGE_SIZE, MAX_LIST_LIMIT } from '../../../../domain/constants';
import type { InventoryRecord } from '../shared/types';

export type CityInventoryResponse = {
  city?: { _id: string; name: string };
  warehouses: { warehouse_id: string; warehouse_name: string; inventory: InventoryRecord[] }[];
  pagination: { total: number; limit: number; skip: number; current_page: number; total_pages: number };
};

/**
 * GET /inventory/by-city/{cityId}: the API pages inventory rows, while this screen pages WAREHOUSES, three at a
 * time, each with all its rows. So it asks once for up to 1000 rows and pages the warehouse groups here;
 * `truncated` says when the city holds more rows than that.
 */
export function useCityInventory(cityId: string, warehouseId: string | undefined, page: number) {
  const { result, query } = useCustom<CityInventoryResponse>({
    url: `/inventory/by-city/${encodeURIComponent(cityId)}`,
    method: 'get',
    config: { query: { limit: MAX_LIST_LIMIT, skip: 0, warehouse_id: warehouseId } },
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch inventory' },
  });
  const body = query.isSuccess ? result.data : undefined;
  const groups = body?.warehouses ?? [];
  const pageCount = Math.max(1, Math.ceil(groups.length / INVENTORY_BY_CITY_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = groups.slice((current - 1) * INVENTORY_BY_CITY_PAGE_SIZE, current * INVENTORY_BY_CITY_PAGE_SIZE);
  const loaded = groups.reduce((n, g) => n + g.inventory.length, 0);
  return {
    city: body?.city,
    warehouseCount: groups.length,
    page: current,
    /** The rows of this page's warehouses, flattened, each carrying its warehouse name. */
    rows: shown.flatMap((g) => g.inventory.map((record) => ({ ...record, warehouse_name: record.warehouse_name ?? g.warehouse_name }))),
    truncated: (body?.pagination?.total ?? 0) > loaded,
    isLoading: query.isLoading,
    error: query.error,
  };
}
