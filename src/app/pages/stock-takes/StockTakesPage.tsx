import { useCan } from '@refinedev/core';
import { Card, Table } from 'antd';
import { ListError, emptyTextOf } from '../../crud/list/ListError';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useUrlTable } from '../../crud/list/use-url-table';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { NewStockTakeForm } from './NewStockTakeForm';
import { StockTakeStatusTag } from './StockTakeStatusTag';
import type { StockTake } from './types';

/** `/stock-takes`: start a count, and every count with its progress, newest first. */
export default function StockTakesPage() {
  const { data: canCreate } = useCan({ resource: 'stock-takes', action: 'create' });
  const { t, tx } = useT();
  const table = useUrlTable<StockTake>({
    resource: 'stock-takes',
    pagination: { pageSize: PAGE_SIZE },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch stock takes' },
  });
  const { tableProps, tableQuery: query } = table;

  return (
    <>
      <PageHeader title={t('menu.stockTakes')} subTitle={t('stockTakes.subtitle')} />
      {canCreate?.can && (
        <Card size="small" title={t('stockTakes.newTitle')} style={{ marginBottom: 16 }}>
          <NewStockTakeForm />
        </Card>
      )}
      <ListError error={query.error && { message: tx(query.error.message) }} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      <Table<StockTake>
        {...tableProps}
        rowKey="_id"
        scroll={{ x: true }}
        locale={{ emptyText: emptyTextOf({ loading: query.isLoading, failed: !!query.error }, t('stockTakes.empty')) }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false }}
        columns={[
          {
            key: 'created',
            title: t('stockTakes.fields.started'),
            render: (_, r) => <Link to={`/stock-takes/${r._id}`}>{dayjs(r.created).format('DD MMM YYYY, HH:mm')}</Link>,
          },
          { key: 'warehouse', title: t('stockTakes.fields.warehouse'), dataIndex: 'warehouse_name' },
          { key: 'category', title: t('stockTakes.fields.category'), render: (_, r) => r.category_name ?? t('stockTakes.allCategories') },
          { key: 'blind', title: t('stockTakes.fields.blind'), render: (_, r) => (r.blind ? t('stockTakes.yes') : t('stockTakes.no')) },
          { key: 'counted', title: t('stockTakes.fields.counted'), align: 'right', render: (_, r) => `${r.lines_counted} / ${r.lines_total}` },
          { key: 'status', title: t('stockTakes.fields.status'), render: (_, r) => <StockTakeStatusTag status={r.status} /> },
          { key: 'by', title: t('stockTakes.fields.startedBy'), render: (_, r) => r.created_by_name ?? '—' },
        ]}
      />
    </>
  );
}
