import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

const hasMediaQueries = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Below antd's `md` breakpoint (a phone held upright) the sidebar becomes a drawer opened from the header,
 * so the page gets the whole width. Asked of the same media query antd's `md` uses, from the first render on:
 * antd's Grid.useBreakpoint answers only after its first render (a layout effect), so a desktop was assumed until
 * then and every phone built the whole sidebar menu (~600 components) only to throw it away for the drawer.
 * Where there are no media queries, the desktop layout is assumed.
 */
export function usePhoneLayout(): boolean {
  const { token } = theme.useToken();
  const query = `(min-width: ${token.screenMD}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMediaQueries()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const wide = useSyncExternalStore(
    subscribe,
    () => !hasMediaQueries() || window.matchMedia(query).matches,
    () => true,
  );
  return !wide;
}
