import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.js';
import { requiredText } from '../schemas/common.js';
import { defineResource } from '../resource.js';

/** Subcategories carry the GST defaults a product takes when it is saved with them (rates change by law). */
export const subcategoriesResource = defineResource({
  name: 'subcategories',
  path: '/subcategories',
  label: 'Subcategories',
  hint: 'Subcategory Listing, Add and Edit Subcategory (GST rate, GST type, HSN code)',
  entity: { title: 'Subcategory', singular: 'subcategory', plural: 'subcategories' },
  fields: {
    category_id: {
      kind: 'ref',
      label: 'Category',
      rule: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required'),
      column: 'Category',
      filter: true,
      ref: { resource: 'categories', labelField: 'name' },
    },
    name: { kind: 'text', label: 'Subcategory Name', rule: requiredText('Subcategory name', 100), column: 'Subcategory Name', search: true, sort: true },
    gst_rate: {
      kind: 'decimal',
      label: 'GST Rate (%)',
      column: 'GST Rate (%)',
      sort: true,
      rule: z
        .number({ error: 'GST rate is required and must be a number' })
        .min(0, 'GST rate cannot be negative')
        .max(100, 'GST rate must be at most 100')
        .refine(hasAtMostTwoDecimals, 'GST rate may have at most 2 decimals'),
    },
    gst_type: {
      kind: 'text',
      label: 'GST Type',
      rule: z.string({ error: 'GST type must be text' }).trim().max(50, 'GST type must be at most 50 characters').default(''),
      column: 'GST Type',
      placeholder: 'e.g. GST or Exempt',
    },
    hsn_code: {
      kind: 'text',
      label: 'HSN Code',
      column: 'HSN Code',
      search: true,
      placeholder: '4, 6 or 8 digits',
      rule: z
        .string({ error: 'HSN code must be text' })
        .trim()
        .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'HSN code must be 4, 6 or 8 digits')
        .default(''),
    },
    perishable: { kind: 'boolean', label: 'Perishable', rule: z.boolean({ error: 'Perishable must be true or false' }).default(false), column: 'Perishable' },
  },
  duplicateMessage: 'A subcategory with this name already exists in this category',
  defaultSort: { field: 'name', order: 'asc' },
  grants: { 'warehouse-user': ['list', 'show'] },
  screens: { list: '/subcategories', create: '/subcategory-registration', edit: '/subcategory-edit/:id' },
  menu: 'setting',
  list: { emptyText: 'No subcategories found', searchPlaceholder: 'Search subcategories by name or HSN code' },
});
