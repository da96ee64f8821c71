import { Tag } from 'antd';
import { useT } from '../../i18n/use-t';
import type { StockTakeStatus } from './types';

/** The English labels (History names a status by them too), shown in the user's language. */
export const STOCK_TAKE_STATUS_LOOK: Record<StockTakeStatus, { color: string; label: string }> = {
  open: { color: 'processing', label: 'Counting' },
  applied: { color: 'success', label: 'Applied' },
  cancelled: { color: 'default', label: 'Cancelled' },
};

export function StockTakeStatusTag({ status }: { status: StockTakeStatus }) {
  const { tx } = useT();
  return <Tag color={STOCK_TAKE_STATUS_LOOK[status].color}>{tx(STOCK_TAKE_STATUS_LOOK[status].label)}</Tag>;
}
