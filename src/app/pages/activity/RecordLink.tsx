import { useCan } from '@refinedev/core';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { HistoryItem } from '../../../domain/schemas/history';
import { recordTarget } from './record-target';

/**
 * The record an entry is about, as a link to its page when it has one and the user may open it (Refine's `useCan`, one
 * answer per resource shared by every row), else as text; the full id in a tooltip.
 */
export function RecordLink({ entry }: { entry: HistoryItem }) {
  const target = recordTarget(entry.resource, entry.record_id, entry.action, entry.record_label);
  const { data } = useCan({ resource: target?.resource ?? '', action: target?.action ?? 'show', queryOptions: { enabled: !!target } });
  if (!target)
    return entry.record_id && entry.resource !== 'permissions' ? (
      <Typography.Text type="secondary">{entry.record_label ?? entry.record_id.slice(0, 8)}</Typography.Text>
    ) : null;
  if (data?.can !== true) return <span title={entry.record_id}>{target.text}</span>;
  return (
    <Link to={target.path} title={entry.record_id}>
      {target.text}
    </Link>
  );
}
