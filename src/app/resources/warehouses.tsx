import { AppstoreOutlined, DatabaseOutlined, PlusSquareOutlined, ShopOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { App, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ActionButton } from '../crud/list/ActionButton';
import type { SpaPart } from '../declared/declared';
import { useT } from '../i18n/use-t';
import type { ApiRecord } from './types';

/** What the row buttons read of a warehouse row. */
type WarehouseRow = { id: string; city_id: string | null };

/** A row button that a role without the permission sees greyed out, with the reason, instead of meeting a 403 page. */
function GatedButton({
  resource,
  action,
  ...button
}: {
  resource: string;
  action: 'list' | 'create';
  icon: ReactNode;
  label: string;
  compact?: boolean;
  onClick: () => void;
}) {
  const { data } = useCan({ resource, action });
  const { t, tx } = useT();
  const reason = data && !data.can ? (typeof data.reason === 'string' ? tx(data.reason) : t('warehouses.actions.notAvailable')) : null;
  return <ActionButton {...button} disabled={data?.can !== true} disabledReason={reason} />;
}

/** SPEC.md section 2: View Products, View Inventory and Add Inventory on every warehouse row. */
function WarehouseRowActions({ record, compact }: { record: ApiRecord; compact?: boolean }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useT();
  // The list hands its own rows to its row buttons: a warehouse's.
  const row = record as WarehouseRow;
  const warehouse = encodeURIComponent(row.id);
  const city = row.city_id ? encodeURIComponent(row.city_id) : null;
  const needsCity = (to: string) => () => (city ? navigate(to) : void message.error(t('warehouses.actions.noCity')));
  return (
    <Space size="small">
      <GatedButton
        resource="products"
        action="list"
        icon={<AppstoreOutlined />}
        label={t('warehouses.actions.viewProducts')}
        compact={compact}
        onClick={() => navigate(`/product-listing?warehouse_id=${warehouse}`)}
      />
      <GatedButton
        resource="inventory-by-city"
        action="list"
        icon={<DatabaseOutlined />}
        label={t('warehouses.actions.viewInventory')}
        compact={compact}
        onClick={needsCity(`/inventory-by-city/${city}?warehouse_id=${warehouse}`)}
      />
      <GatedButton
        resource="inventory"
        action="create"
        icon={<PlusSquareOutlined />}
        label={t('warehouses.actions.addInventory')}
        compact={compact}
        onClick={() => navigate(`/inventory-registration?warehouse_id=${warehouse}${city ? `&city_id=${city}` : ''}`)}
      />
    </Space>
  );
}

/** Warehouse Listing: the shared declaration, with the sidebar icon and the row buttons to products and stock. */
export default {
  menuOrder: 40,
  icon: <ShopOutlined />,
  list: { rowActions: WarehouseRowActions, compactActions: true },
} satisfies SpaPart;
