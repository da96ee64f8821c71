import { useCustom } from '@refinedev/core';
import type { Policy } from '../../../domain/policy';

export type AuditEntry = {
  _id: string;
  user_name: string | null;
  user_email: string | null;
  created: string;
  before: Policy;
  after: Policy;
};

export const AUDIT_LIMIT = 20;

/** GET /api/permissions/audit: the most recent changes, newest first. */
export function useAuditTrail() {
  const { query } = useCustom<{ data: AuditEntry[] }>({
    url: '/permissions/audit',
    method: 'get',
    config: { query: { limit: AUDIT_LIMIT } },
    errorNotification: false,
  });
  return {
    entries: query.data?.data.data ?? [],
    loading: query.isLoading,
    fetching: query.isFetching,
    error: query.isError ? (query.error?.message ?? 'Failed to fetch the permission changes') : null,
    refetch: () => void query.refetch(),
  };
}

export type AuditTrailState = ReturnType<typeof useAuditTrail>;
