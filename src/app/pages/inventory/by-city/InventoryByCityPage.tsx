import { PlusOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Alert, Button, Card, Flex, Input, Pagination, Select, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { INVENTORY_BY_CITY_PAGE_SIZE } from '../../../../domain/constants';
import { PageHeader } from '../shared/PageHeader';
import type { InventoryRecord } from '../shared/types';
import { useWarehouses } from '../shared/use-warehouses';
import { byCityColumns } from './by-city-columns';
import { useCityInventory } from './use-city-inventory';

/** `/inventory-by-city/{cityId}?warehouse_id=`: the stock of one city's warehouses, three warehouses a page. */
export default function InventoryByCityPage() {
  const { cityId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const warehouseId = params.get('warehouse_id') || undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const navigate = useNavigate();
  const inventory = useCityInventory(cityId, warehouseId, page);
  const { warehouses } = useWarehouses();
  const cityWarehouses = warehouses.filter((w) => w.city_id === cityId);
  const canAdd = useCan({ resource: 'inventory', action: 'create' }).data?.can ?? false;
  const canAdjust = useCan({ resource: 'inventory', action: 'edit' }).data?.can ?? false;
  // A page can hold three warehouses' whole stock: a quick product filter over the rows shown.
  const [productFilter, setProductFilter] = useState('');
  const needle = productFilter.trim().toLowerCase();
  const rows = needle ? inventory.rows.filter((r) => r.product_name.toLowerCase().includes(needle)) : inventory.rows;

  const withQuery = (path: string, warehouse: string) =>
    `${path}?${new URLSearchParams({ warehouse_id: warehouse, city_id: cityId }).toString()}`;
  const adjust = (record: InventoryRecord) => navigate(withQuery(`/inventory-edit/${record._id}`, record.warehouse_id));
  const setQuery = (next: { warehouse_id?: string; page?: number }) => {
    const updated = new URLSearchParams();
    const warehouse = 'warehouse_id' in next ? next.warehouse_id : warehouseId;
    if (warehouse) updated.set('warehouse_id', warehouse);
    if (next.page && next.page > 1) updated.set('page', String(next.page));
    setParams(updated);
  };

  // SPEC.md: 'Add Inventory' uses the first row's warehouse; with no rows, the chosen (or the city's first)
  // warehouse; disabled only when the city has none.
  const firstWarehouse = inventory.rows[0]?.warehouse_id ?? warehouseId ?? inventory.warehouses[0]?._id ?? cityWarehouses[0]?._id;
  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={!firstWarehouse || !canAdd}
      onClick={() => firstWarehouse && navigate(withQuery('/inventory-registration', firstWarehouse))}
    >
      Add Inventory
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Inventory for City"
        subTitle={inventory.city && <Tag color="green">{inventory.city.name}</Tag>}
        extra={firstWarehouse ? addButton : <Tooltip title="This city has no warehouse to add inventory to">{addButton}</Tooltip>}
      />
      {inventory.error && <Alert type="error" showIcon role="alert" message={inventory.error.message} style={{ marginBottom: 16 }} />}
      <Card size="small">
        <Flex gap={12} wrap style={{ marginBottom: 12 }}>
          {(cityWarehouses.length > 1 || warehouseId) && (
            <Select
              aria-label="Warehouse"
              style={{ minWidth: 260 }}
              value={warehouseId ?? ''}
              onChange={(value: string) => setQuery({ warehouse_id: value || undefined, page: 1 })}
              options={[{ label: 'All warehouses in this city', value: '' }, ...cityWarehouses.map((w) => ({ label: w.name, value: w._id }))]}
            />
          )}
          <Input.Search
            allowClear
            placeholder="Filter these rows by product"
            aria-label="Filter by product"
            style={{ maxWidth: 300 }}
            value={productFilter}
            onChange={(event) => setProductFilter(event.target.value)}
          />
        </Flex>
        <Table<InventoryRecord>
          rowKey="_id"
          sticky
          dataSource={rows}
          columns={byCityColumns(adjust, canAdjust)}
          loading={inventory.isLoading}
          pagination={false}
          size="middle"
          scroll={{ x: 1020 }}
          locale={{ emptyText: inventory.isLoading ? ' ' : needle && inventory.rows.length ? 'No product matches this filter' : 'No inventory found for this city' }}
        />
        {inventory.warehouseCount > INVENTORY_BY_CITY_PAGE_SIZE && (
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Pagination
              current={inventory.page}
              pageSize={INVENTORY_BY_CITY_PAGE_SIZE}
              total={inventory.warehouseCount}
              showSizeChanger={false}
              showTotal={(total) => `${total} warehouses`}
              onChange={(next) => setQuery({ page: next })}
            />
          </Flex>
        )}
      </Card>
    </>
  );
}
