import { CRUD_ACTIONS, type CrudAction, type ResourceDeclaration } from './resource.js';
import { DECLARED_RESOURCES, type DeclaredResource } from './resources/index.js';
import type { Role } from './roles.js';

/** A declared document's workflow steps (a `choice` field's `workflow.actions`): each is an action of its own. */
type StepsOf<S> = S extends { fields: infer F }
  ? { [K in keyof F]: F[K] extends { workflow: { actions: infer A } } ? keyof A & string : never }[keyof F]
  : never;
const stepsOf = (spec: ResourceDeclaration): Record<string, { grants?: readonly string[] }> =>
  Object.values(spec.fields).find((f) => f.workflow)?.workflow?.actions ?? {};

/** A declared resource's matrix row: the five CRUD actions, and a document's workflow steps beside them. */
export const declaredActionsOf = (spec: ResourceDeclaration): string[] => [...CRUD_ACTIONS, ...Object.keys(stepsOf(spec))];

/** The default grants a declaration gives one role: its `grants`, and the workflow steps that name the role. */
export const declaredGrantsOf = (spec: ResourceDeclaration, role: Exclude<Role, 'admin'>): string[] => [
  ...((spec.grants as Partial<Record<Role, readonly CrudAction[]>> | undefined)?.[role] ?? []),
  ...Object.entries(stepsOf(spec))
    .filter(([, step]) => step.grants?.includes(role))
    .map(([name]) => name),
];

/** Every declared resource (src/domain/resources) has the five CRUD actions, and a document its workflow's steps. */
const DECLARED_ACTIONS = Object.fromEntries(DECLARED_RESOURCES.map((r) => [r.name, declaredActionsOf(r)])) as unknown as {
  [S in DeclaredResource as S['name']]: readonly (CrudAction | StepsOf<S>)[];
};
/**
 * Products, users, cities, warehouses and inventory keep SPEC.md's place in the matrix (products first, the others
 * around sellers); the later declarations follow the stock screens.
 */
const {
  products: PRODUCT_ACTIONS,
  users: USER_ACTIONS,
  cities: CITY_ACTIONS,
  warehouses: WAREHOUSE_ACTIONS,
  inventory: INVENTORY_ACTIONS,
  ...LATER_DECLARED_ACTIONS
} = DECLARED_ACTIONS;

/** The default grants the declarations give one role: the resource's, and the steps that name the role. */
const declaredGrants = (role: Exclude<Role, 'admin'>) =>
  Object.fromEntries(
    DECLARED_RESOURCES.flatMap((r) => {
      const actions = declaredGrantsOf(r, role);
      return actions.length ? [[r.name, actions]] : [];
    }),
  ) as RolePolicy;

/**
 * The access policy: role × resource × action. The API enforces it on every route and the SPA reads
 * the caller's slice from GET /api/access-policy, so the two can never disagree.
 */
