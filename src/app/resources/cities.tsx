import { EnvironmentOutlined } from '@ant-design/icons';
import { LIST_ENTRIES_SHOWN } from '../../domain/constants';
import { citySchema } from '../../domain/schemas/city';
import { ActiveTag, firstOf, formatDate } from '../crud/cells';
import { defineList, type ResourceDeclaration } from './types';

type City = { id: string; name: string; state: string; district: string; pincode: string; wards: string[]; is_active: boolean; created: string };

export const cities: ResourceDeclaration = {
  name: 'cities',
  label: 'City Listing',
  menu: { group: 'create', icon: <EnvironmentOutlined /> },
  routes: { list: '/cities', create: '/city-registration', edit: '/city-edit/:id' },
  api: {},
  entity: { singular: 'city', plural: 'cities' },
  list: defineList<City>({
    title: 'City Management',
    createLabel: 'Add City',
    emptyText: 'No cities found',
    search: { placeholder: 'Search cities by name, state, district or pincode', label: (c) => `${c.name}, ${c.state}` },
    columns: [
      { key: 'name', title: 'City Name', sort: 'name' },
      { key: 'state', title: 'State', sort: 'state', filter: { options: 'text' } },
      { key: 'district', title: 'District', sort: 'district' },
      { key: 'pincode', title: 'Pincode', sort: 'pincode' },
      { key: 'wards', title: 'Wards', render: (c) => firstOf(c.wards, LIST_ENTRIES_SHOWN), exportValue: (c) => c.wards.join(', ') },
      {
        key: 'is_active', title: 'Status', render: (c) => <ActiveTag active={c.is_active} />, exportValue: (c) => (c.is_active ? 'Active' : 'Inactive'),
        filter: { options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }] },
      },
      { key: 'created', title: 'Created', render: (c) => formatDate(c.created), exportValue: (c) => c.created, sort: 'created' },
    ],
  }),
  form: {
    titles: { create: 'Add City', edit: 'Edit City' },
    schemas: { create: citySchema, edit: citySchema },
    initialValues: { wards: [''], is_active: true },
    fields: [
      { name: 'name', label: 'City Name' },
      { name: 'state', label: 'State' },
      { name: 'district', label: 'District' },
      { name: 'pincode', label: 'Pincode', maxLength: 6, inputMode: 'numeric', placeholder: '6-digit pincode' },
      { name: 'wards', label: 'Wards', itemLabel: 'Ward', wide: true },
      { name: 'is_active', label: 'Active' },
    ],
  },
};
