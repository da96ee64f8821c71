import { useCustom } from '@refinedev/core';
import { INVENTORY_BY_CITY_PAGE_SIZE, INVENTORY_BY_CITY_ROWS } from '../../../../domain/constants';
import { useT } from '../../../i18n/use-t';
import type { InventoryRecord } from '../shared/types';

export type RowsPagination = { total: number; limit: number; skip: number; current_page: number; total_pages: number };
export type WarehouseGroup = { warehouse_id: string; warehouse_name: string; inventory: InventoryRecord[]; inventory_pagination: RowsPagination };

export type CityInventoryResponse = {
  city?: { _id: string; name: string };
  warehouses: WarehouseGroup[];
  pagination: { total: number; limit: number; skip: number; current_page: number; total_pages: number };
};

const withWarehouseName = (group: WarehouseGroup) =>
  group.inventory.map((record) => ({ ...record, warehouse_name: record.warehouse_name ?? group.warehouse_name }));

/**
 * GET /inventory/by-city/{cityId}: the API pages the city's warehouses (three a page) and, inside each, its rows
 * (the first page of each comes with the city's answer); `q` searches the products of the whole view.
 */
export function useCityInventory(cityId: string, warehouseId: string | undefined, page: number, q: string | undefined) {
  const { t } = useT();
  const { result, query } = useCustom<CityInventoryResponse>({
    url: `/inventory/by-city/${encodeURIComponent(cityId)}`,
    method: 'get',
    config: {
      query: {
        limit: INVENTORY_BY_CITY_PAGE_SIZE,
        skip: (page - 1) * INVENTORY_BY_CITY_PAGE_SIZE,
        warehouse_id: warehouseId,
        q,
        rows_limit: INVENTORY_BY_CITY_ROWS,
      },
    },
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: t('inventory.fetchFailed') },
  });
  const body = query.isSuccess ? result.data : undefined;
  const groups = (body?.warehouses ?? []).map((g) => ({ ...g, inventory: withWarehouseName(g) }));
  return {
    city: body?.city,
    warehouseCount: body?.pagination?.total ?? 0,
    page: body?.pagination?.current_page ?? page,
    /** This page's warehouses (also those without rows), each with its first page of rows. */
    groups,
    /** The first row shown, if any: 'Add Inventory' uses its warehouse. */
    firstRow: groups.find((g) => g.inventory.length > 0)?.inventory[0],
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}

/** A further page of one warehouse's rows (page 1 came with the city's answer: nothing is fetched for it). */
export function useWarehouseRows(cityId: string, group: WarehouseGroup, page: number, q: string | undefined) {
  const { t } = useT();
  const { result, query } = useCustom<CityInventoryResponse>({
    url: `/inventory/by-city/${encodeURIComponent(cityId)}`,
    method: 'get',
    config: {
      query: { warehouse_id: group.warehouse_id, q, rows_limit: INVENTORY_BY_CITY_ROWS, rows_skip: (page - 1) * INVENTORY_BY_CITY_ROWS },
    },
    queryOptions: { retry: false, enabled: page > 1 },
    errorNotification: false,
    meta: { errorMessage: t('inventory.fetchFailed') },
  });
  const fetched = page > 1 && query.isSuccess ? result.data?.warehouses[0] : undefined;
  return {
    rows: page === 1 ? group.inventory : fetched ? withWarehouseName(fetched) : [],
    total: fetched?.inventory_pagination.total ?? group.inventory_pagination.total,
    isLoading: page > 1 && query.isFetching,
    error: page > 1 ? query.error : null,
    refetch: query.refetch,
  };
}
