import type { ComponentType } from 'react';
import { crudPage } from '../crud/crud-page';
import { resourceDeclarations } from '../resources';
import type { RefineAction } from '../resources/types';
import { retryableLazy as lazy } from './retryable-lazy';

export type BackOfficeRoute = {
  /** SPEC.md section 2 path. */
  path: string;
  /** Refine resource and action checked by <CanAccess> (the declaration maps them to a policy permission). */
  resource: string;
  action: RefineAction;
  /** Lazy, so signing in does not download every screen (and loadable again after a failed download). */
  page: ComponentType;
};

type Page = BackOfficeRoute['page'];
type Screen = 'list' | 'create' | 'edit' | 'show';

/** A resource's screens of its own, at the paths its declaration names (`routes`): each path is written once. */
function screensOf(name: string, pages: Partial<Record<Screen, Page>>): BackOfficeRoute[] {
  const declaration = resourceDeclarations.find((d) => d.name === name);
  return (Object.entries(pages) as [Screen, Page][]).map(([action, page]) => {
    const path = declaration?.routes?.[action];
    if (!path) throw new Error(`Resource '${name}' declares no ${action} screen`);
    return { path, resource: name, action, page };
  });
}

/**
 * Every back-office screen with a page of its own. Each is behind sign-in and the access policy (a 403 page when the
 * role may not open it). A new screen is a path in its resource declaration and a `lazy(() => import('../pages/...'))`
 * entry here.
 */
const specialRoutes: BackOfficeRoute[] = [
  ...screensOf('dashboard', { list: lazy(() => import('../pages/dashboard/DashboardPage')) }),
  ...screensOf('inventory', {
    list: lazy(() => import('../pages/inventory/list/InventoryListPage')),
    create: lazy(() => import('../pages/inventory/stock/AddInventoryPage')),
    edit: lazy(() => import('../pages/inventory/stock/AdjustStockPage')),
  }),
  ...screensOf('inventory-by-city', { list: lazy(() => import('../pages/inventory/by-city/InventoryByCityPage')) }),
  ...screensOf('transfers', {
    list: lazy(() => import('../pages/transfers/TransfersPage')),
    create: lazy(() => import('../pages/transfers/NewTransferPage')),
    show: lazy(() => import('../pages/transfers/TransferPage')),
    edit: lazy(() => import('../pages/transfers/EditTransferPage')),
  }),
  ...screensOf('stock-takes', {
    list: lazy(() => import('../pages/stock-takes/StockTakesPage')),
    show: lazy(() => import('../pages/stock-takes/StockTakePage')),
  }),
  ...screensOf('inventory-report', { list: lazy(() => import('../pages/reports/inventory-report/InventoryReportPage')) }),
  ...screensOf('sale-purchase-report', { list: lazy(() => import('../pages/reports/sale-purchase/SalePurchaseReportPage')) }),
  ...screensOf('expiry-report', { list: lazy(() => import('../pages/reports/expiry/ExpiryReportPage')) }),
  ...screensOf('stock-valuation', { list: lazy(() => import('../pages/reports/stock-valuation/StockValuationPage')) }),
  ...screensOf('replenishment', { list: lazy(() => import('../pages/replenishment/ReplenishmentPage')) }),
  ...screensOf('update-all-inventory', { list: lazy(() => import('../pages/update-all-inventory/UpdateAllInventoryPage')) }),
  ...screensOf('handling-charges', { list: lazy(() => import('../pages/handling-charges/HandlingChargesPage')) }),
  ...screensOf('permissions', { list: lazy(() => import('../pages/permissions/PermissionsPage')) }),
];

const CRUD_SCREENS = ['list', 'create', 'edit', 'show'] as const;

/** What a generic screen renders: the list, the form (create and edit) or the record's page. */
const declaredScreen = (declaration: (typeof resourceDeclarations)[number], action: (typeof CRUD_SCREENS)[number]) =>
  action === 'list' ? declaration.list : action === 'show' ? declaration.show : declaration.form;

/**
 * The list/create/edit/show screens of every resource with a list, form or record page declaration, on the generic
 * pages: the SPEC.md ones (products, users, cities, warehouses: `resources/<name>.tsx`) and every declared resource
 * (`src/domain/resources`, through `fromSpec`). A path listed above keeps its own page (handling charges).
 */
function crudRoutes(taken: Set<string>): BackOfficeRoute[] {
  return resourceDeclarations.flatMap((declaration) =>
    CRUD_SCREENS.flatMap((action) => {
      const path = declaration.routes?.[action];
      if (!path || !declaredScreen(declaration, action) || taken.has(path)) return [];
      return [{ path, resource: declaration.name, action, page: crudPage(action, declaration.name) }];
    }),
  );
}

export const backOfficeRoutes: BackOfficeRoute[] = [...specialRoutes, ...crudRoutes(new Set(specialRoutes.map((r) => r.path)))];
