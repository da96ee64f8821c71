import { BarChartOutlined, FieldTimeOutlined, PlusOutlined, ShopOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Button, Card, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { Translate } from '../reports/shared/translate';

type Action = { label: string; to: string; icon: ReactNode; resource: string; action: 'create' | 'list' };

const actionsOf = (t: Translate): Action[] => [
  { label: t('dashboard.addProduct'), to: '/product-registration', icon: <ShoppingOutlined />, resource: 'products', action: 'create' },
  { label: t('dashboard.addInventory'), to: '/inventory-registration', icon: <PlusOutlined />, resource: 'inventory', action: 'create' },
  { label: t('dashboard.viewReports'), to: '/inventory-report', icon: <BarChartOutlined />, resource: 'inventory-report', action: 'list' },
  { label: t('dashboard.addWarehouse'), to: '/warehouse-registration', icon: <ShopOutlined />, resource: 'warehouses', action: 'create' },
  { label: t('menu.expiryReport'), to: '/expiry-report', icon: <FieldTimeOutlined />, resource: 'expiry-report', action: 'list' },
];

/** SPEC.md "Dashboard" quick actions; one the role may not use is greyed out with the reason, like the sidebar. */
export function QuickActions() {
  const { t } = useT();
  return (
    <Card size="small" title={t('dashboard.quickActions')} style={{ height: '100%' }}>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        {actionsOf(t).map((action) => (
          <QuickAction key={action.to} {...action} />
        ))}
      </div>
    </Card>
  );
}

function QuickAction({ label, to, icon, resource, action }: Action) {
  const navigate = useNavigate();
  const { data } = useCan({ resource, action });
  const { tx } = useT();
  const button = (
    <Button
      block
      disabled={data?.can !== true}
      onClick={() => navigate(to)}
      // A longer label (Devanagari runs longer) wraps within its button rather than spilling out on a phone.
      style={{
        height: 96,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8,
        whiteSpace: 'normal',
        textAlign: 'center',
      }}
    >
      <span style={{ fontSize: 24 }}>{icon}</span>
      {label}
    </Button>
  );
  return data?.can === false ? <Tooltip title={data.reason && tx(data.reason)}>{button}</Tooltip> : button;
}
