import type { SpaResource } from './types';

// Read-only lists that feed selects (no screen of their own).
/** GET /categories/main: every category with its subcategories and their GST defaults (the product form). */
export const categoryTree: SpaResource = {
  name: 'category-tree',
  label: 'Categories',
  access: { list: { resource: 'categories', action: 'list' } },
  api: { path: 'categories/main', listKey: 'MainCategories' },
  entity: { singular: 'category', plural: 'categories' },
};

export const sellers: SpaResource = {
  name: 'sellers',
  label: 'Sellers',
  api: { path: 'users/by-role/seller' },
  entity: { singular: 'seller', plural: 'sellers' },
};
