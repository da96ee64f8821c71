import type { CrudFilter } from '@refinedev/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The inventory list filters of SPEC.md section 7, as the API names them. */
export type InventoryFilters = {
  product_name?: string;
  location?: string;
  warehouse?: string;
  low_stock_only?: boolean;
  out_of_stock_only?: boolean;
};

const TEXT_KEYS = ['product_name', 'location', 'warehouse'] as const;
const FLAG_KEYS = ['low_stock_only', 'out_of_stock_only'] as const;

function read(params: URLSearchParams): InventoryFilters {
  const filters: InventoryFilters = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  for (const key of FLAG_KEYS) if (params.get(key) === 'true') filters[key] = true;
  return filters;
}

/** Only truthy filters are written (and sent): SPEC.md section 7. */
function write(filters: InventoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  for (const key of FLAG_KEYS) if (filters[key]) params.set(key, 'true');
  return params;
}

/**
 * The applied filters and page live in the URL (`/inventory?warehouse=…&low_stock_only=true&page=2`), so a
 * reload, the back button or a shared link show the same list.
 */
export function useInventoryUrlFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const applied = useMemo(() => read(new URLSearchParams(search)), [search]);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const crudFilters = useMemo<CrudFilter[]>(
    () => [
      { field: 'product_name', operator: 'contains', value: applied.product_name },
      { field: 'location', operator: 'contains', value: applied.location },
      { field: 'warehouse', operator: 'eq', value: applied.warehouse },
      { field: 'low_stock_only', operator: 'eq', value: applied.low_stock_only },
      { field: 'out_of_stock_only', operator: 'eq', value: applied.out_of_stock_only },
    ],
    [applied],
  );

  return {
    applied,
    crudFilters,
    page,
    /** New filters start again at page 1. */
    apply: (filters: InventoryFilters) => setParams(write(filters)),
    clear: () => setParams(new URLSearchParams()),
    setPage: (next: number) => {
      const updated = write(applied);
      if (next > 1) updated.set('page', String(next));
      setParams(updated);
    },
  };
}
