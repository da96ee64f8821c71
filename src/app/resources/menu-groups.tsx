import { AppstoreAddOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuGroup } from './types';

/** SPEC.md section 2 sidebar: Dashboard; a Create group; a Setting group ending with Logout. */
export const menuGroups: MenuGroup[] = [
  { name: 'create', label: 'Create', icon: <AppstoreAddOutlined /> },
  { name: 'setting', label: 'Setting', icon: <SettingOutlined />, withLogout: true },
];
