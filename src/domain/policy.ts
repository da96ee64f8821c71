import { ROLES, type Role } from './roles.js';

/**
 * The access policy: role × resource × action. The API enforces it on every route and the SPA reads
 * the caller's slice from GET /api/access-policy, so the two can never disagree.
 */
export const RESOURCES = {
  dashboard: ['show'],
  products: ['list', 'show', 'create', 'edit', 'delete'],
  /** Product look-up by name (autocomplete) for the stock screens, apart from the catalogue screens. */
  'product-search': ['list'],
  categories: ['list'],
  users: ['list', 'show', 'create', 'edit', 'delete'],
  sellers: ['list'],
  cities: ['list', 'show', 'create', 'edit', 'delete'],
  warehouses: ['list', 'show', 'create', 'edit', 'delete'],
  inventory: ['list', 'show', 'create', 'edit', 'delete'],
  stock: ['add', 'adjust', 'remove'],
  reports: ['list'],
  'update-all-inventory': ['update-all'],
  'handling-charges': ['list', 'show', 'create', 'edit', 'delete'],
  permissions: ['list', 'edit'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof RESOURCES;
export type Action = (typeof RESOURCES)[Resource][number];
export type Permission = { resource: Resource; action: Action };

/** resource → allowed actions, for one role. */
export type RolePolicy = Partial<Record<Resource, readonly Action[]>>;
export type Policy = { signIn: Record<Role, boolean>; grants: Record<Role, RolePolicy> };

/** Every action of every resource: what admin always has. */
export const EVERYTHING: RolePolicy = Object.fromEntries(
  Object.entries(RESOURCES).map(([resource, actions]) => [resource, actions]),
) as RolePolicy;

/** SPEC.md section 6: only admin and warehouse-user sign in; warehouse-user runs stock, not the catalogue. */
export const DEFAULT_POLICY: Policy = {
  signIn: {
    admin: true,
    'warehouse-user': true,
    'sub-admin': false,
    seller: false,
    customer: false,
    'delivery-boy': false,
  },
  grants: {
    admin: EVERYTHING,
    'warehouse-user': {
      dashboard: ['show'],
      // Read access to the catalogue lets stock screens name products; the product screens stay admin-only.
      categories: ['list'],
      'product-search': ['list'],
      sellers: ['list'],
      warehouses: ['list', 'show'],
      inventory: ['list', 'show', 'create', 'edit', 'delete'],
      stock: ['add', 'adjust', 'remove'],
      reports: ['list'],
      'handling-charges': ['list', 'show', 'create', 'edit', 'delete'],
    },
    'sub-admin': {},
    seller: {},
    customer: {},
    'delivery-boy': {},
  },
};

export function can(policy: Policy, role: Role, resource: Resource, action: Action): boolean {
  if (!policy.signIn[role]) return false;
  const actions = policy.grants[role]?.[resource];
  return actions?.includes(action) ?? false;
}

export function isResourceAction(resource: string, action: string): boolean {
  const actions = (RESOURCES as Record<string, readonly string[]>)[resource];
  return actions?.includes(action) ?? false;
}

export { ROLES };
