import { costColumns, useSeesCosts } from '../../../access/costs';
import { CreateButton, useTable } from '@refinedev/antd';
import { Alert, Table } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_SIZE } from '../../../../domain/constants';
import { useBatchExpansion } from '../batches/use-batch-expansion';
import { PageHeader } from '../shared/PageHeader';
import type { InventoryRecord } from '../shared/types';
import { InventoryFiltersForm } from './InventoryFiltersForm';
import { inventoryColumns } from './inventory-columns';
import { useInventoryUrlFilters } from './use-inventory-url-filters';

/** `/inventory`: 'Inventory Management', filtered and paged by the server. */
export default function InventoryListPage() {
  const seesCosts = useSeesCosts();
  const filters = useInventoryUrlFilters();
  const navigate = useNavigate();
  const location = useLocation();
  const { tableProps, tableQuery, setCurrentPage } = useTable<InventoryRecord>({
    resource: 'inventory',
    syncWithLocation: false,
    pagination: { currentPage: filters.page, pageSize: PAGE_SIZE },
    filters: { permanent: filters.crudFilters },
    errorNotification: false,
  });
  useEffect(() => setCurrentPage(filters.page), [filters.page, setCurrentPage]);

  const batches = useBatchExpansion<InventoryRecord>();

  // Adjusting returns to this very list (filters and page) afterwards.
  const adjust = (record: InventoryRecord) =>
    navigate(`/inventory-edit/${record._id}`, { state: { returnTo: location.pathname + location.search } });

  return (
    <>
      <PageHeader title="Inventory Management" extra={<CreateButton resource="inventory">Add Inventory</CreateButton>} />
      <InventoryFiltersForm applied={filters.applied} onApply={filters.apply} onClear={filters.clear} />
      {tableQuery.error && <Alert type="error" showIcon role="alert" message={tableQuery.error.message} style={{ marginBottom: 16 }} />}
      <Table<InventoryRecord>
        {...tableProps}
        rowKey="_id"
        columns={batches.withToggle(costColumns(inventoryColumns(adjust), seesCosts))}
        expandable={batches.expandable}
        // The columns' widths add up to 1055 px: a 1366 px screen shows them all without scrolling.
        scroll={{ x: 1055 }}
        size="middle"
        locale={{ emptyText: tableQuery.isLoading ? ' ' : 'No inventory records found' }}
        pagination={{
          ...tableProps.pagination,
          current: filters.page,
          showSizeChanger: false,
          showTotal: (total, [from, to]) => `${from}-${to} of ${total} records`,
        }}
        onChange={(pagination, tableFilters, sorter, extra) => {
          tableProps.onChange?.(pagination, tableFilters, sorter, extra);
          if (extra.action === 'paginate') filters.setPage(pagination.current ?? 1);
        }}
      />
    </>
  );
}
