import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';
import { useT } from '../../i18n/use-t';
import { OneLineText } from './OneLineText';

/** The first 5 warehouses (in the warehouse list's order) with their city. */
export function WarehousesPanel({ summary, loading, failed }: PanelProps) {
  const { t } = useT();
  const statusOf = (status: string) =>
    status === 'active' ? t('dashboard.warehouseStatus.active') : status === 'inactive' ? t('dashboard.warehouseStatus.inactive') : status;
  return (
    <Card size="small" title={t('dashboard.stats.warehouses')} extra={<Link to="/warehouses">{t('dashboard.viewAll')}</Link>} style={{ height: '100%' }}>
      <List
        loading={loading}
        dataSource={summary?.warehouses ?? []}
        locale={{ emptyText: emptyTextOf({ failed }, t('dashboard.noWarehouses')) }}
        renderItem={(w) => (
          <List.Item extra={<Tag color={w.status === 'active' ? 'green' : 'default'}>{statusOf(w.status)}</Tag>}>
            <List.Item.Meta
              title={<OneLineText text={w.name} />}
              description={<Typography.Text type="secondary">{w.city ?? t('dashboard.unknownCity')}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
