import type { CrudFilter } from '@refinedev/core';
import { filterValue } from '../../../crud/list/table-filters';

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

/** The form's values as the table's filters: only truthy ones, so only they are sent and shown in the URL (SPEC.md section 7). */
export function toCrudFilters(filters: InventoryFilters): CrudFilter[] {
  const crud: CrudFilter[] = [];
  for (const key of TEXT_KEYS) {
    const value = filters[key]?.trim();
    if (value) crud.push({ field: key, operator: key === 'warehouse' ? 'eq' : 'contains', value });
  }
  for (const key of FLAG_KEYS) if (filters[key]) crud.push({ field: key, operator: 'eq', value: true });
  return crud;
}

/** The table's filters (from the URL: `?warehouse=…&low_stock_only=true`) as the form's values. */
export function fromCrudFilters(crud: CrudFilter[]): InventoryFilters {
  const filters: InventoryFilters = {};
  for (const key of TEXT_KEYS) {
    const text = filterValue(crud, key).trim();
    if (text) filters[key] = text;
  }
  for (const key of FLAG_KEYS) if (filterValue(crud, key) === 'true') filters[key] = true;
  return filters;
}
