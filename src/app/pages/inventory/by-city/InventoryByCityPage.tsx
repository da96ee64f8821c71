import { PlusOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Button, Card, Empty, Flex, Input, Pagination, Select, Skeleton, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { INVENTORY_BY_CITY_PAGE_SIZE } from '../../../../domain/constants';
import { ListError } from '../../../crud/list/ListError';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../shared/PageHeader';
import type { InventoryRecord } from '../shared/types';
import { useDebouncedValue } from '../shared/use-debounced-value';
import { useWarehouses } from '../shared/use-warehouses';
import { useCityInventory } from './use-city-inventory';
import { WarehouseRows } from './WarehouseRows';

/**
 * `/inventory-by-city/{cityId}?warehouse_id=&q=&page=`: the stock of one city's warehouses, three warehouses a page,
 * each with a page of its rows and its own pager; the search (kept in the URL) runs in the API over the whole view.
 */
export default function InventoryByCityPage() {
  const { t } = useT();
  const { cityId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const warehouseId = params.get('warehouse_id') || undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = params.get('q')?.trim() || undefined;
  const navigate = useNavigate();
  const inventory = useCityInventory(cityId, warehouseId, page, q);
  const { warehouses } = useWarehouses();
  const cityWarehouses = warehouses.filter((w) => w.city_id === cityId);
  const canAdd = useCan({ resource: 'inventory', action: 'create' }).data?.can ?? false;
  const canAdjust = useCan({ resource: 'inventory', action: 'edit' }).data?.can ?? false;
  // What is typed shows at once; the URL (and so the request) follows once typing pauses.
  const [search, setSearch] = useState(q ?? '');
  const typed = useDebouncedValue(search.trim(), 300);

  const withQuery = (path: string, warehouse: string) => `${path}?${new URLSearchParams({ warehouse_id: warehouse, city_id: cityId }).toString()}`;
  const adjust = (record: InventoryRecord) => navigate(withQuery(`/inventory-edit/${record._id}`, record.warehouse_id));
  const setQuery = (next: { warehouse_id?: string; page?: number; q?: string }) => {
    const updated = new URLSearchParams();
    const warehouse = 'warehouse_id' in next ? next.warehouse_id : warehouseId;
    const text = 'q' in next ? next.q : q;
    if (warehouse) updated.set('warehouse_id', warehouse);
    if (text) updated.set('q', text);
    if (next.page && next.page > 1) updated.set('page', String(next.page));
    setParams(updated);
  };
  useEffect(() => {
    if ((typed || undefined) !== q) setQuery({ q: typed || undefined, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search text moves the URL
  }, [typed]);

  // SPEC.md: 'Add Inventory' uses the first row's warehouse; with no rows, the chosen (or the city's first)
  // warehouse; disabled only when the city has none.
  const firstWarehouse = inventory.firstRow?.warehouse_id ?? warehouseId ?? inventory.groups[0]?.warehouse_id ?? cityWarehouses[0]?._id;
  // A failed request found nothing out: the error says so, not 'No inventory found'.
  const cityIsEmpty = !inventory.error && !q && inventory.groups.every((g) => g.inventory_pagination.total === 0);
  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={!firstWarehouse || !canAdd}
      onClick={() => firstWarehouse && navigate(withQuery('/inventory-registration', firstWarehouse))}
    >
      {t('inventory.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('menu.inventoryForCity')}
        subTitle={inventory.city && <Tag color="green">{inventory.city.name}</Tag>}
        extra={firstWarehouse ? addButton : <Tooltip title={t('inventory.byCity.noWarehouse')}>{addButton}</Tooltip>}
      />
      <ListError error={inventory.error} onRetry={() => inventory.refetch()} retrying={inventory.isFetching} style={{ marginBottom: 16 }} />
      <Card size="small">
        <Flex gap={12} wrap style={{ marginBottom: 12 }}>
          {(cityWarehouses.length > 1 || warehouseId) && (
            <Select
              aria-label={t('inventory.fields.warehouse')}
              style={{ minWidth: 260 }}
              value={warehouseId ?? ''}
              onChange={(value: string) => setQuery({ warehouse_id: value || undefined, page: 1 })}
              options={[{ label: t('inventory.byCity.allWarehouses'), value: '' }, ...cityWarehouses.map((w) => ({ label: w.name, value: w._id }))]}
            />
          )}
          <Input.Search
            allowClear
            placeholder={t('inventory.byCity.searchPlaceholder')}
            aria-label={t('inventory.byCity.searchLabel')}
            style={{ maxWidth: 300 }}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setQuery({ q: value.trim() || undefined, page: 1 })}
          />
        </Flex>
        {inventory.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : cityIsEmpty ? (
          <Empty description={t('inventory.byCity.empty')} />
        ) : (
          inventory.groups.map((group) => (
            <WarehouseRows key={`${group.warehouse_id}:${q ?? ''}`} cityId={cityId} group={group} q={q} onAdjust={adjust} canAdjust={canAdjust} />
          ))
        )}
        {inventory.warehouseCount > INVENTORY_BY_CITY_PAGE_SIZE && (
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Pagination
              current={inventory.page}
              pageSize={INVENTORY_BY_CITY_PAGE_SIZE}
              total={inventory.warehouseCount}
              showSizeChanger={false}
              showTotal={(total) => `${total} ${t('inventory.byCity.warehouses')}`}
              onChange={(next) => setQuery({ page: next })}
            />
          </Flex>
        )}
      </Card>
    </>
  );
}
