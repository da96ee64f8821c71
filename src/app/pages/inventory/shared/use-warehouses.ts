import { useSelect } from '@refinedev/core';
import type { Warehouse } from './types';

/**
 * Every warehouse (GET /warehouses, one request of up to 1000 rows, sorted by name) as select options and as
 * records, so a screen can also find a warehouse's city without another request. Selects filter in the
 * browser: there are few warehouses, and typing should not wait for the network.
 */
export function useWarehouses() {
  const { options, query } = useSelect<Warehouse>({
    resource: 'warehouses',
    optionLabel: 'name',
    optionValue: '_id',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  const warehouses = query.data?.data ?? [];
  return {
    warehouses,
    find: (id: string | undefined | null) => (id ? warehouses.find((w) => w._id === id) : undefined),
    options: options.map((o) => ({ label: String(o.label), value: String(o.value) })),
    isLoading: query.isLoading,
    error: query.error,
  };
}
