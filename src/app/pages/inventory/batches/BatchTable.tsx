import { useCustom } from '@refinedev/core';
import { Table, Tag, Typography } from 'antd';
import { ListError } from '../../../crud/list/ListError';
import { useT } from '../../../i18n/use-t';
import type { BatchRow } from '../../../../domain/schemas/batches';
import { formatDay } from '../../reports/shared/format';
import { expiryText, expiryColour } from './expiry-tone';

/** The batches of one record that tracks expiry, earliest expiry first (the rows of an expanded inventory row). */
export function BatchTable({ recordId, productName }: { recordId: string; productName: string }) {
  const { t, language } = useT();
  const { result, query } = useCustom<{ data: BatchRow[] }>({
    url: `/inventory/${recordId}/batches`,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: t('batches.loadFailed') },
  });
  if (query.error) return <ListError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} style={{ marginBottom: 0 }} />;
  return (
    <Table<BatchRow>
      aria-label={t('batches.tableLabel', { product: productName })}
      rowKey="batch_no"
      size="small"
      loading={query.isLoading}
      dataSource={result.data?.data ?? []}
      pagination={false}
      locale={{ emptyText: query.isLoading ? ' ' : t('batches.empty') }}
      columns={[
        { title: t('batches.columns.batch'), dataIndex: 'batch_no' },
        {
          title: t('batches.columns.expiry'),
          dataIndex: 'expiry_date',
          render: (day: string | null, b) => <Typography.Text type={b.expired ? 'danger' : undefined}>{day ? formatDay(day) : '—'}</Typography.Text>,
        },
        {
          title: t('batches.columns.expires'),
          dataIndex: 'days_to_expiry',
          render: (days: number | null) => {
            const colour = expiryColour(days);
            return colour ? <Tag color={colour}>{expiryText(days, language)}</Tag> : expiryText(days, language);
          },
        },
        { title: t('stock.fields.quantity'), dataIndex: 'current_stock', align: 'right', render: (n: number) => n.toLocaleString('en-IN') },
      ]}
    />
  );
}
