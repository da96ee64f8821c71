import { Tag } from 'antd';
import type { StockTakeStatus } from './types';

const LOOK: Record<StockTakeStatus, { color: string; label: string }> = {
  open: { color: 'processing', label: 'Counting' },
  applied: { color: 'success', label: 'Applied' },
  cancelled: { color: 'default', label: 'Cancelled' },
};

export const StockTakeStatusTag = ({ status }: { status: StockTakeStatus }) => <Tag color={LOOK[status].color}>{LOOK[status].label}</Tag>;
