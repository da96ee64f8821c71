import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';

/** The first 5 warehouses (in the warehouse list's order) with their city. */
export function WarehousesPanel({ summary, loading, failed }: PanelProps) {
  return (
    <Card size="small" title="Warehouses" extra={<Link to="/warehouses">View all</Link>} style={{ height: '100%' }}>
      <List
        loading={loading}
        dataSource={summary?.warehouses ?? []}
        locale={{ emptyText: emptyTextOf({ failed }, 'No warehouses yet') }}
        renderItem={(w) => (
          <List.Item extra={<Tag color={w.status === 'active' ? 'green' : 'default'}>{w.status}</Tag>}>
            <List.Item.Meta
              title={<Typography.Text ellipsis>{w.name}</Typography.Text>}
              description={<Typography.Text type="secondary">{w.city ?? 'Unknown City'}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
