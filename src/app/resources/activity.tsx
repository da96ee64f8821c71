import { HistoryOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/**
 * Everything anyone changed (issue 32), read through Refine's audit log provider (GET /api/history). Named after the
 * matrix row that opens it (`history: list`), so the sidebar, the route guard and each record's History ask the same.
 */
export const activity: SpaResource = {
  name: 'history',
  label: 'Activity',
  menu: { group: 'setting', icon: <HistoryOutlined /> },
  routes: { list: '/activity' },
  pages: { list: lazy(() => import('../pages/activity/ActivityPage')) },
};
