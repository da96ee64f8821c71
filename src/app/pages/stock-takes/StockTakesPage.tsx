import { useCan } from '@refinedev/core';
import { Card, Table } from 'antd';
import { ListError, emptyTextOf } from '../../crud/list/ListError';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useUrlTable } from '../../crud/list/use-url-table';
import { PageHeader } from '../inventory/shared/PageHeader';
import { NewStockTakeForm } from './NewStockTakeForm';
import { StockTakeStatusTag } from './StockTakeStatusTag';
import type { StockTake } from './types';

/** `/stock-takes`: start a count, and every count with its progress, newest first. */
export default function StockTakesPage() {
  const { data: canCreate } = useCan({ resource: 'stock-takes', action: 'create' });
  const table = useUrlTable<StockTake>({
    resource: 'stock-takes',
    pagination: { pageSize: PAGE_SIZE },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch stock takes' },
  });
  const { tableProps, tableQuery: query } = table;

  return (
    <>
      <PageHeader title="Stock Takes" subTitle="Count a warehouse, review the differences, apply them as adjustments" />
      {canCreate?.can && (
        <Card size="small" title="New Stock Take" style={{ marginBottom: 16 }}>
          <NewStockTakeForm />
        </Card>
      )}
      <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      <Table<StockTake>
        {...tableProps}
        rowKey="_id"
        scroll={{ x: true }}
        locale={{ emptyText: emptyTextOf({ loading: query.isLoading, failed: !!query.error }, 'No stock takes yet') }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false }}
        columns={[
          { key: 'created', title: 'Started', render: (_, t) => <Link to={`/stock-takes/${t._id}`}>{dayjs(t.created).format('DD MMM YYYY, HH:mm')}</Link> },
          { key: 'warehouse', title: 'Warehouse', dataIndex: 'warehouse_name' },
          { key: 'category', title: 'Category', render: (_, t) => t.category_name ?? 'All categories' },
          { key: 'blind', title: 'Blind', render: (_, t) => (t.blind ? 'Yes' : 'No') },
          { key: 'counted', title: 'Counted', align: 'right', render: (_, t) => `${t.lines_counted} / ${t.lines_total}` },
          { key: 'status', title: 'Status', render: (_, t) => <StockTakeStatusTag status={t.status} /> },
          { key: 'by', title: 'Started by', render: (_, t) => t.created_by_name ?? '—' },
        ]}
      />
    </>
  );
}
