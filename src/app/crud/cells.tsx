import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { formatBusinessTime } from '../components/business-time';

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

export function ActiveTag({ active, labels = ['Active', 'Inactive'] }: { active: boolean; labels?: [string, string] }) {
  return <Tag color={active ? 'green' : 'default'}>{active ? labels[0] : labels[1]}</Tag>;
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

/** The first `shown` entries joined, then '+N more'. */
export function firstOf(items: string[] | null | undefined, shown: number): string {
  const list = items ?? [];
  const head = list.slice(0, shown).join(', ');
  return list.length > shown ? `${head} +${list.length - shown} more` : head;
}
