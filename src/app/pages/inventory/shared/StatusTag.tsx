import { Tag } from 'antd';
import type { StockStatus } from './inventory-status';

export function StatusTag({ status }: { status: StockStatus }) {
  return (
    <Tag color={status.color} bordered={false} style={{ marginInlineEnd: 0 }}>
      {status.label}
    </Tag>
  );
}
