import { AccessControlContext, type CanReturnType } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';
import { useContext } from 'react';

/**
 * `useCan({resource, action: 'list'})` for every sidebar entry at once: antd's Menu needs `disabled` on
 * its item data, so all answers are needed where the items are built. Keys sit under Refine's 'access'
 * prefix, so signing out drops them with the rest of the access cache. Undefined while loading.
 */
export function useMenuAccess(resources: string[]): Map<string, CanReturnType | undefined> {
  const { can } = useContext(AccessControlContext);
  const results = useQueries({
    queries: resources.map((resource) => ({
      queryKey: ['access', resource, 'list', 'sider'],
      queryFn: () => can?.({ resource, action: 'list' }) ?? Promise.resolve({ can: true }),
      retry: false,
      placeholderData: undefined,
    })),
  });
  return new Map(resources.map((resource, i) => [resource, results[i]?.data]));
}
