import { BarChartOutlined, FieldTimeOutlined, PlusOutlined, ShopOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Button, Card, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

type Action = { label: string; to: string; icon: ReactNode; resource: string; action: 'create' | 'list' };

const ACTIONS: Action[] = [
  { label: 'Add Product', to: '/product-registration', icon: <ShoppingOutlined />, resource: 'products', action: 'create' },
  { label: 'Add Inventory', to: '/inventory-registration', icon: <PlusOutlined />, resource: 'inventory', action: 'create' },
  { label: 'View Reports', to: '/inventory-report', icon: <BarChartOutlined />, resource: 'inventory-report', action: 'list' },
  { label: 'Add Warehouse', to: '/warehouse-registration', icon: <ShopOutlined />, resource: 'warehouses', action: 'create' },
  { label: 'Expiry Report', to: '/expiry-report', icon: <FieldTimeOutlined />, resource: 'expiry-report', action: 'list' },
];

/** SPEC.md "Dashboard" quick actions; one the role may not use is greyed out with the reason, like the sidebar. */
export function QuickActions() {
  return (
    <Card size="small" title="Quick Actions" style={{ height: '100%' }}>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        {ACTIONS.map((action) => (
          <QuickAction key={action.label} {...action} />
        ))}
      </div>
    </Card>
  );
}

function QuickAction({ label, to, icon, resource, action }: Action) {
  const navigate = useNavigate();
  const { data } = useCan({ resource, action });
  const button = (
    <Button
      block
      disabled={data?.can !== true}
      onClick={() => navigate(to)}
      style={{ height: 96, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8 }}
    >
      <span style={{ fontSize: 24 }}>{icon}</span>
      {label}
    </Button>
  );
  return data?.can === false ? <Tooltip title={data.reason}>{button}</Tooltip> : button;
}
