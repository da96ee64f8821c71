import { ShopOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { Link } from 'react-router';
import { APP_NAME, HOME_ROUTE } from '../config';

export function AppTitle({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <Link
      to={HOME_ROUTE}
      aria-label={APP_NAME}
      className="app-title"
      style={{
        display: 'flex',
        flex: 'none',
        alignItems: 'center',
        gap: 10,
        height: 64,
        padding: collapsed ? 0 : '0 20px',
        justifyContent: collapsed ? 'center' : 'flex-start',
      }}
    >
      <ShopOutlined style={{ fontSize: 24, color: token.colorPrimary }} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {APP_NAME}
        </Typography.Text>
      )}
    </Link>
  );
}
