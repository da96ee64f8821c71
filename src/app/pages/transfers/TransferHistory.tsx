import { Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useT } from '../../i18n/use-t';
import { TransferStatusTag } from './TransferStatusTag';
import type { TransferEvent } from './types';

/** What each step is called (English, as the API's messages name the steps too), shown in the user's language. */
const VERB: Record<TransferEvent['action'], string> = {
  created: 'Created',
  edited: 'Edited',
  dispatched: 'Dispatched',
  received: 'Received',
  closed: 'Received and closed',
  cancelled: 'Cancelled',
};

const units = (event: TransferEvent, t: TFunction) => {
  const moved = (event.lines ?? []).reduce((sum, l) => sum + l.quantity, 0);
  const lost = (event.lines ?? []).reduce((sum, l) => sum + (l.damaged ?? 0), 0);
  if (!event.lines) return '';
  const damaged = lost ? `, ${t('transfers.history.damaged', { n: lost.toLocaleString('en-IN') })}` : '';
  return ` · ${t('transfers.history.units', { n: moved.toLocaleString('en-IN') })}${damaged}`;
};

/** Each step of the transfer: what, who, when, and the note given. */
export function TransferHistory({ history }: { history: TransferEvent[] }) {
  const { t, tx } = useT();
  return (
    <Timeline
      aria-label={t('transfers.history.title')}
      items={history.map((event) => ({
        children: (
          <div data-testid="transfer-event">
            <Typography.Text strong>{tx(VERB[event.action])}</Typography.Text> <TransferStatusTag status={event.status} />
            <div>
              <Typography.Text type="secondary">
                {dayjs(event.at).format('DD MMM YYYY, HH:mm')}
                {event.performed_by_name ? ` ${t('transfers.show.by', { name: event.performed_by_name })}` : ''}
                {units(event, t)}
              </Typography.Text>
            </div>
            {event.note && <Typography.Text italic>{event.note}</Typography.Text>}
          </div>
        ),
      }))}
    />
  );
}
