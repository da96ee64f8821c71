import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { formatINR } from '../../../../domain/money';
import { revalueStockSchema } from '../../../../domain/schemas/inventory';
import { NumberField } from '../../../components/NumberField';
import { zodRules } from '../../../crud/zod-rules';
import { useIdempotencyKey } from '../stock/idempotency-key';
import type { InventoryRecord } from '../shared/types';

type Values = { unit_cost?: number; notes?: string; reference_id?: string };
type Answer = { message: string; inventory: InventoryRecord };

/**
 * Revalue (admin): what the stock held is worth from now on, a unit cost for all of it, with the reason. The API writes
 * one `valuation` ledger row (who, when, old and new cost, the reason); the quantity never changes.
 */
export function RevalueDialog({ record, onClose }: { record: InventoryRecord | null; onClose: () => void }) {
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
        meta: { errorMessage: 'Failed to revalue the stock' },
      });
      open?.({
        type: 'success',
        message: data.message,
        description: `${record.product_name} in ${record.warehouse_name} is now worth ${formatINR(data.inventory.total_value)}`,
      });
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
      onClose();
    } catch (error) {
      open?.({ type: 'error', message: 'Failed to revalue the stock', description: (error as Error).message });
    }
  };

  const shape = revalueStockSchema.shape;
  return (
    <Modal
      open
      title={`Revalue ${record.product_name}`}
      okText="Revalue"
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {record.current_stock.toLocaleString('en-IN')} units in {record.warehouse_name}, now worth {formatINR(record.total_value)} (
        {formatINR(record.unit_cost)} a unit). A revaluation changes what they are worth, not how many there are, and is recorded in the stock ledger with your
        name and reason.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          label="New unit cost"
          name="unit_cost"
          required
          rules={zodRules(shape.unit_cost)}
          extra={typeof unitCost === 'number' ? `New stock value: ${formatINR(Math.round(unitCost * record.current_stock * 100) / 100)}` : undefined}
        >
          <NumberField step={0.01} prefix="₹" inputMode="decimal" />
        </Form.Item>
        <Form.Item label="Reason" name="notes" required rules={zodRules(shape.notes)}>
          <Input.TextArea rows={2} placeholder="e.g. Supplier credit note for the March delivery" maxLength={1000} />
        </Form.Item>
        <Form.Item label="Reference" name="reference_id" rules={zodRules(shape.reference_id)}>
          <Input placeholder="e.g. CN-2026-014 (optional)" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
