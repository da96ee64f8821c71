import type { CrudFilter, CrudSort } from '@refinedev/core';
import { PAGE_SIZE } from '../../domain/constants';

/** What Refine's `useTable` writes to and reads from the URL when it syncs with the location. */
export type TableQuery = { currentPage?: number; pageSize?: number; sorters?: CrudSort[]; filters?: CrudFilter[] };

export type PlainQuery = Record<string, string>;

/** Refine's own table keys: a `go` whose query has one of them is a table writing its state. */
export const TABLE_KEYS = ['currentPage', 'pageSize', 'sorters', 'filters'] as const;

/** Plain parameters that are not filters: the page, the sort, a sign-in redirect (`to`), and Refine's own keys. */
const NOT_FILTERS = new Set(['page', 'pageSize', 'sort', 'order', 'to', ...TABLE_KEYS]);

/** `q` is a text search, every other filter an equality. */
export const operatorOf = (field: string) => (field === 'q' ? ('contains' as const) : ('eq' as const));

const plainValue = (value: unknown): string | null => {
  if (value === undefined || value === null || value === '' || value === false) return null;
  if (Array.isArray(value)) return value.length ? value.map(String).join(',') : null;
  return String(value);
};

/**
 * A table's state as SPEC.md's plain query parameters (`?page=2&q=milk&warehouse_id=…&sort=name&order=asc`),
 * the same names the API reads. Page 1, the default page size and empty filters are left out.
 */
export function tableQueryToPlain(query: TableQuery): PlainQuery {
  const plain: PlainQuery = {};
  for (const filter of query.filters ?? []) {
    if (!('field' in filter)) continue;
    const value = plainValue(filter.value);
    if (value !== null) plain[filter.field] = value;
  }
  const sorter = query.sorters?.[0];
  if (sorter) Object.assign(plain, { sort: sorter.field, order: sorter.order });
  if (query.currentPage && query.currentPage > 1) plain.page = String(query.currentPage);
  if (query.pageSize && query.pageSize !== PAGE_SIZE) plain.pageSize = String(query.pageSize);
  return plain;
}

const positive = (value: unknown) => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * The table state a plain URL describes: every parameter that is not the page, sort or one of `NOT_FILTERS`
 * is a filter; `q` is a text search ('contains'), the others are equalities.
 */
export function plainToTableQuery(params: Record<string, unknown>): Required<Pick<TableQuery, 'filters' | 'sorters'>> & TableQuery {
  const filters: CrudFilter[] = [];
  for (const [field, value] of Object.entries(params)) {
    // `filters[0][field]` and the like: Refine's own form, read by its own parser.
    if (NOT_FILTERS.has(field) || field.includes('[') || typeof value !== 'string' || value === '') continue;
    filters.push({ field, operator: operatorOf(field), value });
  }
  const sort = typeof params.sort === 'string' && params.sort ? params.sort : null;
  const order = params.order === 'desc' ? 'desc' : 'asc';
  return {
    currentPage: positive(params.page),
    pageSize: positive(params.pageSize),
    sorters: sort ? [{ field: sort, order }] : [],
    filters,
  };
}

/** Two plain queries name the same table state (order of parameters aside). */
export function samePlainQuery(a: PlainQuery, b: PlainQuery): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
