import { CloudServerOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/** Setting → Backups (issue 35): the archives of BACKUP_DIR, Run now, Download; its own 'backups' matrix row. */
export const backups: SpaResource = {
  name: 'backups',
  label: 'Backups',
  menu: { group: 'setting', icon: <CloudServerOutlined /> },
  routes: { list: '/backups' },
  pages: { list: lazy(() => import('../pages/backups/BackupsPage')) },
};
