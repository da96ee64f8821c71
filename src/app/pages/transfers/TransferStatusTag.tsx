import { Tag } from 'antd';
import { useT } from '../../i18n/use-t';
import type { TransferStatus } from './types';

/** The English labels (History and the status filter name a status by them too), shown in the user's language. */
export const TRANSFER_STATUS_LOOK: Record<TransferStatus, { color: string; label: string }> = {
  draft: { color: 'default', label: 'Draft' },
  dispatched: { color: 'processing', label: 'In transit' },
  partially_received: { color: 'warning', label: 'Partially received' },
  received: { color: 'success', label: 'Received' },
  cancelled: { color: 'error', label: 'Cancelled' },
};

export function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { tx } = useT();
  return <Tag color={TRANSFER_STATUS_LOOK[status].color}>{tx(TRANSFER_STATUS_LOOK[status].label)}</Tag>;
}
