import { AuditOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

/** Physical counts of a warehouse (issue 19): list and new on one screen, the count sheet and review on another. */
export const stockTakes: ResourceDeclaration = {
  name: 'stock-takes',
  label: 'Stock Takes',
  menu: { group: 'create', icon: <AuditOutlined /> },
  routes: { list: '/stock-takes', show: '/stock-takes/:id' },
  api: {},
  entity: { singular: 'stock take', plural: 'stock takes' },
};
