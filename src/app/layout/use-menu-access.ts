import { useCanWithoutCache, useKeys, type CanReturnType } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';

/**
 * `useCan({resource, action: 'list'})` for every sidebar entry at once: antd's Menu needs `disabled` on
 * its item data, so all answers are needed where the items are built. Through Refine's public API: its
 * access-control function (`useCanWithoutCache`) and its key builder (`useKeys`), so the answers sit under
 * Refine's access keys and signing out drops them with the rest of the access cache. Undefined while loading.
 */
export function useMenuAccess(resources: string[]): Map<string, CanReturnType | undefined> {
  const { can } = useCanWithoutCache();
  const { keys } = useKeys();
  const results = useQueries({
    queries: resources.map((resource) => ({
      queryKey: keys().access().resource(resource).action('list').params({ sider: true }).get(),
      queryFn: () => can?.({ resource, action: 'list' }) ?? Promise.resolve({ can: true }),
      retry: false,
      placeholderData: undefined,
    })),
  });
  return new Map(resources.map((resource, i) => [resource, results[i]?.data]));
}
