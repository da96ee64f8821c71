import type { ScopedResource } from '../../domain/policy';
import { useAccessPolicy } from './use-access-policy';

/**
 * The signed-in user's warehouse scope on one resource (none: every warehouse): null when they see every warehouse, else their assigned
 * warehouses (the API enforces it; the screens offer only these and say so). Read from the access-control provider's
 * policy, so a screen costs no extra GET /api/access-policy, and re-read with the other access answers on navigation.
 */
export function useWarehouseScope(resource: ScopedResource | null): { _id: string; name: string }[] | null {
  const policy = useAccessPolicy();
  if (!resource || !policy || policy.scope?.[resource] !== 'assigned') return null;
  return policy.warehouses ?? [];
}

/** 'Showing your 2 warehouses' (English: a screen says it through `tx`). */
export const assignedNote = (count: number) => (count === 1 ? `Showing your ${count} warehouse` : `Showing your ${count} warehouses`);
