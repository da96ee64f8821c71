import { costColumns, useSeesCosts } from '../../access/costs';
import {
  AlertOutlined,
  AppstoreOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ShopOutlined,
  StopOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Card, Col, Row, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatINR } from '../../../domain/money';
import type { PanelProps } from './panel-props';
import type { DashboardSummary } from './use-dashboard-summary';
import { useT } from '../../i18n/use-t';
import type { Translate } from '../reports/shared/translate';

export type Stat = {
  key: string;
  title: string;
  value: (s: DashboardSummary) => number;
  icon: ReactNode;
  color: string;
  /** The screen behind the figure, and the resource whose list it needs. */
  to: string;
  resource: string;
  money?: boolean;
};

const statsOf = (t: Translate): Stat[] => [
  {
    key: 'users',
    title: t('dashboard.stats.totalUsers'),
    value: (s) => s.counts.users,
    icon: <TeamOutlined />,
    color: '#1677ff',
    to: '/users',
    resource: 'users',
  },
  {
    key: 'products',
    title: t('dashboard.stats.totalProducts'),
    value: (s) => s.counts.products,
    icon: <AppstoreOutlined />,
    color: '#389e0d',
    to: '/product-listing',
    resource: 'products',
  },
  {
    key: 'inventory',
    title: t('dashboard.stats.inventoryItems'),
    value: (s) => s.counts.inventory_items,
    icon: <DatabaseOutlined />,
    color: '#13c2c2',
    to: '/inventory',
    resource: 'inventory',
  },
  {
    key: 'warehouses',
    title: t('dashboard.stats.warehouses'),
    value: (s) => s.counts.warehouses,
    icon: <ShopOutlined />,
    color: '#722ed1',
    to: '/warehouses',
    resource: 'warehouses',
  },
  {
    key: 'cities',
    title: t('dashboard.stats.cities'),
    value: (s) => s.counts.cities,
    icon: <EnvironmentOutlined />,
    color: '#eb2f96',
    to: '/cities',
    resource: 'cities',
  },
  {
    key: 'low-stock',
    title: t('reports.figures.lowStock'),
    value: (s) => s.counts.low_stock,
    icon: <AlertOutlined />,
    color: '#fa8c16',
    to: '/inventory?low_stock_only=true',
    resource: 'inventory',
  },
  {
    key: 'out-of-stock',
    title: t('reports.figures.outOfStock'),
    value: (s) => s.counts.out_of_stock,
    icon: <StopOutlined />,
    color: '#f5222d',
    to: '/inventory?out_of_stock_only=true',
    resource: 'inventory',
  },
  {
    key: 'value',
    title: t('dashboard.stats.totalInventoryValue'),
    value: (s) => s.total_inventory_value,
    icon: <WalletOutlined />,
    color: '#faad14',
    to: '/inventory-report',
    resource: 'inventory-report',
    money: true,
  },
];

/** The eight stat cards of SPEC.md "Dashboard". */
export function StatCards({ summary, loading }: PanelProps) {
  const seesCosts = useSeesCosts();
  const { t } = useT();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {costColumns(statsOf(t), seesCosts).map((stat) => (
        <Col key={stat.key} xs={24} sm={12} xl={6}>
          <StatCard stat={stat} summary={summary} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}

/** A card opens the screen behind its figure when the role may open it. */
export function StatCard({ stat, summary, loading }: { stat: Stat; summary: DashboardSummary | undefined; loading: boolean }) {
  const { token } = theme.useToken();
  const allowed = useCan({ resource: stat.resource, action: 'list' }).data?.can === true;
  const card = (
    <Card hoverable={allowed} size="small" data-testid={`stat-${stat.key}`} styles={{ body: { display: 'flex', alignItems: 'center', gap: 16 } }}>
      <div
        style={{
          fontSize: 22,
          color: stat.color,
          background: `${stat.color}14`,
          borderRadius: token.borderRadiusLG,
          width: 48,
          height: 48,
          display: 'grid',
          placeItems: 'center',
          flex: 'none',
        }}
      >
        {stat.icon}
      </div>
      <Statistic
        title={stat.title}
        loading={loading}
        // No summary (its request failed): a dash, not a false 0.
        value={!summary ? '—' : stat.money ? formatINR(stat.value(summary)) : stat.value(summary).toLocaleString('en-IN')}
        valueStyle={{ fontSize: 22 }}
      />
    </Card>
  );
  return allowed ? <Link to={stat.to}>{card}</Link> : card;
}
