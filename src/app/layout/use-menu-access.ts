import { keys, useCanWithoutCache, type CanReturnType } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';

/**
 * `useCan({resource, action: 'list'})` for every sidebar entry at once: antd's Menu needs `disabled` on its
 * item data, so all answers are needed where the items are built, and hooks cannot be called in a loop.
 * Each query has the very key `useCan` builds (Refine's public `keys()`), so the sidebar, the route guards
 * and the buttons share one answer per resource, and signing out drops them with the rest of the access cache.
 * Undefined while loading.
 */
export function useMenuAccess(resources: string[]): Map<string, CanReturnType | undefined> {
  const { can } = useCanWithoutCache();
  const results = useQueries({
    queries: resources.map((resource) => ({
      queryKey: keys()
        .access()
        .resource(resource)
        .action('list')
        .params({ params: { resource: undefined }, enabled: undefined })
        .get(),
      queryFn: () => can?.({ resource, action: 'list', params: { resource: undefined } }) ?? Promise.resolve({ can: true }),
      retry: false,
    })),
  });
  return new Map(resources.map((resource, i) => [resource, results[i]?.data]));
}
