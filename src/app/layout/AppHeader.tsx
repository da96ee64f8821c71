import { UserOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Avatar, Layout, Space, Tag, theme, Typography } from 'antd';
import type { Identity } from '../providers/auth-provider';

/** The signed-in user's name and role. */
export function AppHeader() {
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<Identity>();
  return (
    <Layout.Header
      style={{
        display: 'flex', justifyContent: 'flex-end', alignItems: 'center', padding: '0 24px', height: 64,
        background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky', top: 0, zIndex: 10,
      }}
    >
      {user && (
        <Space size="middle" data-testid="current-user">
          <Avatar icon={<UserOutlined />} style={{ backgroundColor: token.colorPrimary }} />
          <Typography.Text strong>{user.name}</Typography.Text>
          <Tag color={user.role === 'admin' ? 'green' : 'blue'}>{user.roleLabel}</Tag>
        </Space>
      )}
    </Layout.Header>
  );
}
