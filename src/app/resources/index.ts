import { isResourceAction } from '../../domain/policy';
import { activity } from './activity';
import { backups } from './backups';
import { declaredScreens } from '../declared/declared-screens';
import { categoryTree, sellers } from './lookups';
import { permissions } from './permissions';
import { purchaseOrderPrint } from './purchase-orders';
import { replenishment } from './replenishment';
import { dashboard, expiryReport, inventoryByCity, inventoryReport, salePurchaseReport, stockValuation, updateAllInventory } from './screens';
import { stockTakes } from './stock-takes';
import { transfers } from './transfers';
import type { EntityNames, Operation, Permission, RefineAction, SpaResource } from './types';

import { menuGroups } from './menu-groups';

export { menuGroups };
export type * from './types';

/** The SPA's own screens, which no declaration in src/domain/resources describes (reports, transfers, the matrix). */
const spaScreens: SpaResource[] = [
  transfers,
  stockTakes,
  inventoryReport,
  salePurchaseReport,
  expiryReport,
  stockValuation,
  replenishment,
  updateAllInventory,
  permissions,
  activity,
  backups,
  inventoryByCity,
  purchaseOrderPrint,
  categoryTree,
  sellers,
];

const LAST = Number.MAX_SAFE_INTEGER;
/** Sidebar order: group by group, by `menu.order` within one, then those without one in registry order (a sort is stable). */
const groupOf = (d: SpaResource) => (d.menu ? menuGroups.findIndex((g) => g.name === d.menu?.group) : LAST);
const menuPlace = (a: SpaResource, b: SpaResource) => groupOf(a) - groupOf(b) || (a.menu?.order ?? LAST) - (b.menu?.order ?? LAST);

/**
 * The one registry of resources and screens, in sidebar order: the dashboard, every declared resource (with its SPA
 * part, if any), then the SPA's own screens. The data provider reads the API side from it, the access-control
 * provider the permission of each action, the sidebar its labels and groups, the router its screens.
 */
export const resourceDeclarations: SpaResource[] = [dashboard, ...[...declaredScreens, ...spaScreens].sort(menuPlace)];

const byName = new Map(resourceDeclarations.map((d) => [d.name, d]));

export function findDeclaration(name: string | undefined): SpaResource | undefined {
  return name ? byName.get(name) : undefined;
}

/** The policy permission behind a Refine (resource, action); null when nothing grants it. */
export function permissionFor(resource: string, action: string): Permission | null {
  const declared = findDeclaration(resource)?.access?.[action as RefineAction];
  if (declared) return declared;
  return isResourceAction(resource, action) ? ({ resource, action } as Permission) : null;
}

/** SPEC.md section 8 defaults by operation, each written out whole (the language files find them by these words). */
const DEFAULT_ERRORS: Record<Operation, (entity: EntityNames) => string> = {
  list: (entity) => `Failed to fetch ${entity.plural}`,
  one: (entity) => `Failed to fetch ${entity.singular}`,
  create: (entity) => `Failed to create ${entity.singular}`,
  update: (entity) => `Failed to update ${entity.singular}`,
  delete: (entity) => `Failed to delete ${entity.singular}`,
};

/** SPEC.md section 8 default for an operation: 'Failed to fetch cities', 'Failed to create city'. */
export function defaultErrorMessage(declaration: SpaResource | undefined, operation: Operation): string | undefined {
  const override = declaration?.errors?.[operation];
  if (override) return override;
  const entity = declaration?.entity;
  if (!entity) return undefined;
  return DEFAULT_ERRORS[operation](entity);
}
