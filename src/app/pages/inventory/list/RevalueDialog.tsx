import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { formatINR } from '../../../../domain/money';
import { revalueStockSchema } from '../../../../domain/schemas/inventory';
import { NumberField } from '../../../components/NumberField';
import { useT } from '../../../i18n/use-t';
import { translatedRules } from '../shared/translated-rules';
import { useIdempotencyKey } from '../stock/idempotency-key';
import type { InventoryRecord } from '../shared/types';

type Values = { unit_cost?: number; notes?: string; reference_id?: string };
type Answer = { message: string; inventory: InventoryRecord };

/**
 * Revalue (admin): what the stock held is worth from now on, a unit cost for all of it, with the reason. The API writes
 * one `valuation` ledger row (who, when, old and new cost, the reason); the quantity never changes.
 */
export function RevalueDialog({ record, onClose }: { record: InventoryRecord | null; onClose: () => void }) {
  const { t, tx } = useT();
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation<Answer>();
  const keys = useIdempotencyKey();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const unitCost = Form.useWatch('unit_cost', form);
  useEffect(() => {
    if (record) form.setFieldsValue({ unit_cost: record.unit_cost, notes: '', reference_id: '' });
  }, [record, form]);
  if (!record) return null;

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const payload = {
      product_id: record.product_id,
      warehouse_id: record.warehouse_id,
      unit_cost: values.unit_cost,
      notes: values.notes,
      ...(values.reference_id?.trim() ? { reference_id: values.reference_id } : {}),
    };
    try {
      const { data } = await mutateAsync({
        url: '/inventory/revalue',
        method: 'post',
        values: payload,
        config: { headers: { 'Idempotency-Key': keys.keyFor(payload) } },
        successNotification: false,
        errorNotification: false,
        meta: { errorMessage: t('stock.revalue.failed') },
      });
      open?.({
        type: 'success',
        message: tx(data.message),
        description: t('stock.revalue.worth', { product: record.product_name, warehouse: record.warehouse_name, value: formatINR(data.inventory.total_value) }),
      });
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
      onClose();
    } catch (error) {
      open?.({ type: 'error', message: t('stock.revalue.failed'), description: tx((error as Error).message) });
    }
  };

  const shape = revalueStockSchema.shape;
  return (
    <Modal
      open
      title={t('stock.revalue.title', { product: record.product_name })}
      okText={t('stock.revalue.ok')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('stock.revalue.summary', {
          units: record.current_stock.toLocaleString('en-IN'),
          warehouse: record.warehouse_name,
          value: formatINR(record.total_value),
          unitCost: formatINR(record.unit_cost),
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          label={t('stock.revalue.newUnitCost')}
          name="unit_cost"
          required
          rules={translatedRules(shape.unit_cost, tx)}
          extra={
            typeof unitCost === 'number'
              ? t('stock.revalue.newValue', { value: formatINR(Math.round(unitCost * record.current_stock * 100) / 100) })
              : undefined
          }
        >
          <NumberField step={0.01} prefix="₹" inputMode="decimal" />
        </Form.Item>
        <Form.Item label={t('stock.revalue.reason')} name="notes" required rules={translatedRules(shape.notes, tx)}>
          <Input.TextArea rows={2} placeholder={t('stock.revalue.reasonPlaceholder')} maxLength={1000} />
        </Form.Item>
        <Form.Item label={t('stock.revalue.reference')} name="reference_id" rules={translatedRules(shape.reference_id, tx)}>
          <Input placeholder={t('stock.revalue.referencePlaceholder')} maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
