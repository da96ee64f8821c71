import { Tag } from 'antd';
import type { StockTakeStatus } from './types';

export const STOCK_TAKE_STATUS_LOOK: Record<StockTakeStatus, { color: string; label: string }> = {
  open: { color: 'processing', label: 'Counting' },
  applied: { color: 'success', label: 'Applied' },
  cancelled: { color: 'default', label: 'Cancelled' },
};

export const StockTakeStatusTag = ({ status }: { status: StockTakeStatus }) => (
  <Tag color={STOCK_TAKE_STATUS_LOOK[status].color}>{STOCK_TAKE_STATUS_LOOK[status].label}</Tag>
);
