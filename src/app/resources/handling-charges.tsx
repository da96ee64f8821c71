import { DollarOutlined } from '@ant-design/icons';
import { formatINR } from '../../domain/money';
import { handlingChargeSchema } from '../../domain/schemas/handling-charge';
import { defineList, type ResourceDeclaration } from './types';

type HandlingCharge = { id: string; charge_type: string; amount: number };

/** One screen: the add/edit form sits above the table (SPEC.md section 2). */
export const handlingCharges: ResourceDeclaration = {
  name: 'handling-charges',
  label: 'Handling Charges',
  menu: { group: 'setting', icon: <DollarOutlined /> },
  routes: { list: '/handling-charges' },
  api: {},
  entity: { singular: 'handling charge', plural: 'handling charges' },
  list: defineList<HandlingCharge>({
    title: 'Handling Charges',
    emptyText: 'No handling charges found.',
    search: { placeholder: 'Search handling charges by type', label: (c) => c.charge_type },
    columns: [
      { key: 'charge_type', title: 'Type' },
      { key: 'amount', title: 'Amount', align: 'right', render: (c) => formatINR(c.amount), exportValue: (c) => c.amount },
    ],
  }),
  form: {
    titles: { create: 'Add Handling Charge', edit: 'Edit Handling Charge' },
    schemas: { create: handlingChargeSchema, edit: handlingChargeSchema },
    fields: [
      { name: 'charge_type', label: 'Charge Type', placeholder: 'e.g. Delivery fee' },
      { name: 'amount', label: 'Amount (INR)', step: 0.01, placeholder: '0.00' },
    ],
  },
};
