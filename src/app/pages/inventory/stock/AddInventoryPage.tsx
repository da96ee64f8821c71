import { useInvalidate, useNotification, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { answerText } from '../../../providers/api-error';
import { PageHeader } from '../shared/PageHeader';
import { ProductSearch } from '../shared/ProductSearch';
import type { ProductSuggestion } from '../shared/types';
import { useWarehouses } from '../shared/use-warehouses';
import { WarehouseSelect } from '../shared/WarehouseSelect';
import { BatchFields } from './BatchFields';
import { batchPayload, checkBatch, expiredOn, type BatchValues } from './batch-validation';
import { CurrentStockPanel } from './CurrentStockPanel';
import { SellerSelect } from './SellerSelect';
import { STOCK_FORM_FIELDS, StockDetailsFields, type StockFormValues } from './StockDetailsFields';
import { stockDestination } from './stock-destination';
import { addFormSchema, checkAddStock, type FirstIssue } from './stock-validation';
import { useDirtyForm } from './use-dirty-form';
import { useStockLookup } from './use-stock-lookup';
import { useConfirmExpired } from './use-confirm-expired';
import { stockErrorMessage, useStockSubmit } from './use-stock-submit';

/** `/inventory-registration?warehouse_id&city_id`: receive stock (purchase, return, adjustment) into a warehouse. */
export default function AddInventoryPage() {
  const { t, tx, language } = useT();
  const [params] = useSearchParams();
  const queryWarehouse = params.get('warehouse_id') || undefined;
  const queryCity = params.get('city_id') || undefined;
  const [warehouseId, setWarehouseId] = useState(queryWarehouse);
  const [productText, setProductText] = useState('');
  const [product, setProduct] = useState<ProductSuggestion | null>(null);
  const [issue, setIssue] = useState<FirstIssue | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [form] = Form.useForm<StockFormValues & BatchValues>();
  const reason = Form.useWatch('movement_reason', form);
  const expiry = Form.useWatch('expiry_date', form);

  const warehouses = useWarehouses();
  const warehouse = warehouses.find(warehouseId);
  const cityId = warehouseId === queryWarehouse && queryCity ? queryCity : warehouse?.city_id;
  const lookup = useStockLookup(product?._id, warehouseId);
  const { submit, exclusive, isSaving } = useStockSubmit('/inventory/add-stock', t('stock.add.failed'));
  const dirty = useDirtyForm();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const confirmExpired = useConfirmExpired();

  const clearErrors = () => {
    if (issue && STOCK_FORM_FIELDS.includes(issue.field)) form.setFields([{ name: issue.field as keyof StockFormValues, errors: [] }]);
    setIssue(null);
    setServerError(null);
  };
  const fieldError = (field: string) => (issue?.field === field ? { validateStatus: 'error' as const, help: tx(issue.message) } : {});

  const onFinish = () =>
    exclusive(async () => {
      clearErrors();
      const values = form.getFieldsValue(true) as StockFormValues & BatchValues;
      const tracked = product?.tracks_expiry === true;
      const checked = checkAddStock({
        ...values,
        // Sent for a product that tracks expiry only (a batch typed for another product stays behind).
        ...(tracked ? batchPayload(values) : { batch_no: undefined, expiry_date: undefined, mfg_date: undefined }),
        product_id: product?._id ?? '',
        warehouse_id: warehouseId ?? '',
        seller_id: values.movement_reason === 'purchase' ? values.seller_id : undefined,
        // Levels belong to a record this movement creates; an existing record keeps its own.
        minimum_stock: lookup.missing ? values.minimum_stock : undefined,
        maximum_stock: lookup.missing ? values.maximum_stock : undefined,
      });
      if (!checked.ok) {
        setIssue(checked.issue);
        if (STOCK_FORM_FIELDS.includes(checked.issue.field)) {
          form.setFields([{ name: checked.issue.field as keyof StockFormValues, errors: [tx(checked.issue.message)] }]);
          form.scrollToField(checked.issue.field, { block: 'center' });
        }
        return;
      }
      const batchIssue = tracked ? checkBatch(values) : null;
      if (batchIssue) {
        setIssue(batchIssue);
        form.scrollToField(batchIssue.field, { block: 'center' });
        return;
      }
      const batchNo = checked.data.batch_no ?? '';
      // Expired stock is received only to record it (it is never sold), once the person says so. The confirmed body
      // differs from a refused one, so it goes with a new Idempotency-Key: the API keeps its refusal under the old one.
      const expired = tracked ? expiredOn(values.expiry_date) : null;
      if (expired && !(await confirmExpired(batchNo, expired))) return;
      try {
        const saved = await submit(expired ? { ...checked.data, confirm_expired: true } : checked.data).catch(async (error: unknown) => {
          // Expired by the API's clock though not by this screen's (a date typed at midnight): the same question.
          if (expired || answerText(error, 'confirm') !== 'confirm_expired' || !checked.data.expiry_date) throw error;
          if (!(await confirmExpired(batchNo, checked.data.expiry_date))) throw error;
          return submit({ ...checked.data, confirm_expired: true });
        });
        // Synchronously, so the unsaved-changes guard is gone before navigating away.
        flushSync(dirty.markSaved);
        open?.({
          type: 'success',
          description: t('stock.updated'),
          message: t('stock.inStock', { product: saved.inventory.product_name, stock: saved.inventory.current_stock }),
        });
        void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
        if (!cityId) open?.({ type: 'error', description: t('stock.noCity'), message: t('stock.showingList') });
        navigate(stockDestination(cityId, checked.data.warehouse_id, '/inventory', saved.inventory.product_name));
      } catch (error) {
        setServerError(stockErrorMessage(error as HttpError, language));
      }
    });

  const warehouseError = fieldError('warehouse_id');
  const productError = fieldError('product_id');
  return (
    <>
      <PageHeader title={t('inventory.add')} subTitle={warehouse ? t('stock.add.receivingInto', { warehouse: warehouse.name }) : t('stock.add.receive')} />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: StockFormValues) => {
          dirty.markDirty();
          clearErrors();
          // SPEC.md section 4: a seller belongs to a purchase only.
          if ('movement_reason' in changed && changed.movement_reason !== 'purchase') form.setFieldValue('seller_id', undefined);
        }}
        style={{ maxWidth: 960 }}
      >
        <Card size="small" title={t('inventory.fields.product')} style={{ marginBottom: 16 }}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', columnGap: 16 }}>
            <Form.Item label={t('inventory.fields.warehouse')} required htmlFor="stock-warehouse" {...warehouseError}>
              <WarehouseSelect
                id="stock-warehouse"
                value={warehouseId}
                onChange={(id) => {
                  setWarehouseId(id);
                  form.setFieldValue('seller_id', undefined);
                  dirty.markDirty();
                  clearErrors();
                }}
              />
            </Form.Item>
            <Form.Item label={t('inventory.fields.product')} required htmlFor="stock-product" {...productError}>
              <ProductSearch
                id="stock-product"
                value={productText}
                autoFocus
                onTextChange={(text) => {
                  // SPEC.md section 4: typing clears the chosen product and its unit cost.
                  setProductText(text);
                  setProduct(null);
                  form.setFieldValue('unit_cost', undefined);
                  dirty.markDirty();
                  clearErrors();
                }}
                onPick={(picked) => {
                  setProduct(picked);
                  setProductText(picked.productname);
                  form.setFieldValue('unit_cost', picked.price);
                  clearErrors();
                }}
              />
            </Form.Item>
          </div>
        </Card>
        <CurrentStockPanel
          hint={!product || !warehouseId ? t('stock.add.hint') : undefined}
          record={lookup.record}
          missing={lookup.missing}
          loading={lookup.isLoading}
          error={lookup.error?.message}
        />
        <Card size="small" title={t('stock.details')}>
          <StockDetailsFields
            quantityLabel={t('stock.fields.quantity')}
            schema={addFormSchema}
            newRecord={lookup.missing}
            batch={product?.tracks_expiry ? <BatchFields errorOf={fieldError} expired={Boolean(expiredOn(expiry))} /> : undefined}
            seller={
              <Form.Item label={t('stock.fields.seller')} name="seller_id" required={reason === 'purchase'}>
                <SellerSelect cityId={cityId} disabled={reason !== 'purchase'} />
              </Form.Item>
            }
          />
          {serverError && <Alert type="error" showIcon role="alert" message={serverError} style={{ marginBottom: 16 }} />}
          <Flex justify="end" gap={8}>
            <Button onClick={() => navigate(stockDestination(cityId, warehouseId, '/inventory'))} disabled={isSaving}>
              {t('buttons.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={isSaving} disabled={isSaving}>
              {isSaving ? t('stock.saving') : t('stock.add.submit')}
            </Button>
          </Flex>
        </Card>
      </Form>
    </>
  );
}
