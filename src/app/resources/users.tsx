import { TeamOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

export const users: ResourceDeclaration = {
  name: 'users',
  label: 'User Listing',
  menu: { group: 'create', icon: <TeamOutlined /> },
  routes: { list: '/users', create: '/user-registration', edit: '/user-edit/:id' },
  api: { listKey: 'users', createPath: 'users/create' },
  entity: { singular: 'user', plural: 'users' },
};
