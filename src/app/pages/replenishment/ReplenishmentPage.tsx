import { ShoppingCartOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Alert, App, Button, Card, Flex, Form, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CreatedOrder, ReplenishmentRow } from '../../../domain/schemas/replenishment';
import { useSeesCosts } from '../../access/costs';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { useT } from '../../i18n/use-t';
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

type Translate = ReturnType<typeof useT>['t'];

/**
 * How many of a thing, in words ('3 draft purchase orders'): the number, then the word for one or for more (each a
 * literal key; the number comes first in Hindi too).
 */
function counts(t: Translate) {
  const of = (c: number, one: string, more: string) => `${formatQuantity(c)} ${c === 1 ? one : more}`;
  return {
    draftOrders: (c: number) => of(c, t('replenishment.units.draftOrder'), t('replenishment.units.draftOrders')),
    orders: (c: number) => of(c, t('replenishment.units.order'), t('replenishment.units.orders')),
    sellers: (c: number) => of(c, t('replenishment.units.seller'), t('replenishment.units.sellers')),
    lines: (c: number) => of(c, t('replenishment.units.line'), t('replenishment.units.lines')),
    products: (c: number) => of(c, t('replenishment.units.product'), t('replenishment.units.products')),
  };
}

/** The orders just drafted, each a link to its page. */
function CreatedOrders({ orders, onClose }: { orders: CreatedOrder[]; onClose: () => void }) {
  const { t } = useT();
  const count = counts(t);
  return (
    <Alert
      type="success"
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 16 }}
      message={t('replenishment.created', { orders: count.draftOrders(orders.length) })}
      description={
        <Flex gap={12} wrap>
          {orders.map((o) => (
            <Link key={o._id} to={`/purchase-orders/show/${o._id}`}>
              {o.number}
              {o.seller_name ? ` (${o.seller_name}, ${count.lines(o.lines)})` : ''}
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
  const { t, tx } = useT();
  const count = counts(t);
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

  const warehouseName = warehouses.find((w) => w.value === view.warehouseId)?.label ?? t('replenishment.thisWarehouse');
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
    const sellers = selection.sellers(t('replenishment.confirm.aSeller'));
    const lines = selection.lines();
    modal.confirm({
      title: t('replenishment.confirm.title'),
      content: t('replenishment.confirm.content', {
        orders: count.draftOrders(sellers.length),
        sellers: count.sellers(sellers.length),
        names: sellers.join(', '),
        lines: count.lines(lines.length),
        warehouse: warehouseName,
      }),
      okText: t('replenishment.confirm.ok', { orders: count.orders(sellers.length) }),
      cancelText: t('buttons.cancel'),
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
      <PageHeader title={t('menu.replenishment')} subTitle={t('replenishment.subTitle')} extra={<SettingsImportButton />} />
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('purchaseOrders.fields.warehouse')} htmlFor="replenishment-warehouse" required {...FILTER_ITEM}>
          <WarehouseSelect
            id="replenishment-warehouse"
            scope="replenishment"
            placeholder={t('purchaseOrders.fields.selectWarehouse')}
            value={view.warehouseId}
            style={{ minWidth: 220, maxWidth: '100%' }}
            onChange={(id) => change({ warehouse_id: id })}
          />
        </Form.Item>
        <Form.Item label={t('purchaseOrders.fields.seller')} htmlFor="replenishment-seller" {...FILTER_ITEM}>
          <SellerSelect
            id="replenishment-seller"
            anyCity
            placeholder={t('replenishment.filters.allSellers')}
            style={{ minWidth: 200, maxWidth: '100%' }}
            value={view.sellerId}
            onChange={(id) => change({ seller_id: id })}
          />
        </Form.Item>
        <Form.Item label={t('replenishment.columns.category')} htmlFor="replenishment-category" {...FILTER_ITEM}>
          <Select
            id="replenishment-category"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('replenishment.filters.allCategories')}
            style={{ minWidth: 200, maxWidth: '100%' }}
            loading={categoriesLoading}
            value={view.categoryId}
            options={categories.map((c) => ({ label: c.category, value: c.category_id }))}
            onChange={(id?: string) => change({ category_id: id })}
          />
        </Form.Item>
      </Form>
      {created && <CreatedOrders orders={created} onClose={() => setCreated(null)} />}
      {refused && <Alert type="error" showIcon role="alert" closable onClose={() => setRefused(null)} message={tx(refused)} style={{ marginBottom: 16 }} />}
      <ListError error={error && { message: tx(error.message) }} onRetry={() => void refetch()} retrying={isFetching} style={{ marginBottom: 16 }} />
      <Card size="small">
        <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }} aria-label={t('replenishment.selection.label')}>
          <Typography.Text>
            {selection.count
              ? `${count.products(selection.count)} ${t('replenishment.selection.chosen')}`
              : `${count.products(total)} ${t('replenishment.selection.toReorder')}`}
          </Typography.Text>
          <Flex gap={8} wrap>
            {total > rows.length && selection.count < total && (
              <Button onClick={() => void selectAll()} loading={selectingAll} disabled={!canCreate}>
                {t('replenishment.selection.selectAll', { count: formatQuantity(total) })}
              </Button>
            )}
            {selection.count > 0 && <Button onClick={selection.clear}>{t('buttons.clear')}</Button>}
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              disabled={!canCreate || !selection.count || !selection.valid}
              loading={orders.busy}
              onClick={confirmCreate}
            >
              {t('replenishment.createOrders')}
            </Button>
          </Flex>
        </Flex>
        <Table<ReplenishmentRow>
          rowKey="inventory_id"
          dataSource={rows}
          columns={replenishmentColumns({ t, seesCosts, quantityOf: selection.quantityOf, setQuantity: selection.setQuantity })}
          loading={isFetching}
          size="middle"
          scroll={{ x: 1500 }}
          rowSelection={
            canCreate
              ? {
                  selectedRowKeys: selection.keys,
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: (r) => ({ disabled: !orderable(r), 'aria-label': t('replenishment.choose', { product: r.product_name }) }),
                  // antd names the header's box 'Select all' in English whatever the locale.
                  getTitleCheckboxProps: () => ({ 'aria-label': t('replenishment.chooseAll') }),
                  onChange: (keys) => selection.setPage(rows, keys.map(String)),
                }
              : undefined
          }
          locale={{
            emptyText: emptyTextOf({ loading: isLoading || !view.warehouseId, failed: !!error }, t('replenishment.empty', { warehouse: warehouseName })),
          }}
          pagination={{
            current: view.page,
            pageSize: PAGE_SIZE,
            total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (n) => count.products(n),
          }}
          onChange={(pagination) => change({ page: String(pagination.current ?? 1) })}
        />
      </Card>
    </>
  );
}
