import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { crudPage } from '../crud/crud-page';
import { resourceDeclarations } from '../resources';
import type { RefineAction } from '../resources/types';

export type BackOfficeRoute = {
  /** SPEC.md section 2 path. */
  path: string;
  /** Refine resource and action checked by <CanAccess> (the declaration maps them to a policy permission). */
  resource: string;
  action: RefineAction;
  /** Lazy, so signing in does not download every screen. */
  page: LazyExoticComponent<ComponentType>;
};

/**
 * Every back-office screen. Each is behind sign-in and the access policy (a 403 page when the role may not
 * open it). A new screen is a `lazy(() => import('../pages/...'))` entry here.
 */
const specialRoutes: BackOfficeRoute[] = [
  { path: '/admin-dashboard', resource: 'dashboard', action: 'list', page: lazy(() => import('../pages/dashboard/DashboardPage')) },

  { path: '/inventory', resource: 'inventory', action: 'list', page: lazy(() => import('../pages/inventory/list/InventoryListPage')) },
  { path: '/inventory-registration', resource: 'inventory', action: 'create', page: lazy(() => import('../pages/inventory/stock/AddInventoryPage')) },
  { path: '/inventory-edit/:id', resource: 'inventory', action: 'edit', page: lazy(() => import('../pages/inventory/stock/AdjustStockPage')) },
  { path: '/inventory-by-city/:cityId', resource: 'inventory-by-city', action: 'list', page: lazy(() => import('../pages/inventory/by-city/InventoryByCityPage')) },

  { path: '/transfers', resource: 'transfers', action: 'list', page: lazy(() => import('../pages/transfers/TransfersPage')) },
  { path: '/transfers/new', resource: 'transfers', action: 'create', page: lazy(() => import('../pages/transfers/NewTransferPage')) },
  { path: '/transfers/:id', resource: 'transfers', action: 'show', page: lazy(() => import('../pages/transfers/TransferPage')) },

  { path: '/stock-takes', resource: 'stock-takes', action: 'list', page: lazy(() => import('../pages/stock-takes/StockTakesPage')) },
  { path: '/stock-takes/:id', resource: 'stock-takes', action: 'show', page: lazy(() => import('../pages/stock-takes/StockTakePage')) },

  { path: '/inventory-report', resource: 'inventory-report', action: 'list', page: lazy(() => import('../pages/reports/inventory-report/InventoryReportPage')) },
  { path: '/sale-purchase-report', resource: 'sale-purchase-report', action: 'list', page: lazy(() => import('../pages/reports/sale-purchase/SalePurchaseReportPage')) },
  { path: '/expiry-report', resource: 'expiry-report', action: 'list', page: lazy(() => import('../pages/reports/expiry/ExpiryReportPage')) },
  { path: '/update-all-inventory', resource: 'update-all-inventory', action: 'list', page: lazy(() => import('../pages/update-all-inventory/UpdateAllInventoryPage')) },
  { path: '/handling-charges', resource: 'handling-charges', action: 'list', page: lazy(() => import('../pages/handling-charges/HandlingChargesPage')) },
  { path: '/permissions', resource: 'permissions', action: 'list', page: lazy(() => import('../pages/permissions/PermissionsPage')) },
];

const CRUD_SCREENS = ['list', 'create', 'edit'] as const;

/**
 * The list/create/edit screens of every resource with a list or form declaration, on the generic pages: the
 * SPEC.md ones (products, users, cities, warehouses: `resources/<name>.tsx`) and every declared resource
 * (`src/domain/resources`, through `fromSpec`). A path listed above keeps its own page (handling charges).
 */
function crudRoutes(taken: Set<string>): BackOfficeRoute[] {
  return resourceDeclarations.flatMap((declaration) =>
    CRUD_SCREENS.flatMap((action) => {
      const path = declaration.routes?.[action];
      const declared = action === 'list' ? declaration.list : declaration.form;
      if (!path || !declared || taken.has(path)) return [];
      return [{ path, resource: declaration.name, action, page: crudPage(action, declaration.name) }];
    }),
  );
}

export const backOfficeRoutes: BackOfficeRoute[] = [...specialRoutes, ...crudRoutes(new Set(specialRoutes.map((r) => r.path)))];
