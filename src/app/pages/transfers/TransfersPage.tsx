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
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { TRANSFER_STATUS_LOOK, TransferStatusTag } from './TransferStatusTag';
import type { Transfer, TransferStatus } from './types';

/** `/transfers`: every transfer, newest first, filtered by status, source and destination (kept in the URL). */
export default function TransfersPage() {
  const { data: canCreate } = useCan({ resource: 'transfers', action: 'create' });
  const { t, tx } = useT();
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
        title={t('menu.transfers')}
        subTitle={t('transfers.subtitle')}
        extra={
          canCreate?.can && (
            <Link to="/transfers/new">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('transfers.new')}
              </Button>
            </Link>
          )
        }
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }} role="search" aria-label={t('transfers.filters.label')}>
        <Select<TransferStatus>
          aria-label={t('stockTakes.fields.status')}
          allowClear
          placeholder={t('transfers.filters.allStatuses')}
          style={{ minWidth: 180 }}
          value={value('status') as TransferStatus | undefined}
          onChange={(v) => setFilter('status', v)}
          options={TRANSFER_STATUSES.map((s) => ({ value: s, label: tx(TRANSFER_STATUS_LOOK[s].label) }))}
        />
        <WarehouseSelect
          aria-label={t('transfers.fields.fromWarehouse')}
          allowClear
          placeholder={t('transfers.filters.fromAny')}
          style={{ minWidth: 220 }}
          value={value('from_warehouse_id')}
          onChange={(v) => setFilter('from_warehouse_id', v)}
        />
        <WarehouseSelect
          aria-label={t('transfers.fields.toWarehouse')}
          allowClear
          placeholder={t('transfers.filters.toAny')}
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
            {t('transfers.filters.clear')}
          </Button>
        )}
      </Flex>
      <ListError error={query.error && { message: tx(query.error.message) }} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      <Table<Transfer>
        {...tableProps}
        rowKey="_id"
        scroll={{ x: true }}
        locale={{
          emptyText: emptyTextOf({ loading: query.isLoading, failed: !!query.error }, filtered ? t('transfers.filters.noMatch') : t('transfers.empty')),
        }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false }}
        columns={[
          {
            key: 'reference',
            title: t('transfers.entity'),
            render: (_, r) => (
              <Link to={`/transfers/${r._id}`} style={{ whiteSpace: 'nowrap' }}>
                {r.reference}
              </Link>
            ),
          },
          { key: 'created', title: t('transfers.fields.created'), render: (_, r) => dayjs(r.created).format('DD MMM YYYY, HH:mm') },
          { key: 'from', title: t('transfers.fields.from'), dataIndex: 'from_warehouse_name' },
          { key: 'to', title: t('transfers.fields.to'), dataIndex: 'to_warehouse_name' },
          { key: 'lines', title: t('transfers.fields.products'), align: 'right', dataIndex: 'lines' },
          { key: 'quantity', title: t('transfers.fields.units'), align: 'right', render: (_, r) => r.quantity.toLocaleString('en-IN') },
          {
            key: 'in_transit',
            title: t('transfers.status.dispatched'),
            align: 'right',
            render: (_, r) =>
              r.in_transit_quantity > 0 ? (
                <>
                  {r.in_transit_quantity.toLocaleString('en-IN')}
                  {r.in_transit_value !== undefined && <Typography.Text type="secondary"> ({formatINR(r.in_transit_value)})</Typography.Text>}
                </>
              ) : (
                '—'
              ),
          },
          { key: 'status', title: t('stockTakes.fields.status'), render: (_, r) => <TransferStatusTag status={r.status} /> },
          { key: 'by', title: t('transfers.fields.createdBy'), render: (_, r) => r.created_by_name ?? '—' },
        ]}
      />
    </>
  );
}
