import { SafetyCertificateOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/** The role × resource × action matrix (issue 7): reads and replaces GET/PUT /api/permissions through `useCustom`. */
export const permissions: SpaResource = {
  name: 'permissions',
  label: 'Permissions',
  menu: { group: 'setting', icon: <SafetyCertificateOutlined /> },
  routes: { list: '/permissions' },
  pages: { list: lazy(() => import('../pages/permissions/PermissionsPage')) },
};
