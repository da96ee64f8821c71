import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';

export const WELL_STOCKED = '✅ All items are well stocked!';

/** Up to 5 records at or below their minimum, emptiest first. */
export function LowStockPanel({ summary, loading, failed }: PanelProps) {
  const alerts = summary?.low_stock_alerts ?? [];
  return (
    <Card size="small" title="Low Stock Alerts" extra={<Link to="/inventory?low_stock_only=true">View all</Link>} style={{ height: '100%' }}>
      {!loading && summary && alerts.length === 0 ? (
        <Typography.Paragraph style={{ margin: '12px 0' }}>{WELL_STOCKED}</Typography.Paragraph>
      ) : (
        <List
          loading={loading}
          dataSource={alerts}
          locale={{ emptyText: emptyTextOf({ failed }, 'No alerts') }}
          renderItem={(a) => (
            <List.Item extra={<Tag color={a.out_of_stock ? 'red' : 'orange'}>{`Stock: ${a.current_stock} / Min: ${a.minimum_stock}`}</Tag>}>
              <List.Item.Meta
                title={<Typography.Text ellipsis>{a.product_name}</Typography.Text>}
                description={
                  <Typography.Text type="secondary" ellipsis>
                    {a.warehouse_name}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
