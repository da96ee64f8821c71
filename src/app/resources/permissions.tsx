import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

/** The role × resource × action matrix (issue 7): reads and replaces GET/PUT /api/permissions through `useCustom`. */
export const permissions: ResourceDeclaration = {
  name: 'permissions',
  label: 'Permissions',
  menu: { group: 'setting', icon: <SafetyCertificateOutlined /> },
  routes: { list: '/permissions' },
};
