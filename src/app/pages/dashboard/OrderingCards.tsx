import { ClockCircleOutlined, ShoppingCartOutlined, SolutionOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Col, Row } from 'antd';
import { addDays, businessDay } from '../../../domain/business-days';
import type { PanelProps } from './panel-props';
import { StatCard, type Stat } from './StatCards';
import { useT } from '../../i18n/use-t';
import type { Translate } from '../reports/shared/translate';

/** The statuses of an order still expected from its seller, as the dashboard counts it open (and overdue). */
const OPEN_STATUSES = 'ordered,partially_received';

/** Purchase orders still expected: the card opens the list of exactly those it counts. */
const openOrders = (t: Translate): Stat => ({
  key: 'open-orders',
  title: t('dashboard.stats.openPurchaseOrders'),
  value: (s) => s.purchase_orders?.open ?? 0,
  icon: <SolutionOutlined />,
  color: '#1677ff',
  to: `/purchase-orders?status=${OPEN_STATUSES}`,
  resource: 'purchase-orders',
});
const overdueOrders = (t: Translate): Stat => ({
  key: 'overdue-orders',
  title: t('dashboard.stats.overdueOrders'),
  value: (s) => s.purchase_orders?.overdue ?? 0,
  icon: <ClockCircleOutlined />,
  color: '#f5222d',
  to: `/purchase-orders?status=${OPEN_STATUSES}&expected_on_to=${addDays(businessDay(new Date()), -1)}`,
  resource: 'purchase-orders',
});
const toReorder = (t: Translate): Stat => ({
  key: 'to-reorder',
  title: t('dashboard.stats.productsToReorder'),
  value: (s) => s.to_reorder ?? 0,
  icon: <ShoppingCartOutlined />,
  color: '#fa8c16',
  to: '/replenishment',
  resource: 'replenishment',
});

/** Buying (issue 31): open and overdue purchase orders and the products to reorder, each only for a role that may list them. */
export function OrderingCards({ summary, loading }: PanelProps) {
  const orders = useCan({ resource: 'purchase-orders', action: 'list' }).data?.can === true;
  const reorder = useCan({ resource: 'replenishment', action: 'list' }).data?.can === true;
  const { t } = useT();
  const stats = [...(orders ? [openOrders(t), overdueOrders(t)] : []), ...(reorder ? [toReorder(t)] : [])];
  if (!stats.length) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {stats.map((stat) => (
        <Col key={stat.key} xs={24} sm={12} xl={6}>
          <StatCard stat={stat} summary={summary} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}
