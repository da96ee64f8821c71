import { ShopOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '../../config';

/** The centred card of the login and forgot-password pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f6f8f5' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 16, color: 'inherit' }}>
          <ShopOutlined style={{ fontSize: 24, color: '#389e0d' }} />
          <Typography.Text strong style={{ fontSize: 16 }}>{APP_NAME}</Typography.Text>
        </Link>
        <Typography.Title level={3} style={{ marginTop: 0 }}>{title}</Typography.Title>
        {children}
      </Card>
    </div>
  );
}
