import { useCan, useLogList, type HttpError } from '@refinedev/core';
import { useLiveRefresh } from '../live/use-live-refresh';
import type { HistoryMeta, HistoryPage } from '../providers/audit-log-provider';

/** Whether the signed-in role may read history (the matrix's `history: list`); undefined while the answer loads. */
export function useMayReadHistory(): boolean | undefined {
  return useCan({ resource: 'history', action: 'list' }).data?.can;
}

/**
 * One page of history through Refine's `useLogList` (the audit log provider: GET /api/history), `resource` '' for every
 * resource, read again when a change it may show is announced. Asked only when `enabled` (the role may read it, the
 * record is known).
 */
export function useHistoryPage(resource: string, meta: HistoryMeta, enabled: boolean) {
  const query = useLogList<HistoryPage, HttpError>({ resource, meta, queryOptions: { enabled } });
  // A record's History hears its record's changes; the Activity screen every change the user may see (whatever its
  // filters, which change without a new subscription).
  const record = resource && meta.id ? { resources: [resource], ids: [meta.id] } : { resources: '*' as const };
  useLiveRefresh({ screen: 'history', ...record, refetch: query.refetch, enabled });
  return {
    entries: query.data?.data ?? [],
    total: query.data?.total ?? 0,
    capped: query.data?.capped ?? false,
    loading: query.isLoading,
    fetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
