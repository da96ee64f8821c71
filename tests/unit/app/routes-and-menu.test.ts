import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, can } from '../../../src/domain/policy.js';
import type { Role } from '../../../src/domain/roles.js';
import { backOfficeRoutes } from '../../../src/app/routes/back-office-routes.js';
import { menuGroups, permissionFor, resourceDeclarations } from '../../../src/app/resources/index.js';
import { toRefineResources } from '../../../src/app/resources/refine-resources.js';

/** SPEC.md section 2, routes behind the protected wrapper. */
const SPEC_BACK_OFFICE_PATHS = [
  '/admin-dashboard', '/product-listing', '/product-registration', '/product-edit/:id', '/users', '/user-registration',
  '/user-edit/:id', '/cities', '/city-registration', '/city-edit/:id', '/warehouses', '/warehouse-registration',
  '/warehouse-edit/:id', '/inventory', '/inventory-registration', '/inventory-edit/:id', '/inventory-report', '/expiry-report',
  '/sale-purchase-report', '/update-all-inventory', '/handling-charges', '/inventory-by-city/:cityId',
  // Not in SPEC.md: the permissions matrix of issue 7.
  '/permissions',
  // Not in SPEC.md: stock takes of issue 19.
  '/stock-takes', '/stock-takes/:id',
  // Not in SPEC.md: transfers between warehouses of issue 18.
  '/transfers', '/transfers/new', '/transfers/:id',
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
  it('route exactly the SPEC.md paths, each once', () => {
    const paths = backOfficeRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_BACK_OFFICE_PATHS].sort());
  });

  it('each route is guarded by a permission the policy knows', () => {
    for (const route of backOfficeRoutes) expect(permissionFor(route.resource, route.action), route.path).not.toBeNull();
  });

  it("every declared screen path is routed, under the declaration's resource and action", () => {
    for (const declaration of resourceDeclarations) {
      for (const [action, path] of Object.entries(declaration.routes ?? {})) {
        expect(backOfficeRoutes.find((r) => r.path === path), path).toMatchObject({ resource: declaration.name, action });
      }
    }
  });
});

describe('sidebar (SPEC.md sections 2 and 6)', () => {
  it('admin: Dashboard, the Create group and the Setting group ending with Logout, all usable', () => {
    expect(sidebarFor('admin')).toEqual([
      { label: 'Dashboard', enabled: true },
      { label: 'Create', children: ['Product Listing', 'User Listing', 'City Listing', 'Warehouse Listing', 'Inventory Listing', 'Transfers', 'Stock Takes', 'Inventory Report', 'Sale Purchase Report', 'Expiry Report'] },
      { label: 'Setting', children: ['Update All Inventory', 'Handling Charges', 'Permissions'], endsWithLogout: true },
    ]);
  });

  it('warehouse-user: Product, User and City Listing and Update All Inventory greyed out, the rest usable', () => {
    expect(sidebarFor('warehouse-user')).toEqual([
      { label: 'Dashboard', enabled: true },
      {
        label: 'Create',
        children: ['Product Listing (disabled)', 'User Listing (disabled)', 'City Listing (disabled)', 'Warehouse Listing', 'Inventory Listing', 'Transfers', 'Stock Takes', 'Inventory Report', 'Sale Purchase Report', 'Expiry Report'],
      },
      { label: 'Setting', children: ['Update All Inventory (disabled)', 'Handling Charges', 'Permissions (disabled)'], endsWithLogout: true },
    ]);
  });
});
