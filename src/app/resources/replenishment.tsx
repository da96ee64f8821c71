import { ShoppingCartOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

/** What to reorder per warehouse, and draft purchase orders from it (issue 31): a screen of its own, read through `useCustom`. */
export const replenishment: ResourceDeclaration = {
  name: 'replenishment',
  label: 'Replenishment',
  menu: { group: 'create', icon: <ShoppingCartOutlined /> },
  routes: { list: '/replenishment' },
};
