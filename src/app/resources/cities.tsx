import { EnvironmentOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from './types';

export const cities: ResourceDeclaration = {
  name: 'cities',
  label: 'City Listing',
  menu: { group: 'create', icon: <EnvironmentOutlined /> },
  routes: { list: '/cities', create: '/city-registration', edit: '/city-edit/:id' },
  api: {},
  entity: { singular: 'city', plural: 'cities' },
};
