import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, List, Tag, Typography } from 'antd';
import { defaultRoleLabel } from '../../../domain/roles';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';
import { useT } from '../../i18n/use-t';
import { OneLineText } from './OneLineText';

/** The 5 newest users; a role that may not list users gets none from the API, and says so here. */
export function RecentUsersPanel({ summary, loading, failed }: PanelProps) {
  const hidden = summary && summary.recent_users === null;
  const { t, tx } = useT();
  return (
    <Card size="small" title={t('dashboard.recentUsers')} style={{ height: '100%' }}>
      {hidden ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
          {t('dashboard.usersHidden')}
        </Typography.Paragraph>
      ) : (
        <List
          loading={loading}
          dataSource={summary?.recent_users ?? []}
          locale={{ emptyText: emptyTextOf({ failed }, t('dashboard.noUsers')) }}
          renderItem={(u) => (
            <List.Item extra={<Tag>{tx(defaultRoleLabel(u.role))}</Tag>}>
              <List.Item.Meta
                avatar={<Avatar icon={<UserOutlined />} />}
                title={<OneLineText text={u.name || t('dashboard.unknownUser')} />}
                description={<OneLineText text={u.email || t('dashboard.noEmail')} secondary />}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
