import { money, requiredText } from '../schemas/common.js';
import { defineResource } from '../resource.js';

/** SPEC.md section 2: charges added to orders, kept by warehouse staff as well as admins. */
export const handlingChargesResource = defineResource({
  name: 'handling-charges',
  path: '/handling-charges',
  label: 'Handling Charges',
  entity: { title: 'Handling charge', singular: 'handling charge', plural: 'handling charges' },
  fields: {
    charge_type: {
      kind: 'text',
      label: 'Charge Type',
      rule: requiredText('Charge type', 100),
      column: 'Type',
      search: true,
      sort: true,
      placeholder: 'e.g. Delivery fee',
    },
    amount: { kind: 'money', label: 'Amount (INR)', rule: money('Amount'), column: 'Amount', sort: true, placeholder: '0.00' },
  },
  grants: { 'warehouse-user': ['list', 'show', 'create', 'edit', 'delete'] },
  timestamps: { created: true, modified: true },
  // One screen: the SPA's own page (form above the table) serves the list route.
  screens: { list: '/handling-charges' },
  menu: 'setting',
  list: { emptyText: 'No handling charges found.', searchPlaceholder: 'Search handling charges by type' },
});
