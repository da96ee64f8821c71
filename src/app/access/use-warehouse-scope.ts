import { useCustom } from '@refinedev/core';
import type { ScopedResource } from '../../domain/policy';
import type { AccessPolicy } from '../providers/access-control-provider';

/**
 * The signed-in user's warehouse scope on one resource: null when they see every warehouse, else their assigned
 * warehouses (the API enforces it; the screens offer only these and say so).
 */
export function useWarehouseScope(resource: ScopedResource): { _id: string; name: string }[] | null {
  const { query } = useCustom<AccessPolicy>({ url: '/access-policy', method: 'get', errorNotification: false, queryOptions: { staleTime: 30_000 } });
  const policy = query.data?.data;
  if (!policy || policy.scope?.[resource] !== 'assigned') return null;
  return policy.warehouses ?? [];
}

export const assignedNote = (count: number) => `Showing your ${count} warehouse${count === 1 ? '' : 's'}`;
