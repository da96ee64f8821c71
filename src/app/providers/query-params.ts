import type { CrudFilter, CrudSort, Pagination } from '@refinedev/core';
import { MAX_LIST_LIMIT, PAGE_SIZE } from '../../domain/constants';

export type QueryParams = Record<string, string | number | boolean>;

/** Server-side paging is the API's `page`/`limit`; without server paging the whole list is asked for. */
export function paginationParams(pagination: Pagination | undefined): QueryParams {
  const mode = pagination?.mode ?? 'server';
  if (mode !== 'server') return { page: 1, limit: MAX_LIST_LIMIT };
  return { page: pagination?.currentPage ?? 1, limit: pagination?.pageSize ?? PAGE_SIZE };
}

/** The API sorts by one field: `sort` and `order`. */
export function sortParams(sorters: CrudSort[] | undefined): QueryParams {
  const first = sorters?.[0];
  return first ? { sort: first.field, order: first.order } : {};
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Filters become plain query parameters (`warehouse_id=...`, `q=...`), as the API's list routes read them.
 * Empty values are left out, so a cleared filter disappears from the request.
 */
export function filterParams(filters: CrudFilter[] | undefined): QueryParams {
  const params: QueryParams = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error(`Filters combined with '${filter.operator}' are not supported by the API`);
    if (!['eq', 'contains', 'in'].includes(filter.operator)) {
      throw new Error(`Filter operator '${filter.operator}' on '${filter.field}' is not supported by the API`);
    }
    if (isEmpty(filter.value)) continue;
    params[filter.field] = Array.isArray(filter.value) ? filter.value.join(',') : (filter.value as string | number | boolean);
  }
  return params;
}

/** `useCustom` query objects: empty values are left out (SPEC.md: only non-empty report filters are sent). */
export function compactQuery(query: Record<string, unknown> | undefined): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (!isEmpty(value)) params[key] = value as string | number | boolean;
  }
  return params;
}
