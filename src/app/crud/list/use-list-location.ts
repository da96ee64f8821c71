import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListLocation = {
  page: number;
  /** The search text applied to the list. */
  q: string;
  /** A record chosen among the suggestions: the list shows it alone. */
  selected: string | null;
  /** Declared query filters present in the URL (`warehouse_id`). */
  filters: Record<string, string>;
};

/** Parameters to set (`page`, `q`, `selected`, a filter); null or '' removes one. */
export type ListLocationChange = Record<string, string | number | null | undefined>;

/**
 * The list's state lives in the URL (`?page=2&q=milk`, `?warehouse_id=...`), so a reload, the back button
 * or a shared link shows the same page. A new search or filter starts again at page 1.
 */
export function useListLocation(filterParams: string[]): [ListLocation, (change: ListLocationChange) => void] {
  const [params, setParams] = useSearchParams();
  const filterKey = filterParams.join(',');

  const location = useMemo<ListLocation>(() => {
    const page = Number.parseInt(params.get('page') ?? '', 10);
    const filters: Record<string, string> = {};
    for (const param of filterKey ? filterKey.split(',') : []) {
      const value = params.get(param);
      if (value) filters[param] = value;
    }
    return { page: Number.isFinite(page) && page > 0 ? page : 1, q: params.get('q') ?? '', selected: params.get('selected'), filters };
  }, [params, filterKey]);

  const change = useCallback(
    (next: ListLocationChange) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null || value === undefined || value === '' || (key === 'page' && value === 1)) updated.delete(key);
          else updated.set(key, String(value));
        }
        if (!('page' in next)) updated.delete('page');
        return updated;
      });
    },
    [setParams],
  );

  return [location, change];
}
