import { ShoppingCartOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Alert, App, Button, Card, Flex, Form, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CreatedOrder, ReplenishmentRow } from '../../../domain/schemas/replenishment';
import { useSeesCosts } from '../../access/costs';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { PageHeader } from '../inventory/shared/PageHeader';
import { SellerSelect } from '../inventory/stock/SellerSelect';
import { useWarehouseChoices, WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { useCategories } from '../products/use-categories';
import { formatQuantity } from '../reports/shared/format';
import { replenishmentColumns } from './replenishment-columns';
import { SettingsImportButton } from './SettingsImportButton';
import { orderable, useOrderSelection } from './use-order-selection';
import { PAGE_SIZE, useAllSuggestions, useCreateOrders, useReplenishmentView, useSuggestions } from './use-replenishment';

/**
 * A filter of the inline form never wider than the screen: a long warehouse or seller name is cut short in its select
 * (on a phone the item would otherwise push the page sideways).
 */
const FILTER_ITEM = { style: { maxWidth: '100%' }, wrapperCol: { style: { minWidth: 0 } } };

const plural = (n: number, word: string) => `${formatQuantity(n)} ${word}${n === 1 ? '' : 's'}`;

/** The orders just drafted, each a link to its page. */
function CreatedOrders({ orders, onClose }: { orders: CreatedOrder[]; onClose: () => void }) {
  return (
    <Alert
      type="success"
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 16 }}
      message={`Created ${plural(orders.length, 'draft purchase order')}`}
      description={
        <Flex gap={12} wrap>
          {orders.map((o) => (
            <Link key={o._id} to={`/purchase-orders/show/${o._id}`}>
              {o.number}
              {o.seller_name ? ` (${o.seller_name}, ${plural(o.lines, 'line')})` : ''}
            </Link>
          ))}
        </Flex>
      }
    />
  );
}

/**
 * `/replenishment`: what a warehouse should reorder now (projected stock at or below the minimum), most urgent first;
 * chosen rows, with their quantities, become one draft purchase order per preferred seller.
 */