export const RESOURCES = {
  dashboard: ['show'],
  products: PRODUCT_ACTIONS,
  /** Product look-up by name (autocomplete) for the stock screens, apart from the catalogue screens. */
  'product-search': ['list'],
  users: USER_ACTIONS,
  sellers: ['list'],
  cities: CITY_ACTIONS,
  warehouses: WAREHOUSE_ACTIONS,
  inventory: INVENTORY_ACTIONS,
  /** revalue: an admin's correction of what stock held is worth (a `valuation` ledger row). */
  stock: ['add', 'adjust', 'remove', 'write-off', 'revalue'],
  reports: ['list'],
  'update-all-inventory': ['update-all'],
  ...LATER_DECLARED_ACTIONS,
  permissions: ['list', 'edit'],
  /** Bulk CSV import of the catalogue (issue 19). */
  'product-import': ['create'],
  /** Physical counts of a warehouse (issue 19): count lines, then apply the variances as adjustments. */
  'stock-takes': ['list', 'show', 'create', 'count', 'apply', 'cancel'],
  /** Field-level: unit costs, stock values and every money figure derived from costs (sale prices are not costs). */
  costs: ['see'],
  /** Stock moved between warehouses (issue 18): dispatched from one, in transit, received by the other. */
  transfers: ['list', 'show', 'create', 'dispatch', 'receive', 'cancel'],
  /** What to reorder per warehouse (issue 31): list the suggestions, create draft purchase orders from them. */
  replenishment: ['list', 'create'],
  /** Who changed what (issue 32): every record's history and the Activity screen. */
  history: ['list'],
  /** Backups of the whole database (issue 35): list them, run one now, download one (every record and password hash). */
  backups: ['list', 'create', 'download'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof RESOURCES;
export type Action = (typeof RESOURCES)[Resource][number];
export type Permission = { resource: Resource; action: Action };

/**
 * Resources whose rows belong to a warehouse: each role has a scope on them, 'all' warehouses (SPEC.md) or only
 * the user's 'assigned' ones. A resource opts in by being listed here; its service then filters with
 * `warehouseFilter` and checks writes with `assertWarehouseWritable` (src/server/auth/warehouse-scope.ts), or, for a
 * declared resource, its server part names the column that says which warehouse a row belongs to (`scope`).
 */
export const WAREHOUSE_SCOPED = [
  'warehouses',
  'inventory',
  'stock',
  'reports',
  'update-all-inventory',
  'dashboard',
  'stock-takes',
  'transfers',
  'purchase-orders',
  'replenishment',
  'history',
] as const satisfies readonly Resource[];
export type ScopedResource = (typeof WAREHOUSE_SCOPED)[number];
export const SCOPES = ['all', 'assigned'] as const;
export type Scope = (typeof SCOPES)[number];

export const isWarehouseScoped = (resource: string): resource is ScopedResource => (WAREHOUSE_SCOPED as readonly string[]).includes(resource);

/** resource → allowed actions, for one role. */
export type RolePolicy = Partial<Record<Resource, readonly Action[]>>;
export type RoleScope = Partial<Record<ScopedResource, Scope>>;
export type Policy = { signIn: Record<Role, boolean>; grants: Record<Role, RolePolicy>; scope: Record<Role, RoleScope> };

/** Every action of every resource: what admin always has. */
export const EVERYTHING: RolePolicy = Object.fromEntries(Object.entries(RESOURCES).map(([resource, actions]) => [resource, actions])) as RolePolicy;

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
      'product-search': ['list'],
      sellers: ['list'],
      stock: ['add', 'adjust', 'remove', 'write-off'],
      reports: ['list'],
      'stock-takes': ['list', 'show', 'create', 'count', 'apply'],
      costs: ['see'],
      transfers: ['list', 'show', 'create', 'dispatch', 'receive', 'cancel'],
      ...declaredGrants('warehouse-user'),
    },
    'sub-admin': declaredGrants('sub-admin'),
    seller: declaredGrants('seller'),
    customer: declaredGrants('customer'),
    'delivery-boy': declaredGrants('delivery-boy'),
  },
  // Every role sees every warehouse until an admin narrows it.
  scope: {},
};

/** Field-level: responses leave cost figures out for a role without it (src/server/auth/cost-fields.ts). */
export const SEE_COSTS = { resource: 'costs', action: 'see' } as const satisfies Permission;

/** Resources with a list screen, a record screen reached from it, and edit/delete acting on that record: the declared ones. */
const RECORD_SCREENS: readonly Resource[] = DECLARED_RESOURCES.map((r) => r.name);
const grant = (resource: Resource, action: Action): Permission => ({ resource, action });

/**
 * What each action needs to be usable, declared once: the API refuses a matrix that breaks it (400) and the
 * matrix screen ticks what is needed for the admin. Edit and delete load the record (show); the record is
 * reached from its list (list); the stock screens start from the inventory list; the permissions screen
 * must be seen to be edited.
 */
