import { Timeline, Typography } from 'antd';
import { useT } from '../../i18n/use-t';
import { formatDateTime } from '../cells';
import type { ApiRecord, HistoryEntry, ShowDeclaration } from '../../resources/types';

type Props = { entries: readonly HistoryEntry[]; history: NonNullable<ShowDeclaration['history']>; record: ApiRecord };

/** A record's history, oldest first: what happened, who and when ('Submitted · Admin User · 24 Nov 2026, 14:05'), the note, the fields changed. */
export function HistoryTimeline({ entries, history, record }: Props) {
  const { tx } = useT();
  return (
    <Timeline
      items={entries.map((entry, index) => {
        const changes = Object.entries(entry.changes ?? {})
          .map(([field, [before, after]]) => history.change(field, before, after, record, tx))
          .filter((text): text is string => !!text);
        const by = [entry.user_name, formatDateTime(entry.at)].filter(Boolean).join(' · ');
        return {
          key: `${entry.at}-${index}`,
          children: (
            <div data-testid="history-entry">
              <div>
                <Typography.Text strong>{tx(history.title(entry.action))}</Typography.Text>
                <Typography.Text type="secondary">{by && ` · ${by}`}</Typography.Text>
              </div>
              {entry.note && <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{entry.note}</Typography.Paragraph>}
              {changes.map((text) => (
                <div key={text}>
                  <Typography.Text type="secondary">{text}</Typography.Text>
                </div>
              ))}
            </div>
          ),
        };
      })}
    />
  );
}
