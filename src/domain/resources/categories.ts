import { requiredText } from '../schemas/common.js';
import { defineResource } from '../resource.js';

/** Main categories of the catalogue; products and subcategories belong to one. */
export const categoriesResource = defineResource({
  name: 'categories',
  path: '/categories',
  label: 'Categories',
  hint: 'Category Listing, Add and Edit Category; category pickers',
  entity: { title: 'Category', singular: 'category', plural: 'categories' },
  fields: {
    name: { kind: 'text', label: 'Category Name', rule: requiredText('Category name', 100), column: 'Category Name', search: true, sort: true, unique: true },
  },
  duplicateMessage: 'A category with this name already exists',
  defaultSort: { field: 'name', order: 'asc' },
  grants: { 'warehouse-user': ['list', 'show'] },
  timestamps: { created: true },
  screens: { list: '/categories', create: '/category-registration', edit: '/category-edit/:id' },
  menu: 'setting',
  list: { emptyText: 'No categories found', searchPlaceholder: 'Search categories by name' },
});
