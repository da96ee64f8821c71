import { AuditOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/** Physical counts of a warehouse (issue 19): list and new on one screen, the count sheet and review on another. */
export const stockTakes: SpaResource = {
  name: 'stock-takes',
  label: 'Stock Takes',
  menu: { group: 'create', icon: <AuditOutlined />, order: 70 },
  routes: { list: '/stock-takes', show: '/stock-takes/:id' },
  pages: { list: lazy(() => import('../pages/stock-takes/StockTakesPage')), show: lazy(() => import('../pages/stock-takes/StockTakePage')) },
  api: {},
  entity: { singular: 'stock take', plural: 'stock takes' },
};
