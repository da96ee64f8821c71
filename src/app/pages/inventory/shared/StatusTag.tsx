import { Tag } from 'antd';
import { useT } from '../../../i18n/use-t';
import type { StockStatus } from './inventory-status';

/** A record's stock status; its label is the domain's English (inventoryStatusLabel), read in the user's language. */
export function StatusTag({ status }: { status: StockStatus }) {
  const { tx } = useT();
  return (
    <Tag color={status.color} bordered={false} style={{ marginInlineEnd: 0 }}>
      {tx(status.label)}
    </Tag>
  );
}
