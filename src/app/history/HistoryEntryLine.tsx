import { Typography } from 'antd';
import type { HistoryItem } from '../../domain/schemas/history';
import { useT } from '../i18n/use-t';
import { entryText, type EntryText } from './entry-text';

/** A long value without spaces (an image's address) wraps inside the panel instead of widening the page. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** A note as it was typed (a reference, a reason): a record of what someone wrote, which no translator rewrites. */
function Note({ text }: { text: EntryText }) {
  return text.note ? (
    <div translate="no">
      <Typography.Text type="secondary" italic style={WRAP}>
        {text.note}
      </Typography.Text>
    </div>
  ) : null;
}

/** What an entry did, and its note (the Activity table gives who and when columns of their own). */
export function EntryWhat({ entry }: { entry: HistoryItem }) {
  const { tx } = useT();
  const text = entryText(entry, tx);
  return (
    <div style={WRAP}>
      <Typography.Text>{text.what}</Typography.Text>
      <Note text={text} />
    </div>
  );
}

/** One entry on a line: 'MRP Price ₹120.00 → ₹110.00 · Aarti Verma · 24 Nov 2026, 14:05', its note under it. */
export function HistoryEntryLine({ entry }: { entry: HistoryItem }) {
  const { tx } = useT();
  const text = entryText(entry, tx);
  // Who and when each stay on one line: a date never breaks between its day and its time.
  return (
    <div data-testid="history-line" style={WRAP}>
      <Typography.Text>{text.what}</Typography.Text>
      {[text.who, text.when].filter(Boolean).map((part) => (
        <Typography.Text key={part} type="secondary">
          {' · '}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Typography.Text>
      ))}
      <Note text={text} />
    </div>
  );
}
