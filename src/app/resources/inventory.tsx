import { DatabaseOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

export const inventory: ResourceDeclaration = {
  name: 'inventory',
  label: 'Inventory Listing',
  menu: { group: 'create', icon: <DatabaseOutlined /> },
  routes: { list: '/inventory', create: '/inventory-registration', edit: '/inventory-edit/:id' },
  api: {},
  entity: { singular: 'inventory record', plural: 'inventory' },
};

/** Stock of one city's warehouses (SPEC.md section 2): reached from the warehouse list, not the sidebar. */
export const inventoryByCity: ResourceDeclaration = {
  name: 'inventory-by-city',
  label: 'Inventory for City',
  routes: { list: '/inventory-by-city/:cityId' },
  access: { list: { resource: 'inventory', action: 'list' } },
};
