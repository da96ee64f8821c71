import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { formatBusinessTime } from '../components/business-time';
import { useT } from '../i18n/use-t';
import { asIs, type Tx } from './texts';

/** Cell renderers shared by the declarations (no data access here: declarations stay import-safe). */

export function formatDate(value: unknown): string {
  if (!value) return '';
  const date = dayjs(value as string);
  return date.isValid() ? date.format('DD MMM YYYY') : '';
}

/** An instant (ISO) on India's clock, as the reports show one: '24 Nov 2026, 14:05'. */
export function formatDateTime(value: unknown): string {
  if (!value || !dayjs(value as string).isValid()) return '';
  return formatBusinessTime(value as string, 'DD MMM YYYY, HH:mm');
}

/** A flag as a tag, by its labels (English, as declared) in the user's language. */
export function ActiveTag({ active, labels = ['Active', 'Inactive'] }: { active: boolean; labels?: [string, string] }) {
  const { tx } = useT();
  return <Tag color={active ? 'green' : 'default'}>{tx(active ? labels[0] : labels[1])}</Tag>;
}

/** Text cut to `max` characters plus '...', the whole text in a tooltip. */
export function CutText({ text, max }: { text: string | null | undefined; max: number }) {
  const value = text ?? '';
  if (value.length <= max) return <>{value}</>;
  return (
    <Tooltip title={value}>
      <span>{`${value.slice(0, max)}...`}</span>
    </Tooltip>
  );
}

/** The first `shown` entries joined, then '+N more' (in the user's language through `tx`). */
export function firstOf(items: string[] | null | undefined, shown: number, tx: Tx = asIs): string {
  const list = items ?? [];
  const head = list.slice(0, shown).join(', ');
  return list.length > shown ? `${head} ${tx(`+${list.length - shown} more`)}` : head;
}

/** `firstOf` as a cell. */
export function FirstOf({ items, shown }: { items: string[] | null | undefined; shown: number }) {
  const { tx } = useT();
  return <>{firstOf(items, shown, tx)}</>;
}
