import type { ResourceProps } from '@refinedev/core';
import type { MenuGroup, SpaResource } from './types';

/**
 * Refine's resource list from the declarations: top-level items first, then each group followed by its
 * members. Screens with routes but no sidebar place are registered hidden so titles and breadcrumbs work.
 */
export function toRefineResources(declarations: SpaResource[], groups: MenuGroup[]): ResourceProps[] {
  const routed = declarations.filter((d) => d.routes);
  const toResource = (d: SpaResource): ResourceProps => ({
    name: d.name,
    ...d.routes,
    meta: { label: d.label, icon: d.menu?.icon, parent: d.menu?.group, hide: !d.menu },
  });
  return [
    ...routed.filter((d) => !d.menu?.group).map(toResource),
    ...groups.flatMap((group) => [
      { name: group.name, meta: { label: group.label, icon: group.icon, withLogout: group.withLogout } },
      ...routed.filter((d) => d.menu?.group === group.name).map(toResource),
    ]),
  ];
}
