import { AppstoreOutlined, DatabaseOutlined, PlusSquareOutlined, ShopOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { App, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { WAREHOUSE_ADDRESS_CUT } from '../../domain/constants';
import { warehouseSchema } from '../../domain/schemas/warehouse';
import { ActiveTag, CutText } from '../crud/cells';
import { ActionButton } from '../crud/list/ActionButton';
import { defineList, type ResourceDeclaration } from './types';

type Warehouse = {
  id: string; name: string; city_id: string | null; city: string | null; address: string; status: string;
  contact_person: string; contact_phone: string; contact_email: string;
};

/** A row button that a role without the permission sees greyed out, with the reason, instead of meeting a 403 page. */
function GatedButton({ resource, action, ...button }: { resource: string; action: 'list' | 'create'; icon: ReactNode; label: string; compact?: boolean; onClick: () => void }) {
  const { data } = useCan({ resource, action });
  return <ActionButton {...button} disabled={data?.can !== true} disabledReason={data && !data.can ? (data.reason ?? 'Not available.') : null} />;
}

/** SPEC.md section 2: View Products, View Inventory and Add Inventory on every warehouse row. */
function WarehouseRowActions({ record, compact }: { record: Warehouse; compact?: boolean }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const warehouse = encodeURIComponent(record.id);
  const city = record.city_id ? encodeURIComponent(record.city_id) : null;
  const needsCity = (to: string) => () => (city ? navigate(to) : void message.error('Warehouse does not have a city assigned.'));
  return (
    <Space size="small">
      <GatedButton resource="products" action="list" icon={<AppstoreOutlined />} label="View Products" compact={compact}
        onClick={() => navigate(`/product-listing?warehouse_id=${warehouse}`)} />
      <GatedButton resource="inventory-by-city" action="list" icon={<DatabaseOutlined />} label="View Inventory" compact={compact}
        onClick={needsCity(`/inventory-by-city/${city}?warehouse_id=${warehouse}`)} />
      <GatedButton resource="inventory" action="create" icon={<PlusSquareOutlined />} label="Add Inventory" compact={compact}
        onClick={() => navigate(`/inventory-registration?warehouse_id=${warehouse}${city ? `&city_id=${city}` : ''}`)} />
    </Space>
  );
}

export const warehouses: ResourceDeclaration = {
  name: 'warehouses',
  label: 'Warehouse Listing',
  menu: { group: 'create', icon: <ShopOutlined /> },
  routes: { list: '/warehouses', create: '/warehouse-registration', edit: '/warehouse-edit/:id' },
  api: {},
  entity: { singular: 'warehouse', plural: 'warehouses' },
  list: defineList<Warehouse>({
    title: 'Warehouse Management',
    createLabel: 'Add Warehouse',
    emptyText: 'No warehouses found',
    search: { placeholder: 'Search warehouses by name, city, address or contact', label: (w) => w.name },
    rowActions: WarehouseRowActions,
    compactActions: true,
    columns: [
      { key: 'name', title: 'Warehouse Name', sort: 'name' },
      {
        key: 'city', title: 'City', render: (w) => w.city ?? 'Unknown City', exportValue: (w) => w.city ?? 'Unknown City', sort: 'city',
        filter: { param: 'city_id', options: { resource: 'cities', labelField: 'name' } },
      },
      { key: 'address', title: 'Address', render: (w) => <CutText text={w.address} max={WAREHOUSE_ADDRESS_CUT} /> },
      {
        key: 'status', title: 'Status', render: (w) => <ActiveTag active={w.status === 'active'} />, sort: 'status',
        filter: { options: [{ value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }] },
      },
      { key: 'contact_person', title: 'Contact Person' },
      { key: 'contact_phone', title: 'Phone', render: (w) => <span style={{ whiteSpace: 'nowrap' }}>{w.contact_phone}</span> },
    ],
  }),
  form: {
    titles: { create: 'Add Warehouse', edit: 'Edit Warehouse' },
    schemas: { create: warehouseSchema, edit: warehouseSchema },
    initialValues: { status: 'active' },
    fields: [
      { name: 'name', label: 'Warehouse Name' },
      { name: 'city_id', label: 'City', input: 'select', options: { resource: 'cities', labelField: 'name' }, placeholder: 'Select a city' },
      { name: 'address', label: 'Address', input: 'textarea', wide: true },
      { name: 'status', label: 'Status', options: [{ value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }] },
      { name: 'contact_person', label: 'Contact Person' },
      { name: 'contact_phone', label: 'Contact Phone', input: 'tel', autoComplete: 'tel', placeholder: '+91 98290 11223' },
      { name: 'contact_email', label: 'Contact Email', input: 'email', autoComplete: 'email' },
      { name: 'description', label: 'Description', input: 'textarea', wide: true },
    ],
  },
};
