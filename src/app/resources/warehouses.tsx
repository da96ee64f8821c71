import { ShopOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

export const warehouses: ResourceDeclaration = {
  name: 'warehouses',
  label: 'Warehouse Listing',
  menu: { group: 'create', icon: <ShopOutlined /> },
  routes: { list: '/warehouses', create: '/warehouse-registration', edit: '/warehouse-edit/:id' },
  api: {},
  entity: { singular: 'warehouse', plural: 'warehouses' },
};
