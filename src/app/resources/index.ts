import { isResourceAction } from '../../domain/policy';
import { cities } from './cities';
import { declaredScreens } from './declared-screens';
import { inventory, inventoryByCity } from './inventory';
import { categoryTree, sellers } from './lookups';
import { permissions } from './permissions';
import { products } from './products';
import { dashboard, expiryReport, inventoryReport, salePurchaseReport, stockValuation, updateAllInventory } from './screens';
import type { Operation, Permission, RefineAction, ResourceDeclaration } from './types';
import { users } from './users';
import { warehouses } from './warehouses';
import { stockTakes } from './stock-takes';
import { transfers } from './transfers';
import { replenishment } from './replenishment';

export { menuGroups } from './menu-groups';
export type * from './types';

/** Declared resources that keep SPEC.md's place in the Create group, not the later declared ones'. */
const placedAsSpec: ResourceDeclaration[] = [products, users, cities, warehouses, inventory];

/**
 * The one registry of resources and screens, in sidebar order. The data provider reads the API side from it,
 * the access-control provider the permission of each action, the sidebar its labels and groups.
 */

export const resourceDeclarations: ResourceDeclaration[] = [
  dashboard,
  ...placedAsSpec,
  transfers,
  stockTakes,
  inventoryReport,
  salePurchaseReport,
  expiryReport,
  stockValuation,
  updateAllInventory,
  ...declaredScreens.filter((d) => !placedAsSpec.includes(d)),
  replenishment,
  permissions,
  inventoryByCity,
  categoryTree,
  sellers,
];

const byName = new Map(resourceDeclarations.map((d) => [d.name, d]));

export function findDeclaration(name: string | undefined): ResourceDeclaration | undefined {
  return name ? byName.get(name) : undefined;
}

/** The policy permission behind a Refine (resource, action); null when nothing grants it. */
export function permissionFor(resource: string, action: string): Permission | null {
  const declared = findDeclaration(resource)?.access?.[action as RefineAction];
  if (declared) return declared;
  return isResourceAction(resource, action) ? ({ resource, action } as Permission) : null;
}

const VERBS: Record<Operation, string> = { list: 'fetch', one: 'fetch', create: 'create', update: 'update', delete: 'delete' };

/** SPEC.md section 8 default for an operation: 'Failed to fetch cities', 'Failed to create city'. */
export function defaultErrorMessage(declaration: ResourceDeclaration | undefined, operation: Operation): string | undefined {
  const override = declaration?.errors?.[operation];
  if (override) return override;
  const entity = declaration?.entity;
  if (!entity) return undefined;
  return `Failed to ${VERBS[operation]} ${operation === 'list' ? entity.plural : entity.singular}`;
}
