import { WAREHOUSE_ADDRESS_CUT, WAREHOUSE_STATUSES } from '../constants.js';
import { choice, email, optionalText, phone, requiredText } from '../schemas/common.js';
import { defineResource } from '../resource.js';

/**
 * SPEC.md section 2's Warehouse Listing on the shared declaration. Its rows are warehouse-scoped (a user with scope
 * 'assigned' sees and changes only theirs) and stock keeps one from deletion: both are declared with its table
 * (src/server/resources/warehouses.ts). The row buttons to products and stock are the SPA's (src/app/resources/warehouses.tsx).
 */
export const warehousesResource = defineResource({
  name: 'warehouses',
  path: '/warehouses',
  label: 'Warehouses',
  menuLabel: 'Warehouse Listing',
  hint: 'Warehouse Listing, Add and Edit Warehouse',
  entity: { title: 'Warehouse', singular: 'warehouse', plural: 'warehouses' },
  fields: {
    name: { kind: 'text', label: 'Warehouse Name', rule: requiredText('Warehouse name', 150), column: 'Warehouse Name', search: true, sort: true },
    city_id: {
      kind: 'ref',
      label: 'City',
      rule: requiredText('City', 64),
      column: 'City',
      search: true,
      sort: true,
      filter: true,
      ref: { resource: 'cities', labelField: 'name', as: 'city', unknown: 'Unknown City' },
      placeholder: 'Select a city',
      notAnId: 'city_id must be an id',
    },
    address: {
      kind: 'text',
      label: 'Address',
      rule: requiredText('Address', 500),
      column: 'Address',
      search: true,
      input: 'textarea',
      cut: WAREHOUSE_ADDRESS_CUT,
    },
    status: {
      kind: 'choice',
      label: 'Status',
      column: 'Status',
      sort: true,
      filter: true,
      initial: 'active',
      rule: choice(WAREHOUSE_STATUSES, 'Status', "Status must be 'active' or 'inactive'"),
      options: [
        { value: 'active', label: 'Active', color: 'green' },
        { value: 'inactive', label: 'Inactive' },
      ],
    },
    contact_person: { kind: 'text', label: 'Contact Person', rule: requiredText('Contact person', 150), column: 'Contact Person', search: true },
    contact_phone: {
      kind: 'text',
      label: 'Contact Phone',
      rule: phone('Contact phone'),
      column: 'Phone',
      nowrap: true,
      input: 'tel',
      autoComplete: 'tel',
      placeholder: '+91 98290 11223',
    },
    contact_email: { kind: 'text', label: 'Contact Email', rule: email('Contact email'), input: 'email', autoComplete: 'email' },
    description: { kind: 'text', label: 'Description', rule: optionalText('Description', 1000), input: 'textarea' },
  },
  // Warehouse users see the warehouses (their own, with scope 'assigned') to run stock from them.
  grants: { 'warehouse-user': ['list', 'show'] },
  timestamps: { created: true, modified: true },
  screens: { list: '/warehouses', create: '/warehouse-registration', edit: '/warehouse-edit/:id' },
  menu: 'create',
  list: {
    title: 'Warehouse Management',
    emptyText: 'No warehouses found',
    searchPlaceholder: 'Search warehouses by name, city, address or contact',
    suggestion: ['name'],
  },
});
