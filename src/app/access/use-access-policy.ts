import { useQuery } from '@tanstack/react-query';
import { accessControlProvider } from '../providers';
import type { AccessPolicy } from '../providers/access-control-provider';

/**
 * The signed-in user's slice of the access policy (GET /api/access-policy: role label, scope, assigned warehouses), from
 * the access-control provider's cache, so a screen costs no extra request; re-read with the other access answers on
 * navigation. Undefined while it loads.
 */
export function useAccessPolicy(): AccessPolicy | undefined {
  const { data } = useQuery({
    queryKey: ['access', 'policy'],
    queryFn: async () => (await accessControlProvider.policy()) ?? null,
  });
  return data ?? undefined;
}
