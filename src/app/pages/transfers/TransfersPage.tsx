import { PlusOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Button, Flex, Select, Table, Typography } from 'antd';
import { ListError, emptyTextOf } from '../../crud/list/ListError';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { formatINR } from '../../../domain/money';
import { TRANSFER_STATUSES } from '../../../domain/schemas/transfer';
import { filterValue, useSetTableFilter } from '../../crud/list/table-filters';
import { useUrlTable } from '../../crud/list/use-url-table';
import { PageHeader } from '../inventory/shared/PageHeader';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { TRANSFER_STATUS_LOOK, TransferStatusTag } from './TransferStatusTag';
import type { Transfer, TransferStatus } from './types';

/** `/transfers`: every transfer, newest first, filtered by status, source and destination (kept in the URL). */
export default function TransfersPage() {
  const { data: canCreate } = useCan({ resource: 'transfers', action: 'create' });
  const table = useUrlTable<Transfer>({
    resource: 'transfers',
    pagination: { pageSize: PAGE_SIZE },
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch transfers' },
  });
  const { tableProps, tableQuery: query, filters, setFilters, setCurrentPage } = table;
  const setFilter = useSetTableFilter(table);
  const value = (field: string) => filterValue(filters, field) || undefined;
  const filtered = filters.length > 0;

  return (
    <>
      <PageHeader
        title="Transfers"
        subTitle="Stock moved between warehouses: dispatched, in transit, received"
        extra={
          canCreate?.can && (
            <Link to="/transfers/new">
              <Button type="primary" icon={<PlusOutlined />}>
                New Transfer
              </Button>
            </Link>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }} role="search" aria-label="Transfer filters">
        <Select<TransferStatus>
          aria-label="Status"
          allowClear
          placeholder="All statuses"
          style={{ minWidth: 180 }}
          value={value('status') as TransferStatus | undefined}
          onChange={(v) => setFilter('status', v)}
          options={TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LOOK[s].label }))}
        />
        <WarehouseSelect
          aria-label="From warehouse"
          allowClear
          placeholder="From any warehouse"
          style={{ minWidth: 220 }}
          value={value('from_warehouse_id')}
          onChange={(v) => setFilter('from_warehouse_id', v)}
        />
        <WarehouseSelect
          aria-label="To warehouse"
          allowClear
          placeholder="To any warehouse"
          style={{ minWidth: 220 }}
          value={value('to_warehouse_id')}
          onChange={(v) => setFilter('to_warehouse_id', v)}
        />
        {filtered && (
          <Button
            onClick={() => {
              setFilters([], 'replace');
              setCurrentPage(1);
            }}
          >
            Clear filters
          </Button>
        )}
      </Flex>
      <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      <Table<Transfer>
        {...tableProps}
        rowKey="_id"
        scroll={{ x: true }}
        locale={{
          emptyText: emptyTextOf({ loading: query.isLoading, failed: !!query.error }, filtered ? 'No transfers match these filters' : 'No transfers yet'),
        }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false }}
        columns={[
          {
            key: 'reference',
            title: 'Transfer',
            render: (_, t) => (
              <Link to={`/transfers/${t._id}`} style={{ whiteSpace: 'nowrap' }}>
                {t.reference}
              </Link>
            ),
          },
          { key: 'created', title: 'Created', render: (_, t) => dayjs(t.created).format('DD MMM YYYY, HH:mm') },
          { key: 'from', title: 'From', dataIndex: 'from_warehouse_name' },
          { key: 'to', title: 'To', dataIndex: 'to_warehouse_name' },
          { key: 'lines', title: 'Products', align: 'right', dataIndex: 'lines' },
          { key: 'quantity', title: 'Units', align: 'right', render: (_, t) => t.quantity.toLocaleString('en-IN') },
          {
            key: 'in_transit',
            title: 'In transit',
            align: 'right',
            render: (_, t) =>
              t.in_transit_quantity > 0 ? (
                <>
                  {t.in_transit_quantity.toLocaleString('en-IN')}
                  {t.in_transit_value !== undefined && <Typography.Text type="secondary"> ({formatINR(t.in_transit_value)})</Typography.Text>}
                </>
              ) : (
                '—'
              ),
          },
          { key: 'status', title: 'Status', render: (_, t) => <TransferStatusTag status={t.status} /> },
          { key: 'by', title: 'Created by', render: (_, t) => t.created_by_name ?? '—' },
        ]}
      />
    </>
  );
}