export const ACTION_NEEDS: readonly { needs: Permission; by: Permission }[] = [
  ...RECORD_SCREENS.flatMap((r) => [
    { by: grant(r, 'show'), needs: grant(r, 'list') },
    { by: grant(r, 'edit'), needs: grant(r, 'show') },
    { by: grant(r, 'delete'), needs: grant(r, 'show') },
  ]),
  // A document's step is taken from its page.
  ...DECLARED_RESOURCES.flatMap((r) => Object.keys(stepsOf(r)).map((step) => ({ by: grant(r.name, step as Action), needs: grant(r.name, 'show') }))),
  ...RESOURCES.stock.map((action) => ({ by: grant('stock', action), needs: grant('inventory', 'list') })),
  // A revaluation is a cost figure: whoever makes it sees costs.
  { by: grant('stock', 'revalue'), needs: SEE_COSTS },
  { by: grant('permissions', 'edit'), needs: grant('permissions', 'list') },
  { by: grant('stock-takes', 'show'), needs: grant('stock-takes', 'list') },
  ...(['create', 'count', 'apply', 'cancel'] as const).map((action) => ({ by: grant('stock-takes', action), needs: grant('stock-takes', 'show') })),
  { by: grant('transfers', 'show'), needs: grant('transfers', 'list') },
  ...(['create', 'dispatch', 'receive', 'cancel'] as const).map((action) => ({ by: grant('transfers', action), needs: grant('transfers', 'show') })),
  // A backup is run and downloaded from the list of backups.
  { by: grant('backups', 'create'), needs: grant('backups', 'list') },
  { by: grant('backups', 'download'), needs: grant('backups', 'list') },
  // Orders are made from the suggestions on screen.
  { by: grant('replenishment', 'create'), needs: grant('replenishment', 'list') },
  // An import adds and edits products, so it needs what adding one by hand needs.
  { by: grant('product-import', 'create'), needs: grant('products', 'create') },
  { by: grant('product-import', 'create'), needs: grant('products', 'list') },
];

const same = (a: Permission, b: Permission) => a.resource === b.resource && a.action === b.action;

/** Follows the declared needs from `start` in one direction, collecting every permission reached. */
function reachable(start: Permission, from: 'by' | 'needs', to: 'by' | 'needs'): Permission[] {
  const found: Permission[] = [];
  const walk = (p: Permission) => {
    for (const rule of ACTION_NEEDS) {
      if (same(rule[from], p) && !found.some((f) => same(f, rule[to]))) {
        found.push(rule[to]);
        walk(rule[to]);
      }
    }
  };
  walk(start);
  return found;
}

/** Everything `permission` needs, directly or through what it needs (edit → show → list). */
export const neededBy = (permission: Permission) => reachable(permission, 'by', 'needs');

/** Everything that needs `permission`, directly or through another (list ← show ← edit). */
export const needing = (permission: Permission) => reachable(permission, 'needs', 'by');

/** Each granted action of one role whose direct need is not granted. */
export function brokenDependencies(grants: Partial<Record<string, readonly string[]>>): { by: Permission; needs: Permission }[] {
  const has = (p: Permission) => grants[p.resource]?.includes(p.action) ?? false;
  return ACTION_NEEDS.filter((rule) => has(rule.by) && !has(rule.needs));
}

export function can(policy: Policy, role: Role, resource: Resource, action: Action): boolean {
  if (!policy.signIn[role]) return false;
  const actions = policy.grants[role]?.[resource];
  return actions?.includes(action) ?? false;
}

/** Permissions checked on every answer rather than by one route. */
export const FIELD_PERMISSIONS: readonly Permission[] = [SEE_COSTS];

/** A role's scope on a resource: 'all' unless the policy narrows it; admin always sees everything. */
export function scopeOf(policy: Policy, role: Role, resource: Resource): Scope {
  if (role === 'admin' || !isWarehouseScoped(resource)) return 'all';
  return policy.scope[role]?.[resource] ?? 'all';
}

export function isResourceAction(resource: string, action: string): boolean {
  const actions = (RESOURCES as Record<string, readonly string[]>)[resource];
  return actions?.includes(action) ?? false;
}
