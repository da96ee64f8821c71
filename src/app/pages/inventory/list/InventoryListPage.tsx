import { costColumns, useSeesCosts } from '../../../access/costs';
import { CreateButton } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Table } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_SIZE } from '../../../../domain/constants';
import { INVENTORY_LIST } from '../../../../domain/resources/inventory';
import { useBatchExpansion } from '../batches/use-batch-expansion';
import { PageHeader } from '../shared/PageHeader';
import type { InventoryRecord } from '../shared/types';
import { InventoryFiltersForm } from './InventoryFiltersForm';
import { inventoryColumns } from './inventory-columns';
import { RevalueDialog } from './RevalueDialog';
import { fromCrudFilters, toCrudFilters, type InventoryFilters } from './inventory-filters';
import { emptyTextOf, ListError } from '../../../crud/list/ListError';
import { useUrlTable } from '../../../crud/list/use-url-table';
import { ExportButton } from '../../../crud/list/ExportButton';
import { useT } from '../../../i18n/use-t';

const { title, createLabel, emptyText } = INVENTORY_LIST;

/** `/inventory`: 'Inventory Management', filtered and paged by the server; its texts are the declaration's (in the user's language). */
export default function InventoryListPage() {
  const { t, tx } = useT();
  const seesCosts = useSeesCosts();
  const navigate = useNavigate();
  const location = useLocation();
  // Filters, page and sort are the table's state, in the URL as `?warehouse=…&low_stock_only=true&page=2`.
  const table = useUrlTable<InventoryRecord>({
    resource: 'inventory',
    pagination: { pageSize: PAGE_SIZE },
    errorNotification: false,
  });
  const { tableProps, tableQuery, filters, sorters, setFilters, setCurrentPage } = table;
  const filterKey = JSON.stringify(filters);
  const applied = useMemo(() => fromCrudFilters(JSON.parse(filterKey) as typeof filters), [filterKey]);
  /** New filters start again at page 1. */
  const apply = (next: InventoryFilters) => {
    setFilters(toCrudFilters(next), 'replace');
    setCurrentPage(1);
  };

  // A record's batches are read with 'inventory: show'.
  const canShow = useCan({ resource: 'inventory', action: 'show' }).data?.can === true;
  const batches = useBatchExpansion<InventoryRecord>(canShow);

  const canRevalue = useCan({ resource: 'stock', action: 'revalue' }).data?.can === true;
  const [revaluing, setRevaluing] = useState<InventoryRecord | null>(null);

  // Adjusting returns to this very list (filters and page) afterwards.
  const adjust = (record: InventoryRecord) => navigate(`/inventory-edit/${record._id}`, { state: { returnTo: location.pathname + location.search } });

  return (
    <>
      <PageHeader
        title={tx(title)}
        extra={
          <>
            {/* Every record of these filters and order, in the list's columns (its costs hidden as here): the API's file. */}
            <ExportButton path="inventory" filters={filters} sorters={sorters} fileName="inventory" />
            <CreateButton resource="inventory">{tx(createLabel)}</CreateButton>
          </>
        }
      />
      <InventoryFiltersForm applied={applied} onApply={apply} onClear={() => apply({})} />
      <ListError error={tableQuery.error} onRetry={() => tableQuery.refetch()} retrying={tableQuery.isFetching} style={{ marginBottom: 16 }} />
      <Table<InventoryRecord>
        {...tableProps}
        rowKey="_id"
        columns={batches.withToggle(costColumns(inventoryColumns(t, adjust, canRevalue && seesCosts ? setRevaluing : undefined), seesCosts))}
        expandable={batches.expandable}
        // The columns' widths add up to 1055 px: a 1366 px screen shows them all without scrolling.
        scroll={{ x: 1055 }}
        size="middle"
        locale={{ emptyText: emptyTextOf({ loading: tableQuery.isLoading, failed: !!tableQuery.error }, tx(emptyText)) }}
        pagination={{
          ...tableProps.pagination,
          showSizeChanger: false,
          showTotal: (total, [from, to]) => t('inventory.list.records', { from, to, total }),
        }}
      />
      <RevalueDialog record={revaluing} onClose={() => setRevaluing(null)} />
    </>
  );
}
