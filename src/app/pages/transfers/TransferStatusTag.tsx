import { Tag } from 'antd';
import type { TransferStatus } from './types';

export const TRANSFER_STATUS_LOOK: Record<TransferStatus, { color: string; label: string }> = {
  draft: { color: 'default', label: 'Draft' },
  dispatched: { color: 'processing', label: 'In transit' },
  partially_received: { color: 'warning', label: 'Partially received' },
  received: { color: 'success', label: 'Received' },
  cancelled: { color: 'error', label: 'Cancelled' },
};

export const TransferStatusTag = ({ status }: { status: TransferStatus }) => (
  <Tag color={TRANSFER_STATUS_LOOK[status].color}>{TRANSFER_STATUS_LOOK[status].label}</Tag>
);
