import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, List, Tag, Typography } from 'antd';
import { defaultRoleLabel } from '../../../domain/roles';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';

/** The 5 newest users; a role that may not list users gets none from the API, and says so here. */
export function RecentUsersPanel({ summary, loading, failed }: PanelProps) {
  const hidden = summary && summary.recent_users === null;
  return (
    <Card size="small" title="Recent Users" style={{ height: '100%' }}>
      {hidden ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
          User details are available to roles that manage users.
        </Typography.Paragraph>
      ) : (
        <List
          loading={loading}
          dataSource={summary?.recent_users ?? []}
          locale={{ emptyText: emptyTextOf({ failed }, 'No users yet') }}
          renderItem={(u) => (
            <List.Item extra={<Tag>{defaultRoleLabel(u.role)}</Tag>}>
              <List.Item.Meta
                avatar={<Avatar icon={<UserOutlined />} />}
                title={<Typography.Text ellipsis>{u.name || 'Unknown User'}</Typography.Text>}
                description={
                  <Typography.Text type="secondary" ellipsis>
                    {u.email || 'No email'}
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
