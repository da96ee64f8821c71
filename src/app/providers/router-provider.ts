import type { CrudFilter, CrudSort, GoConfig, RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { TABLE_KEYS, plainToTableQuery, samePlainQuery, tableQueryToPlain, type TableQuery } from './plain-table-query';

const isTableWrite = (query: GoConfig['query']) => !!query && TABLE_KEYS.some((key) => key in query);

/** Refine calls a router provider's `parse` and `go` as hooks (inside its `useParsed` and `useGo`). */
function useParseWithTables() {
  const parse = routerProvider.parse!();
  return useCallback(() => {
    const parsed = parse();
    const params = parsed.params ?? {};
    const plain = plainToTableQuery(params);
    // Links in Refine's own form (`filters[0][field]=q&…`) still open where they point.
    const native = Array.isArray(params.filters) ? (params.filters as CrudFilter[]) : [];
    return {
      ...parsed,
      params: {
        ...params,
        ...plain,
        filters: [...native, ...plain.filters],
        sorters: Array.isArray(params.sorters) && !plain.sorters.length ? (params.sorters as CrudSort[]) : plain.sorters,
        currentPage: plain.currentPage ?? params.currentPage,
      },
    };
  }, [parse]);
}

function useGoWithTables() {
  const go = routerProvider.go!();
  const { pathname, search } = useLocation();
  return useCallback(
    (config: GoConfig) => {
      if (!isTableWrite(config.query)) return go(config);
      const query = tableQueryToPlain(config.query as TableQuery);
      // Refine replaces the entry on every change; a new page, sort or filter is a step the back button undoes.
      const current = tableQueryToPlain(plainToTableQuery(Object.fromEntries(new URLSearchParams(search))));
      const type = config.type === 'replace' && !samePlainQuery(query, current) ? 'push' : config.type;
      return go({ ...config, type, to: config.to ?? pathname, query, options: { ...config.options, keepQuery: false } });
    },
    [go, pathname, search],
  );
}

/**
 * Refine's react-router binding, with tables kept in SPEC.md's plain query parameters. `useTable` with
 * `syncWithLocation` writes `?currentPage=2&filters[0][field]=q&…`; the legacy screens' links and bookmarks
 * say `?page=2&q=milk&warehouse_id=…`. Refine has no option for another URL format, so `parse` reads the
 * plain form as table state, and `go` writes table state in the plain form (every other `go` is untouched).
 */
export const plainQueryRouterProvider: RouterProvider = { ...routerProvider, parse: useParseWithTables, go: useGoWithTables };
