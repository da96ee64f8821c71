import type { ResourceDeclaration } from './types';

/** Read-only lists that feed selects (no screen of their own). */
export const categories: ResourceDeclaration = {
  name: 'categories',
  label: 'Categories',
  api: { path: 'categories/main', listKey: 'MainCategories' },
  entity: { singular: 'category', plural: 'categories' },
};

export const sellers: ResourceDeclaration = {
  name: 'sellers',
  label: 'Sellers',
  api: { path: 'users/by-role/seller' },
  entity: { singular: 'seller', plural: 'sellers' },
};
