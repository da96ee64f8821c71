import { useInvalidate, useNotification, useOne, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Flex, Form, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatINR } from '../../../../domain/money';
import { useSeesCosts } from '../../../access/costs';
import { HistoryPanel } from '../../../history/HistoryPanel';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../shared/PageHeader';
import type { InventoryRecord } from '../shared/types';
import { AdjustBatchSelect } from './AdjustBatchSelect';
import { BATCH_MESSAGES } from '../../../../domain/schemas/batches';
import { CurrentStockPanel } from './CurrentStockPanel';
import { StockDetailsFields, type StockFormValues } from './StockDetailsFields';
import { StockLevelsCard } from './StockLevelsCard';
import { stockDestination } from './stock-destination';
import { adjustFormSchema, checkAdjustStock, type FirstIssue } from './stock-validation';
import { useDirtyForm } from './use-dirty-form';
import { stockErrorMessage, useStockSubmit } from './use-stock-submit';

/**
 * `/inventory-edit/{id}?warehouse_id&city_id`: set a record's stock to a counted level (an adjustment), and edit the
 * record's own details (min, max, location) beside it.
 */
export default function AdjustStockPage() {
  const { t, tx, language } = useT();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const returnTo = (useLocation().state as { returnTo?: string } | null)?.returnTo;
  const [form] = Form.useForm<StockFormValues & { batch_no?: string }>();
  const [issue, setIssue] = useState<FirstIssue | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { result: record, query } = useOne<InventoryRecord>({ resource: 'inventory', id, errorNotification: false, queryOptions: { retry: false } });
  const { submit, exclusive, isSaving } = useStockSubmit('/inventory/adjust-stock', t('stock.adjust.failed'));
  const dirty = useDirtyForm();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const saving = isSaving;
  const seesCosts = useSeesCosts();
  // The count the new stock is compared with: the record's, or the chosen batch's for a product held in batches.
  const [batchStock, setBatchStock] = useState<number>();
  const newStock = Form.useWatch('quantity', form);

  const queryCity = params.get('city_id');
  const queryWarehouse = params.get('warehouse_id');
  const destination = stockDestination(queryCity, queryWarehouse, returnTo ?? '/inventory');

  const loaded = record?._id;
  useEffect(() => {
    if (!record?._id) return;
    form.setFieldsValue({
      quantity: record.current_stock,
      movement_reason: 'adjustment',
      reference_type: 'manual',
    });
    // Only when a record arrives, not on every refetch of the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, form]);

  const clearErrors = () => {
    if (issue) form.setFields([{ name: issue.field as keyof StockFormValues, errors: [] }]);
    setIssue(null);
    setServerError(null);
  };

  // The cost box asks only for the units a count adds: stock already held keeps its (weighted average) cost.
  const addedUnitsCost = { label: t('stock.adjust.addedCost'), required: false, help: t('stock.adjust.addedCostHelp') };
  const baseline = record?.tracks_expiry ? batchStock : record?.current_stock;
  const adding = seesCosts && baseline !== undefined && typeof newStock === 'number' && newStock > baseline;

  const onFinish = () =>
    exclusive(async () => {
      if (!record) return;
      clearErrors();
      // A cost typed while the count was higher is not this count's: only an increase carries one.
      const values = form.getFieldsValue(true) as StockFormValues;
      const checked = checkAdjustStock({ ...values, unit_cost: adding ? values.unit_cost : undefined });
      if (!checked.ok) {
        setIssue(checked.issue);
        form.setFields([{ name: checked.issue.field as keyof StockFormValues, errors: [tx(checked.issue.message)] }]);
        form.scrollToField(checked.issue.field, { block: 'center' });
        return;
      }
      const data = checked.data;
      const batchNo = form.getFieldValue('batch_no') as string | undefined;
      if (record.tracks_expiry && !batchNo) {
        setIssue({ field: 'batch_no', message: BATCH_MESSAGES.batchNo });
        return;
      }
      try {
        // One request: the new count, why, on what reference, and the cost of any units it adds, in one transaction.
        const saved = await submit({
          product_id: record.product_id,
          warehouse_id: record.warehouse_id,
          new_stock: data.quantity,
          notes: data.notes,
          movement_reason: data.movement_reason,
          reference_id: data.reference_id,
          reference_type: data.reference_type,
          ...(data.unit_cost !== undefined && { unit_cost: data.unit_cost }),
          ...(record.tracks_expiry && { batch_no: batchNo }),
        });
        // Synchronously, so the unsaved-changes guard is gone before navigating away.
        flushSync(dirty.markSaved);
        const changed = saved.movement !== null;
        open?.({
          type: 'success',
          description: changed ? t('stock.updated') : tx(saved.message),
          message: t('stock.inStock', { product: saved.inventory.product_name, stock: saved.inventory.current_stock }),
        });
        void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
        navigate(stockDestination(queryCity, queryWarehouse, returnTo ?? '/inventory', saved.inventory.product_name));
      } catch (error) {
        setServerError(stockErrorMessage(error as HttpError, language));
      }
    });

  if (query.isLoading)
    return (
      <>
        <PageHeader title={t('stock.adjust.title')} />
        <Card>
          <Skeleton active />
        </Card>
      </>
    );
  if (query.error || !record) {
    return (
      <>
        <PageHeader title={t('stock.adjust.title')} />
        <Alert
          type="error"
          showIcon
          role="alert"
          message={query.error ? tx(query.error.message) : t('api.notFound', { entity: t('inventory.entity.title') })}
          action={<Button onClick={() => navigate(destination)}>{t('stock.adjust.back')}</Button>}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('stock.adjust.title')} subTitle={t('stock.adjust.intro')} />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={() => {
          dirty.markDirty();
          clearErrors();
        }}
        style={{ maxWidth: 960 }}
      >
        <Card size="small" title={t('inventory.fields.product')} style={{ marginBottom: 16 }}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('inventory.fields.product')}>{record.product_name}</Descriptions.Item>
            <Descriptions.Item label={t('inventory.fields.warehouse')}>{record.warehouse_name}</Descriptions.Item>
            {seesCosts && record.unit_cost !== undefined && (
              <Descriptions.Item label={t('stock.adjust.averageCost')}>
                <span data-testid="current-unit-cost">{formatINR(record.unit_cost)}</span>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
        <CurrentStockPanel record={record} />
        <Card size="small" title={t('stock.details')} style={{ marginBottom: 16 }}>
          <StockDetailsFields
            quantityLabel={record.tracks_expiry ? t('stock.adjust.newBatchStock') : t('stock.adjust.newStock')}
            schema={adjustFormSchema}
            cost={adding && addedUnitsCost}
            batch={
              record.tracks_expiry ? (
                <AdjustBatchSelect
                  recordId={record._id}
                  errorOf={(field) => (issue?.field === field ? { validateStatus: 'error', help: tx(issue.message) } : {})}
                  onPick={(b) => {
                    setBatchStock(b.current_stock);
                    form.setFieldValue('quantity', b.current_stock);
                  }}
                />
              ) : undefined
            }
          />
          {serverError && <Alert type="error" showIcon role="alert" message={serverError} style={{ marginBottom: 16 }} />}
          <Flex justify="end" gap={8}>
            <Button onClick={() => navigate(destination)} disabled={saving}>
              {t('buttons.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
              {saving ? t('stock.saving') : t('stock.adjust.save')}
            </Button>
          </Flex>
        </Card>
      </Form>
      {/* A form of its own (PUT /inventory/{id}), beside the adjustment's and never inside it. */}
      <div style={{ maxWidth: 960 }}>
        <StockLevelsCard recordId={record._id} />
        {/* The record's own changes (levels, location, reorder settings); its stock's history is the ledger's (Inventory Report). */}
        <HistoryPanel resource="inventory" id={record._id} />
      </div>
    </>
  );
}
