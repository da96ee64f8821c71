import { useInvalidate, useNotification, useOne, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Flex, Form, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../shared/PageHeader';
import type { InventoryRecord } from '../shared/types';
import { STOCK_UPDATED } from './stock-messages';
import { AdjustBatchSelect } from './AdjustBatchSelect';
import { BATCH_MESSAGES } from '../../../../domain/schemas/batches';
import { CurrentStockPanel } from './CurrentStockPanel';
import { StockDetailsFields, type StockFormValues } from './StockDetailsFields';
import { stockDestination } from './stock-destination';
import { adjustFormSchema, checkAdjustStock, type FirstIssue } from './stock-validation';
import { useDirtyForm } from './use-dirty-form';
import { stockErrorMessage, useStockSubmit } from './use-stock-submit';

/** `/inventory-edit/{id}?warehouse_id&city_id`: set a record's stock to a counted level (an adjustment). */
export default function AdjustStockPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const returnTo = (useLocation().state as { returnTo?: string } | null)?.returnTo;
  const [form] = Form.useForm<StockFormValues & { batch_no?: string }>();
  const [issue, setIssue] = useState<FirstIssue | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { result: record, query } = useOne<InventoryRecord>({ resource: 'inventory', id, errorNotification: false, queryOptions: { retry: false } });
  const { submit, exclusive, isSaving } = useStockSubmit('/inventory/adjust-stock', 'Failed to adjust stock');
  const dirty = useDirtyForm();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const saving = isSaving;

  const queryCity = params.get('city_id');
  const queryWarehouse = params.get('warehouse_id');
  const destination = stockDestination(queryCity, queryWarehouse, returnTo ?? '/inventory');

  const loaded = record?._id;
  useEffect(() => {
    if (!record?._id) return;
    form.setFieldsValue({
      quantity: record.current_stock,
      unit_cost: record.unit_cost > 0 ? record.unit_cost : undefined,
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

  const onFinish = () => exclusive(async () => {
    if (!record) return;
    clearErrors();
    const checked = checkAdjustStock(form.getFieldsValue(true));
    if (!checked.ok) {
      setIssue(checked.issue);
      form.setFields([{ name: checked.issue.field as keyof StockFormValues, errors: [checked.issue.message] }]);
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
      // One request: the new count, why, on what reference, and the unit cost, in one transaction.
      const costChanged = data.unit_cost !== record.unit_cost;
      const saved = await submit({
        product_id: record.product_id, warehouse_id: record.warehouse_id, new_stock: data.quantity, notes: data.notes,
        movement_reason: data.movement_reason, reference_id: data.reference_id, reference_type: data.reference_type, unit_cost: data.unit_cost,
        ...(record.tracks_expiry && { batch_no: batchNo }),
      });
      // Synchronously, so the unsaved-changes guard is gone before navigating away.
      flushSync(dirty.markSaved);
      const changed = saved.movement !== null || costChanged;
      open?.({ type: 'success', description: changed ? STOCK_UPDATED : saved.message, message: `${saved.inventory.product_name}: ${saved.inventory.current_stock} in stock` });
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
      navigate(stockDestination(queryCity, queryWarehouse, returnTo ?? '/inventory', saved.inventory.product_name));
    } catch (error) {
      setServerError(stockErrorMessage(error as HttpError));
    }
  });

  if (query.isLoading) return (<><PageHeader title="Adjust Stock" /><Card><Skeleton active /></Card></>);
  if (query.error || !record) {
    return (
      <>
        <PageHeader title="Adjust Stock" />
        <Alert type="error" showIcon role="alert" message={query.error?.message ?? 'Inventory not found'} action={<Button onClick={() => navigate(destination)}>Back</Button>} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Adjust Stock" subTitle="Set the stock to the level counted on the shelf; the difference is recorded as an adjustment." />
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
        <Card size="small" title="Product" style={{ marginBottom: 16 }}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label="Product">{record.product_name}</Descriptions.Item>
            <Descriptions.Item label="Warehouse">{record.warehouse_name}</Descriptions.Item>
            {record.location && <Descriptions.Item label="Location">{record.location}</Descriptions.Item>}
          </Descriptions>
        </Card>
        <CurrentStockPanel record={record} />
        <Card size="small" title="Inventory details">
          <StockDetailsFields
            quantityLabel={record.tracks_expiry ? 'New Stock of the batch' : 'New Stock'}
            schema={adjustFormSchema}
            batch={record.tracks_expiry ? (
              <AdjustBatchSelect
                recordId={record._id}
                errorOf={(field) => (issue?.field === field ? { validateStatus: 'error', help: issue.message } : {})}
                onPick={(b) => form.setFieldValue('quantity', b.current_stock)}
              />
            ) : undefined}
          />
          {serverError && <Alert type="error" showIcon role="alert" message={serverError} style={{ marginBottom: 16 }} />}
          <Flex justify="end" gap={8}>
            <Button onClick={() => navigate(destination)} disabled={saving}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
              {saving ? 'Saving...' : 'Save Adjustment'}
            </Button>
          </Flex>
        </Card>
      </Form>
    </>
  );
}