export default function ReplenishmentPage() {
  const { modal } = App.useApp();
  const { view, change } = useReplenishmentView();
  const { options: warehouses } = useWarehouseChoices('replenishment');
  const { answer, isLoading, isFetching, error, refetch } = useSuggestions(view);
  const allRows = useAllSuggestions(view);
  const selection = useOrderSelection();
  const orders = useCreateOrders();
  const seesCosts = useSeesCosts();
  const canCreate = useCan({ resource: 'replenishment', action: 'create' }).data?.can === true;
  const { categories, isLoading: categoriesLoading } = useCategories();
  const [created, setCreated] = useState<CreatedOrder[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);

  // The first of the user's warehouses until one is chosen.
  const firstWarehouse = warehouses[0]?.value;
  useEffect(() => {
    if (!view.warehouseId && firstWarehouse) change({ warehouse_id: firstWarehouse });
  }, [view.warehouseId, firstWarehouse]); // eslint-disable-line react-hooks/exhaustive-deps -- change is a new function each render
  // Another warehouse or filter: a new list, a new choice.
  useEffect(() => selection.clear(), [view.warehouseId, view.sellerId, view.categoryId]); // eslint-disable-line react-hooks/exhaustive-deps -- clear only on a new view

  const warehouseName = warehouses.find((w) => w.value === view.warehouseId)?.label ?? 'this warehouse';
  const rows = answer?.data ?? [];
  const total = answer?.total ?? 0;

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      selection.add(await allRows());
    } catch (e) {
      setRefused((e as Error).message);
    } finally {
      setSelectingAll(false);
    }
  };

  const confirmCreate = () => {
    const sellers = selection.sellers();
    const lines = selection.lines();
    modal.confirm({
      title: 'Create purchase orders?',
      content:
        `${plural(sellers.length, 'draft purchase order')} for ${plural(sellers.length, 'seller')} (${sellers.join(', ')}), ` +
        `${plural(lines.length, 'line')} in all, delivered to ${warehouseName}.`,
      okText: `Create ${plural(sellers.length, 'order')}`,
      onOk: async () => {
        setRefused(null);
        try {
          const answer = await orders.create(view.warehouseId!, lines);
          setCreated(answer.orders);
          selection.clear();
        } catch (e) {
          setRefused((e as Error).message);
        } finally {
          void refetch();
        }
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Replenishment"
        subTitle="Products whose stock, with what is on order and in transit, will fall to their minimum within their lead time"
        extra={<SettingsImportButton />}
      />
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="Warehouse" htmlFor="replenishment-warehouse" required {...FILTER_ITEM}>
          <WarehouseSelect
            id="replenishment-warehouse"
            scope="replenishment"
            value={view.warehouseId}
            style={{ minWidth: 220, maxWidth: '100%' }}
            onChange={(id) => change({ warehouse_id: id })}
          />
        </Form.Item>
        <Form.Item label="Seller" htmlFor="replenishment-seller" {...FILTER_ITEM}>
          <SellerSelect
            id="replenishment-seller"
            anyCity
            placeholder="All sellers"
            style={{ minWidth: 200, maxWidth: '100%' }}
            value={view.sellerId}
            onChange={(id) => change({ seller_id: id })}
          />
        </Form.Item>
        <Form.Item label="Category" htmlFor="replenishment-category" {...FILTER_ITEM}>
          <Select
            id="replenishment-category"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="All categories"
            style={{ minWidth: 200, maxWidth: '100%' }}
            loading={categoriesLoading}
            value={view.categoryId}
            options={categories.map((c) => ({ label: c.category, value: c.category_id }))}
            onChange={(id?: string) => change({ category_id: id })}
          />
        </Form.Item>
      </Form>
      {created && <CreatedOrders orders={created} onClose={() => setCreated(null)} />}
      {refused && <Alert type="error" showIcon role="alert" closable onClose={() => setRefused(null)} message={refused} style={{ marginBottom: 16 }} />}
      <ListError error={error} onRetry={() => void refetch()} retrying={isFetching} style={{ marginBottom: 16 }} />
      <Card size="small">
        <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }} aria-label="Selection">
          <Typography.Text>{selection.count ? `${plural(selection.count, 'product')} chosen` : `${plural(total, 'product')} to reorder`}</Typography.Text>
          <Flex gap={8} wrap>
            {total > rows.length && selection.count < total && (
              <Button onClick={() => void selectAll()} loading={selectingAll} disabled={!canCreate}>
                Select all {formatQuantity(total)}
              </Button>
            )}
            {selection.count > 0 && <Button onClick={selection.clear}>Clear</Button>}
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              disabled={!canCreate || !selection.count || !selection.valid}
              loading={orders.busy}
              onClick={confirmCreate}
            >
              Create purchase orders
            </Button>
          </Flex>
        </Flex>
        <Table<ReplenishmentRow>
          rowKey="inventory_id"
          dataSource={rows}
          columns={replenishmentColumns({ seesCosts, quantityOf: selection.quantityOf, setQuantity: selection.setQuantity })}
          loading={isFetching}
          size="middle"
          scroll={{ x: 1500 }}
          rowSelection={
            canCreate
              ? {
                  selectedRowKeys: selection.keys,
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: (r) => ({ disabled: !orderable(r), 'aria-label': `Choose ${r.product_name}` }),
                  onChange: (keys) => selection.setPage(rows, keys.map(String)),
                }
              : undefined
          }
          locale={{ emptyText: emptyTextOf({ loading: isLoading || !view.warehouseId, failed: !!error }, `Nothing to reorder in ${warehouseName}`) }}
          pagination={{
            current: view.page,
            pageSize: PAGE_SIZE,
            total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (n) => plural(n, 'product'),
          }}
          onChange={(pagination) => change({ page: String(pagination.current ?? 1) })}
        />
      </Card>
    </>
  );
}
