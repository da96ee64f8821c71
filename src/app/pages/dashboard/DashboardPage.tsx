import { ReloadOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Button, Col, Row } from 'antd';
import { ListError } from '../../crud/list/ListError';
import type { Identity } from '../../providers/auth-provider';
import { PageHeader } from '../inventory/shared/PageHeader';
import { BackupWarning } from './BackupWarning';
import { ExpiryPanels } from './ExpiryPanels';
import { LowStockPanel } from './LowStockPanel';
import { OrderingCards } from './OrderingCards';
import { QuickActions } from './QuickActions';
import { RecentProductsPanel } from './RecentProductsPanel';
import { RecentUsersPanel } from './RecentUsersPanel';
import { StatCards } from './StatCards';
import { StockFlowCard } from './StockFlowCard';
import { useDashboardSummary } from './use-dashboard-summary';
import { WarehousesPanel } from './WarehousesPanel';
import { useT } from '../../i18n/use-t';

/** `/admin-dashboard`: the business at a glance, from one summary request (no list downloads). */
export default function DashboardPage() {
  const { summary, isLoading, isFetching, error, refetch } = useDashboardSummary();
  const { data: user } = useGetIdentity<Identity>();
  const { t } = useT();
  const panel = { summary, loading: isLoading, failed: !!error };
  return (
    <>
      <PageHeader
        title={t('menu.dashboard')}
        subTitle={user ? t('dashboard.welcome', { name: user.name }) : undefined}
        extra={
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('buttons.refresh')}
          </Button>
        }
      />
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      <BackupWarning />
      <StatCards {...panel} />
      <OrderingCards {...panel} />
      <ExpiryPanels />
      <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 16 }}>
        <Col xs={24} xl={16}>
          <StockFlowCard {...panel} />
        </Col>
        <Col xs={24} xl={8}>
          <QuickActions />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12} xxl={6}>
          <LowStockPanel {...panel} />
        </Col>
        <Col xs={24} lg={12} xxl={6}>
          <RecentProductsPanel {...panel} />
        </Col>
        <Col xs={24} lg={12} xxl={6}>
          <RecentUsersPanel {...panel} />
        </Col>
        <Col xs={24} lg={12} xxl={6}>
          <WarehousesPanel {...panel} />
        </Col>
      </Row>
    </>
  );
}
