import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, theme, Typography } from 'antd';

/** Stands in for a screen whose issue has not landed yet. */
export function PlaceholderPage({ title }: { title: string }) {
  const { token } = theme.useToken();
  return (
    <>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Card>
        <Result icon={<ToolOutlined style={{ color: token.colorTextTertiary }} />} title={title} subTitle="This screen is not built yet." />
      </Card>
    </>
  );
}
