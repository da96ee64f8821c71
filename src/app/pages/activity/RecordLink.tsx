import { useCan } from '@refinedev/core';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { HistoryItem } from '../../../domain/schemas/history';
import { useT } from '../../i18n/use-t';
import { recordTarget } from './record-target';

/**
 * The record an entry is about, as a link to its page when it has one and the user may open it (Refine's `useCan`, one
 * answer per resource shared by every row), else as text; the full id in a tooltip.
 */
export function RecordLink({ entry }: { entry: HistoryItem }) {
  const { tx } = useT();
  const target = recordTarget(entry.resource, entry.record_id, entry.action, entry.record_label);
  const { data } = useCan({ resource: target?.resource ?? '', action: target?.action ?? 'show', queryOptions: { enabled: !!target } });
  if (!target)
    return entry.record_id && entry.resource !== 'permissions' ? (
      <Typography.Text type="secondary">{entry.record_label ?? entry.record_id.slice(0, 8)}</Typography.Text>
    ) : null;
  // A record named by the entry is data; our words (its kind and id, the access policy) read in the user's language.
  const text = !target.ours ? target.text : target.kind && target.id ? `${tx(target.kind)} ${target.id}` : tx(target.text);
  if (data?.can !== true) return <span title={entry.record_id}>{text}</span>;
  return (
    <Link to={target.path} title={entry.record_id}>
      {text}
    </Link>
  );
}
