import { ShoppingCartOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/** What to reorder per warehouse, and draft purchase orders from it (issue 31): a screen of its own, read through `useCustom`. */
export const replenishment: SpaResource = {
  name: 'replenishment',
  label: 'Replenishment',
  menu: { group: 'create', icon: <ShoppingCartOutlined /> },
  routes: { list: '/replenishment' },
  pages: { list: lazy(() => import('../pages/replenishment/ReplenishmentPage')) },
};
