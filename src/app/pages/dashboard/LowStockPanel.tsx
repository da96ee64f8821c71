import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';
import { useT } from '../../i18n/use-t';
import { OneLineText } from './OneLineText';

/** Up to 5 records at or below their minimum, emptiest first. */
export function LowStockPanel({ summary, loading, failed }: PanelProps) {
  const alerts = summary?.low_stock_alerts ?? [];
  const { t } = useT();
  return (
    <Card
      size="small"
      title={t('dashboard.lowStockAlerts')}
      extra={<Link to="/inventory?low_stock_only=true">{t('dashboard.viewAll')}</Link>}
      style={{ height: '100%' }}
    >
      {!loading && summary && alerts.length === 0 ? (
        <Typography.Paragraph style={{ margin: '12px 0' }}>{t('dashboard.wellStocked')}</Typography.Paragraph>
      ) : (
        <List
          loading={loading}
          dataSource={alerts}
          locale={{ emptyText: emptyTextOf({ failed }, t('dashboard.noAlerts')) }}
          renderItem={(a) => (
            <List.Item
              extra={
                <Tag color={a.out_of_stock ? 'red' : 'orange'}>{t('dashboard.stockVsMinimum', { current: a.current_stock, minimum: a.minimum_stock })}</Tag>
              }
            >
              <List.Item.Meta title={<OneLineText text={a.product_name} />} description={<OneLineText text={a.warehouse_name} secondary />} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
