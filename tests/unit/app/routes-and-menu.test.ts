import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, can } from '../../../src/domain/policy.js';
import type { Role } from '../../../src/domain/roles.js';
import { backOfficeRoutes } from '../../../src/app/routes/back-office-routes.js';
import { menuGroups, permissionFor, resourceDeclarations } from '../../../src/app/resources/index.js';
import { toRefineResources } from '../../../src/app/resources/refine-resources.js';
import { DECLARED_RESOURCES } from '../../../src/domain/resources/index.js';

/** SPEC.md section 2, routes behind the protected wrapper. */
const SPEC_BACK_OFFICE_PATHS = [
  '/admin-dashboard',
  '/product-listing',
  '/product-registration',
  '/product-edit/:id',
  '/users',
  '/user-registration',
  '/user-edit/:id',
  '/cities',
  '/city-registration',
  '/city-edit/:id',
  '/warehouses',
  '/warehouse-registration',
  '/warehouse-edit/:id',
  '/inventory',
  '/inventory-registration',
  '/inventory-edit/:id',
  '/inventory-report',
  '/expiry-report',
  '/stock-valuation',
  '/sale-purchase-report',
  '/update-all-inventory',
  '/handling-charges',
  '/inventory-by-city/:cityId',
  // Not in SPEC.md: the permissions matrix of issue 7.
  '/permissions',
  // Not in SPEC.md: stock takes of issue 19.
  '/stock-takes',
  '/stock-takes/:id',
  // Not in SPEC.md: transfers between warehouses of issue 18.
  '/transfers',
  '/transfers/new',
  '/transfers/:id',
  '/transfers/:id/edit',
  // Not in SPEC.md: of issue 31, the printable purchase order a user's page (a seller's orders) and replenishment.
  '/purchase-orders/print/:id',
  '/users/show/:id',
  '/replenishment',
  // Not in SPEC.md: who changed what, issue 32.
  '/activity',
  // Not in SPEC.md: Setting → Backups, issue 35.
  '/backups',
];

const resources = toRefineResources(resourceDeclarations, menuGroups);

/** The sidebar as a role sees it: label, and whether the entry is usable. */
function sidebarFor(role: Role) {
  const gate = (name: string) => {
    const permission = permissionFor(name, 'list');
    return !!permission && can(DEFAULT_POLICY, role, permission.resource, permission.action);
  };
  const visible = resources.filter((r) => !r.meta?.hide);
  const top = visible.filter((r) => !r.meta?.parent);
  return top.map((r) => ({
    label: r.meta?.label,
    ...(r.list ? { enabled: gate(r.name) } : {}),
    ...(r.list ? {} : { children: visible.filter((c) => c.meta?.parent === r.name).map((c) => `${c.meta?.label}${gate(c.name) ? '' : ' (disabled)'}`) }),
    ...(r.meta?.withLogout ? { endsWithLogout: true } : {}),
  }));
}

describe('back-office routes', () => {
  it("route the SPEC.md paths and the declared resources' screens, each once, and nothing else", () => {
    const paths = backOfficeRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const declared = DECLARED_RESOURCES.flatMap((r) => Object.values(r.screens ?? {}));
    expect(declared).toEqual(expect.arrayContaining(['/categories', '/category-registration', '/category-edit/:id', '/subcategories']));
    expect([...paths].sort()).toEqual([...new Set([...SPEC_BACK_OFFICE_PATHS, ...declared])].sort());
  });

  it('each route is guarded by a permission the policy knows', () => {
    for (const route of backOfficeRoutes) expect(permissionFor(route.resource, route.action), route.path).not.toBeNull();
  });

  it("every declared screen path is routed, under the declaration's resource and action", () => {
    for (const declaration of resourceDeclarations) {
      for (const [action, path] of Object.entries(declaration.routes ?? {})) {
        expect(
          backOfficeRoutes.find((r) => r.path === path),
          path,
        ).toMatchObject({ resource: declaration.name, action });
      }
    }
  });
});

/**
 * The sidebar keeps SPEC.md's entries in SPEC.md's order; a declared resource may add its own among them.
 * `expected` lists SPEC.md's children of each group; the test drops the added ones before comparing.
 */
const added = new Set(DECLARED_RESOURCES.filter((r) => !['handling-charges'].includes(r.name)).map((r) => r.label));
const specOnly = (sidebar: ReturnType<typeof sidebarFor>) =>
  sidebar.map((entry) =>
    'children' in entry && entry.children ? { ...entry, children: entry.children.filter((c) => !added.has(c.replace(' (disabled)', ''))) } : entry,
  );

describe('sidebar (SPEC.md sections 2 and 6)', () => {
  it('Categories and Subcategories sit in the Setting group: admin may open them, warehouse-user may list them', () => {
    for (const role of ['admin', 'warehouse-user'] as const) {
      expect(sidebarFor(role).find((e) => e.label === 'Setting')?.children).toEqual(expect.arrayContaining(['Categories', 'Subcategories']));
    }
  });

  it('admin: Dashboard, the Create group and the Setting group ending with Logout, all usable', () => {
    expect(specOnly(sidebarFor('admin'))).toEqual([
      { label: 'Dashboard', enabled: true },
      {
        label: 'Create',
        children: [
          'Product Listing',
          'User Listing',
          'City Listing',
          'Warehouse Listing',
          'Inventory Listing',
          'Transfers',
          'Stock Takes',
          'Inventory Report',
          'Sale Purchase Report',
          'Expiry Report',
          'Stock Valuation',
          'Replenishment',
        ],
      },
      { label: 'Setting', children: ['Update All Inventory', 'Handling Charges', 'Permissions', 'Activity', 'Backups'], endsWithLogout: true },
    ]);
  });

  it('warehouse-user: Product, User and City Listing and Update All Inventory greyed out, the rest usable', () => {
    expect(specOnly(sidebarFor('warehouse-user'))).toEqual([
      { label: 'Dashboard', enabled: true },
      {
        label: 'Create',
        children: [
          'Product Listing (disabled)',
          'User Listing (disabled)',
          'City Listing (disabled)',
          'Warehouse Listing',
          'Inventory Listing',
          'Transfers',
          'Stock Takes',
          'Inventory Report',
          'Sale Purchase Report',
          'Expiry Report',
          'Stock Valuation',
          'Replenishment (disabled)',
        ],
      },
      {
        label: 'Setting',
        children: ['Update All Inventory (disabled)', 'Handling Charges', 'Permissions (disabled)', 'Activity (disabled)', 'Backups (disabled)'],
        endsWithLogout: true,
      },
    ]);
  });
});
