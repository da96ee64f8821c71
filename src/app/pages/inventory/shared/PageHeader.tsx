import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's one heading (level 3, as every back-office page) with its actions on the right. */
export function PageHeader({ title, subTitle, extra }: { title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }} className="page-header">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subTitle && <Typography.Text type="secondary">{subTitle}</Typography.Text>}
      </div>
      {extra && (
        <Flex gap={8} wrap className="no-print">
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
