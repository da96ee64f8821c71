import { Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { TransferStatusTag } from './TransferStatusTag';
import type { TransferEvent } from './types';

const VERB: Record<TransferEvent['action'], string> = {
  created: 'Created',
  edited: 'Edited',
  dispatched: 'Dispatched',
  received: 'Received',
  closed: 'Received and closed',
  cancelled: 'Cancelled',
};

const units = (event: TransferEvent) => {
  const moved = (event.lines ?? []).reduce((sum, l) => sum + l.quantity, 0);
  const lost = (event.lines ?? []).reduce((sum, l) => sum + (l.damaged ?? 0), 0);
  if (!event.lines) return '';
  return ` · ${moved.toLocaleString('en-IN')} unit(s)${lost ? `, ${lost.toLocaleString('en-IN')} recorded as damaged` : ''}`;
};

/** Each step of the transfer: what, who, when, and the note given. */
export function TransferHistory({ history }: { history: TransferEvent[] }) {
  return (
    <Timeline
      aria-label="Status history"
      items={history.map((event) => ({
        children: (
          <div data-testid="transfer-event">
            <Typography.Text strong>{VERB[event.action]}</Typography.Text> <TransferStatusTag status={event.status} />
            <div>
              <Typography.Text type="secondary">
                {dayjs(event.at).format('DD MMM YYYY, HH:mm')}
                {event.performed_by_name ? ` by ${event.performed_by_name}` : ''}
                {units(event)}
              </Typography.Text>
            </div>
            {event.note && <Typography.Text italic>{event.note}</Typography.Text>}
          </div>
        ),
      }))}
    />
  );
}
