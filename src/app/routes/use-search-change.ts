import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's view kept in the URL: the params, and `change`, which sets some of them (an empty value removes one) and,
 * unless it sets the page itself, goes back to page 1. Each change starts from the URL as last set, not as the render
 * read it: two quick changes (a typed day, then the grouping) both stay. react-router's functional form of
 * setSearchParams gets the render's params too, hence the ref.
 */
export function useSearchChange<K extends string>() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const change = (next: Partial<Record<K, string | undefined>>) => {
    const merged = new URLSearchParams(latest.current);
    if (!('page' in next)) merged.delete('page');
    for (const [key, value] of Object.entries<string | undefined>(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    latest.current = merged;
    setParams(merged, { replace: true });
  };
  return { params, change };
}
