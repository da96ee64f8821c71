import { useSubscription } from '@refinedev/core';
import { useRef } from 'react';

type LiveRefresh = {
  /** Names the subscription ('dashboard', 'history'). */
  screen: string;
  /** The resources whose changes the screen shows (the API's names, as the server announces them); '*' every one. */
  resources: readonly string[] | '*';
  refetch: () => unknown;
  /** Only changes of these records (a record's History). */
  ids?: readonly string[];
  enabled?: boolean;
};

/**
 * A screen read with `useCustom` or `useLogList` (dashboard, reports, history), which liveMode does not refresh, reads its
 * data again when someone changes what it shows: Refine's useSubscription on the live provider, which hands on at most
 * one event per batch window, so a bulk import costs one refetch every 250 ms at most.
 */
export function useLiveRefresh({ screen, resources, refetch, ids, enabled = true }: LiveRefresh): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useSubscription({
    channel: `screens/${screen}`,
    types: ['*'],
    params: { resources, ...(ids && { ids: [...ids] }) },
    enabled,
    onLiveEvent: () => void latest.current(),
  });
}
