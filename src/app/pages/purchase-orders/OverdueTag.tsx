import { Tag } from 'antd';
import { formatDate } from '../../crud/cells';
import { useT } from '../../i18n/use-t';
import type { ApiRecord } from '../../resources/types';

/** An open order past its expected day, as the API says (`overdue`): a red tag. */
export function OverdueTag({ record }: { record: ApiRecord }) {
  const { t } = useT();
  return record.overdue === true ? (
    <Tag color="red" style={{ marginInlineStart: 6 }}>
      {t('purchaseOrders.overdue')}
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
