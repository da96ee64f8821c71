import type { CrudFilter } from '@refinedev/core';
import { useCallback } from 'react';
import { operatorOf } from '../../providers/plain-table-query';

type FilterableTable = {
  setFilters: (setter: (current: CrudFilter[]) => CrudFilter[]) => void;
  setCurrentPage: (page: number) => void;
};

/** One filter's value in a table's state ('' when absent). */
export const filterValue = (filters: CrudFilter[], field: string): string => String(filters.find((f) => 'field' in f && f.field === field)?.value ?? '');

/**
 * Sets (or with '' removes) one filter of a `useTable`, keeping the others except `drop`; a new filter
 * starts again at page 1.
 */
export function useSetTableFilter({ setFilters, setCurrentPage }: FilterableTable) {
  return useCallback(
    (field: string, value: string | undefined, drop: string[] = []) => {
      setFilters((current) => [
        ...current.filter((f) => !('field' in f) || (f.field !== field && !drop.includes(f.field))),
        ...(value ? [{ field, operator: operatorOf(field), value }] : []),
      ]);
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );
}
