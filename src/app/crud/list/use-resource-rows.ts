import { useList, useOne, type CrudFilter, type HttpError } from '@refinedev/core';
import { useMemo } from 'react';
import { PAGE_SIZE } from '../../../domain/constants';
import type { ApiRecord, ResourceDeclaration } from '../../resources/types';
import type { ListLocation } from './use-list-location';

export type ResourceRows = {
  rows: ApiRecord[];
  total: number;
  pageSize: number;
  /** The real page count (at least 1). */
  pageCount: number;
  /** The filters the rows were asked with: the export uses the same. */
  filters: CrudFilter[];
  isLoading: boolean;
  isFetching: boolean;
  error: HttpError | null;
  /** The chosen suggestion could not be loaded. */
  selectedFailed: boolean;
};

/** One page of a resource as the URL describes it, or the one record chosen among the suggestions. */
export function useResourceRows(declaration: ResourceDeclaration, location: ListLocation): ResourceRows {
  const pageSize = declaration.list?.pageSize ?? PAGE_SIZE;
  const { page, q, selected } = location;
  const filterEntries = JSON.stringify(location.filters);

  const filters = useMemo<CrudFilter[]>(
    () => [
      ...(q ? [{ field: 'q', operator: 'contains' as const, value: q }] : []),
      ...Object.entries(JSON.parse(filterEntries) as Record<string, string>).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    ],
    [q, filterEntries],
  );

  // Errors are shown in the page's error box, not as notifications as well.
  const list = useList<ApiRecord>({
    resource: declaration.name,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters,
    queryOptions: { enabled: !selected },
    errorNotification: false,
  });
  const one = useOne<ApiRecord>({
    resource: declaration.name,
    id: selected ?? '',
    queryOptions: { enabled: !!selected, retry: false },
    errorNotification: false,
  });

  if (selected) {
    const record = one.query.isError ? undefined : one.result;
    return {
      rows: record ? [record] : [],
      total: record ? 1 : 0,
      pageSize,
      pageCount: 1,
      filters,
      isLoading: one.query.isLoading,
      isFetching: one.query.isFetching,
      error: null,
      selectedFailed: one.query.isError,
    };
  }
  const total = list.result.total ?? list.result.data.length;
  return {
    rows: list.result.data,
    total,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    filters,
    isLoading: list.query.isLoading,
    isFetching: list.query.isFetching,
    error: list.query.error ?? null,
    selectedFailed: false,
  };
}
