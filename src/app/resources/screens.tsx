import { AccountBookOutlined, BarChartOutlined, DashboardOutlined, FieldTimeOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/** Screens without a REST resource of their own: they read through `useCustom`. */
export const dashboard: SpaResource = {
  name: 'dashboard',
  label: 'Dashboard',
  menu: { icon: <DashboardOutlined /> },
  routes: { list: '/admin-dashboard' },
  pages: { list: lazy(() => import('../pages/dashboard/DashboardPage')) },
  access: { list: { resource: 'dashboard', action: 'show' } },
};

export const inventoryReport: SpaResource = {
  name: 'inventory-report',
  label: 'Inventory Report',
  menu: { group: 'create', icon: <BarChartOutlined />, order: 80 },
  routes: { list: '/inventory-report' },
  pages: { list: lazy(() => import('../pages/reports/inventory-report/InventoryReportPage')) },
  access: { list: { resource: 'reports', action: 'list' } },
};

export const salePurchaseReport: SpaResource = {
  name: 'sale-purchase-report',
  label: 'Sale Purchase Report',
  menu: { group: 'create', icon: <FileTextOutlined />, order: 90 },
  routes: { list: '/sale-purchase-report' },
  pages: { list: lazy(() => import('../pages/reports/sale-purchase/SalePurchaseReportPage')) },
  access: { list: { resource: 'reports', action: 'list' } },
};

/** What the stock held cost, as of any day, from the ledger (issue 28). */
export const stockValuation: SpaResource = {
  name: 'stock-valuation',
  label: 'Stock Valuation',
  menu: { group: 'create', icon: <AccountBookOutlined />, order: 110 },
  routes: { list: '/stock-valuation' },
  pages: { list: lazy(() => import('../pages/reports/stock-valuation/StockValuationPage')) },
  access: { list: { resource: 'reports', action: 'list' } },
};

/** Perishables (issue 17): stock by expiry window, and the write-off of what has expired. */
export const expiryReport: SpaResource = {
  name: 'expiry-report',
  label: 'Expiry Report',
  menu: { group: 'create', icon: <FieldTimeOutlined />, order: 100 },
  routes: { list: '/expiry-report' },
  pages: { list: lazy(() => import('../pages/reports/expiry/ExpiryReportPage')) },
  access: { list: { resource: 'inventory', action: 'list' } },
};

export const updateAllInventory: SpaResource = {
  name: 'update-all-inventory',
  label: 'Update All Inventory',
  menu: { group: 'setting', icon: <SyncOutlined />, order: 10 },
  routes: { list: '/update-all-inventory' },
  pages: { list: lazy(() => import('../pages/update-all-inventory/UpdateAllInventoryPage')) },
  access: { list: { resource: 'update-all-inventory', action: 'update-all' } },
};

/** Stock of one city's warehouses (SPEC.md section 2): reached from the warehouse list, not the sidebar. */
export const inventoryByCity: SpaResource = {
  name: 'inventory-by-city',
  label: 'Inventory for City',
  routes: { list: '/inventory-by-city/:cityId' },
  pages: { list: lazy(() => import('../pages/inventory/by-city/InventoryByCityPage')) },
  access: { list: { resource: 'inventory', action: 'list' } },
};
