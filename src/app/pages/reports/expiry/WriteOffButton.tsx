import { DeleteOutlined } from '@ant-design/icons';
import { useCan, useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatINR } from '../../../../domain/money';
import { writeOffExpiredSchema } from '../../../../domain/schemas/batches';
import { zodRules } from '../../../crud/zod-rules';
import { useIdempotencyKey } from '../../inventory/stock/idempotency-key';

/** `total_value` is a cost: absent for a role without 'costs: see'. */
type WriteOffAnswer = { message: string; written_off: unknown[]; total_quantity: number; total_value?: number };
type WriteOffValues = { reason?: string; reference_id?: string };

type Props = { warehouseId?: string; warehouseName?: string; expiredQuantity: number; onDone: () => void };

const REASON_REQUIRED = 'Reason is required';

/**
 * 'Write off expired': every expired batch of one warehouse leaves as damaged (reason expired), after a confirmation
 * that asks why (kept in the ledger rows' notes) and, optionally, on what reference (a debit note to the supplier…).
 */
export function WriteOffButton({ warehouseId, warehouseName, expiredQuantity, onDone }: Props) {
  const { data: can } = useCan({ resource: 'stock', action: 'write-off' });
  const { mutateAsync, mutation } = useCustomMutation<WriteOffAnswer>();
  const keys = useIdempotencyKey();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<WriteOffValues>();
  const [asking, setAsking] = useState(false);
  if (!can?.can) return null;
  const disabled = !warehouseId || expiredQuantity === 0;

  const writeOff = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const payload = { warehouse_id: warehouseId, reason: values.reason, reference_id: values.reference_id?.trim() ? values.reference_id : undefined };
    try {
      const { data } = await mutateAsync({
        url: '/inventory/write-off-expired',
        method: 'post',
        values: payload,
        config: { headers: { 'Idempotency-Key': keys.keyFor({ ...payload, expiredQuantity }) } },
        successNotification: false,
        errorNotification: false,
        meta: { errorMessage: 'Failed to write off expired stock' },
      });
      open?.({
        type: 'success',
        message: data.message,
        description: `${data.total_quantity.toLocaleString('en-IN')} units${data.total_value === undefined ? '' : ` (${formatINR(data.total_value)})`} written off in ${warehouseName ?? 'the warehouse'}`,
      });
      setAsking(false);
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
      onDone();
    } catch (error) {
      open?.({ type: 'error', message: 'Failed to write off expired stock', description: (error as Error).message });
    }
  };

  return (
    <>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={disabled}
        loading={mutation.isPending}
        onClick={() => setAsking(true)}
        title={!warehouseId ? 'Choose a warehouse first' : expiredQuantity === 0 ? 'Nothing has expired here' : undefined}
      >
        Write off expired
      </Button>
      <Modal
        open={asking}
        title="Write off expired stock?"
        okText="Write off"
        okButtonProps={{ danger: true, loading: mutation.isPending }}
        onOk={() => void writeOff()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {`All ${expiredQuantity.toLocaleString('en-IN')} expired units in ${warehouseName ?? 'this warehouse'} leave the stock as damaged.`}
        </Typography.Paragraph>
        {/* preserve={false}: every opening starts again from the prefilled reason. */}
        <Form form={form} layout="vertical" preserve={false} initialValues={{ reason: 'Expired' }}>
          <Form.Item
            label="Reason"
            name="reason"
            required
            rules={[{ required: true, whitespace: true, message: REASON_REQUIRED }, ...zodRules(writeOffExpiredSchema.shape.reason)]}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item
            label="Reference"
            name="reference_id"
            extra="Optional: a debit note number, a supplier's claim…"
            rules={zodRules(writeOffExpiredSchema.shape.reference_id)}
          >
            <Input maxLength={100} placeholder="e.g. DN-2411-07" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
