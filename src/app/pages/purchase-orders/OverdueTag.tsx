import { Tag } from 'antd';
import { formatDate } from '../../crud/cells';
import type { ApiRecord } from '../../resources/types';

/** An open order past its expected day, as the API says (`overdue`): a red tag. */
export function OverdueTag({ record }: { record: ApiRecord }) {
  return record.overdue === true ? (
    <Tag color="red" style={{ marginInlineStart: 6 }}>
      Overdue
    </Tag>
  ) : null;
}

/** The expected day on one line, and the overdue mark beside it. */
export function ExpectedOn({ record }: { record: ApiRecord }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {formatDate(record.expected_on)}
      <OverdueTag record={record} />
    </span>
  );
}
