import { DollarOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

/** One screen: the add/edit form sits above the table (SPEC.md section 2). */
export const handlingCharges: ResourceDeclaration = {
  name: 'handling-charges',
  label: 'Handling Charges',
  menu: { group: 'setting', icon: <DollarOutlined /> },
  routes: { list: '/handling-charges' },
  api: {},
  entity: { singular: 'handling charge', plural: 'handling charges' },
};
