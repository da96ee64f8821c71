import { useTable, type useTableProps, type useTableReturnType } from '@refinedev/antd';
import { useParsed, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { samePlainQuery, tableQueryToPlain, type TableQuery } from '../../providers/plain-table-query';

type TableState = {
  currentPage: number;
  pageSize: number;
  sorters: CrudSort[];
  filters: CrudFilter[];
  setCurrentPage: (page: number) => void;
  setSorters: (sorters: CrudSort[]) => void;
  setFilters: (filters: CrudFilter[], behavior?: 'replace' | 'merge') => void;
};

/**
 * Refine's `useTable` reads the URL once, when it mounts, and then only writes it (with `replace`). The back
 * and forward buttons, or a link to the same screen, change the URL under a mounted table: this puts the
 * table in the state the URL now names.
 */
function useTableFollowsUrl(table: TableState): void {
  const { search } = useLocation();
  const navigation = useNavigationType();
  // The table state the URL names, as the router provider parses it (plain or Refine's own form).
  const parsed = useParsed().params as TableQuery;
  const latest = useRef({ table, parsed });
  latest.current = { table, parsed };

  useEffect(() => {
    if (navigation === 'REPLACE') return; // the table's own write
    const { table: current, parsed: wanted } = latest.current;
    const state = tableQueryToPlain(current);
    if (samePlainQuery(tableQueryToPlain({ ...wanted, pageSize: wanted.pageSize ?? current.pageSize }), state)) return;
    current.setFilters(wanted.filters ?? [], 'replace');
    current.setSorters(wanted.sorters ?? []);
    current.setCurrentPage(wanted.currentPage ?? 1);
  }, [search, navigation]);
}

/**
 * Refine's antd `useTable`, its page, sort and filters in the URL (SPEC.md's plain parameters, through the router
 * provider) both ways: every list of the back office is one.
 */
export function useUrlTable<TData extends BaseRecord = BaseRecord>(
  props: Omit<useTableProps<TData, HttpError, unknown, TData>, 'syncWithLocation'>,
): useTableReturnType<TData, HttpError> {
  const table = useTable<TData, HttpError, unknown, TData>({ ...props, syncWithLocation: true });
  useTableFollowsUrl(table);
  return table;
}
