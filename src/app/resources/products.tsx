import { ShoppingOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

export const products: ResourceDeclaration = {
  name: 'products',
  label: 'Product Listing',
  menu: { group: 'create', icon: <ShoppingOutlined /> },
  routes: { list: '/product-listing', create: '/product-registration', edit: '/product-edit/:id' },
  api: { updateMethod: 'PATCH' },
  entity: { singular: 'product', plural: 'products' },
  errors: { create: 'Failed to add product' },
};
