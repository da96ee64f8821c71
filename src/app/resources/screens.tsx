import { AccountBookOutlined, BarChartOutlined, DashboardOutlined, FieldTimeOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

/** Screens without a REST resource of their own: they read through `useCustom`. */
export const dashboard: ResourceDeclaration = {
  name: 'dashboard',
  label: 'Dashboard',
  menu: { icon: <DashboardOutlined /> },
  routes: { list: '/admin-dashboard' },
  access: { list: { resource: 'dashboard', action: 'show' } },
};

export const inventoryReport: ResourceDeclaration = {
  name: 'inventory-report',
  label: 'Inventory Report',
  menu: { group: 'create', icon: <BarChartOutlined /> },
  routes: { list: '/inventory-report' },
  access: { list: { resource: 'reports', action: 'list' } },
};

export const salePurchaseReport: ResourceDeclaration = {
  name: 'sale-purchase-report',
  label: 'Sale Purchase Report',
  menu: { group: 'create', icon: <FileTextOutlined /> },
  routes: { list: '/sale-purchase-report' },
  access: { list: { resource: 'reports', action: 'list' } },
};

/** What the stock held cost, as of any day, from the ledger (issue 28). */
export const stockValuation: ResourceDeclaration = {
  name: 'stock-valuation',
  label: 'Stock Valuation',
  menu: { group: 'create', icon: <AccountBookOutlined /> },
  routes: { list: '/stock-valuation' },
  access: { list: { resource: 'reports', action: 'list' } },
};

/** Perishables (issue 17): stock by expiry window, and the write-off of what has expired. */
export const expiryReport: ResourceDeclaration = {
  name: 'expiry-report',
  label: 'Expiry Report',
  menu: { group: 'create', icon: <FieldTimeOutlined /> },
  routes: { list: '/expiry-report' },
  access: { list: { resource: 'inventory', action: 'list' } },
};

export const updateAllInventory: ResourceDeclaration = {
  name: 'update-all-inventory',
  label: 'Update All Inventory',
  menu: { group: 'setting', icon: <SyncOutlined /> },
  routes: { list: '/update-all-inventory' },
  access: { list: { resource: 'update-all-inventory', action: 'update-all' } },
};
