import { useCustom } from '@refinedev/core';
import { INVENTORY_BY_CITY_PAGE_SIZE } from '../../../../domain/constants';
import type { InventoryRecord } from '../shared/types';

export type CityInventoryResponse = {
  city?: { _id: string; name: string };
  warehouses: { warehouse_id: string; warehouse_name: string; inventory: InventoryRecord[] }[];
  pagination: { total: number; limit: number; skip: number; current_page: number; total_pages: number };
};

/** GET /inventory/by-city/{cityId}: the API pages the city's warehouses, three a page, each with all its rows. */
export function useCityInventory(cityId: string, warehouseId: string | undefined, page: number) {
  const { result, query } = useCustom<CityInventoryResponse>({
    url: `/inventory/by-city/${encodeURIComponent(cityId)}`,
    method: 'get',
    config: { query: { limit: INVENTORY_BY_CITY_PAGE_SIZE, skip: (page - 1) * INVENTORY_BY_CITY_PAGE_SIZE, warehouse_id: warehouseId } },
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch inventory' },
  });
  const body = query.isSuccess ? result.data : undefined;
  const groups = body?.warehouses ?? [];
  return {
    city: body?.city,
    warehouseCount: body?.pagination?.total ?? 0,
    page: body?.pagination?.current_page ?? page,
    /** The rows of this page's warehouses, flattened, each carrying its warehouse name. */
    rows: groups.flatMap((g) => g.inventory.map((record) => ({ ...record, warehouse_name: record.warehouse_name ?? g.warehouse_name }))),
    /** This page's warehouses (also those without rows): 'Add Inventory' falls back to the first. */
    warehouses: groups.map((g) => ({ _id: g.warehouse_id, name: g.warehouse_name })),
    isLoading: query.isLoading,
    error: query.error,
  };
}
