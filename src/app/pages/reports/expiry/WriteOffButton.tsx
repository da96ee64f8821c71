import { DeleteOutlined } from '@ant-design/icons';
import { useCan, useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatINR } from '../../../../domain/money';
import { writeOffExpiredSchema } from '../../../../domain/schemas/batches';
import { zodRules } from '../../../crud/zod-rules';
import { useIdempotencyKey } from '../../inventory/stock/idempotency-key';
import { useT } from '../../../i18n/use-t';

/** `total_value` is a cost: absent for a role without 'costs: see'. */
type WriteOffAnswer = { message: string; written_off: unknown[]; total_quantity: number; total_value?: number };
type WriteOffValues = { reason?: string; reference_id?: string };

type Props = { warehouseId?: string; warehouseName?: string; expiredQuantity: number; onDone: () => void };

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
  const { t, tx } = useT();
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
      const units = `${t('reports.units', { quantity: data.total_quantity.toLocaleString('en-IN') })}${data.total_value === undefined ? '' : ` (${formatINR(data.total_value)})`}`;
      open?.({
        type: 'success',
        // The API's words (src/server/db/functions/30-batches.sql): 'Expired stock written off', or
        // 'No expired stock to write off' when another user wrote it off first.
        message: data.written_off.length > 0 ? t('reports.writeOff.done') : t('reports.writeOff.nothingToWriteOff'),
        description: t('reports.writeOff.writtenOffIn', { units, warehouse: warehouseName ?? t('reports.writeOff.theWarehouse') }),
      });
      setAsking(false);
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
      onDone();
    } catch (error) {
      open?.({ type: 'error', message: t('reports.writeOff.failed'), description: tx((error as Error).message) });
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
        title={!warehouseId ? t('reports.writeOff.chooseWarehouse') : expiredQuantity === 0 ? t('reports.writeOff.nothingExpired') : undefined}
      >
        {t('reports.writeOff.button')}
      </Button>
      <Modal
        open={asking}
        title={t('reports.writeOff.confirmTitle')}
        okText={t('reports.writeOff.ok')}
        okButtonProps={{ danger: true, loading: mutation.isPending }}
        onOk={() => void writeOff()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('reports.writeOff.explain', {
            quantity: expiredQuantity.toLocaleString('en-IN'),
            warehouse: warehouseName ?? t('reports.writeOff.thisWarehouse'),
          })}
        </Typography.Paragraph>
        {/* preserve={false}: every opening starts again from the prefilled reason. */}
        <Form form={form} layout="vertical" preserve={false} initialValues={{ reason: t('reports.expiry.windows.expired') }}>
          <Form.Item
            label={t('reports.columns.reason')}
            name="reason"
            required
            rules={[
              { required: true, whitespace: true, message: t('api.required', { field: t('reports.columns.reason') }) },
              ...zodRules(writeOffExpiredSchema.shape.reason),
            ]}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item
            label={t('reports.columns.reference')}
            name="reference_id"
            extra={t('reports.writeOff.referenceHelp')}
            rules={zodRules(writeOffExpiredSchema.shape.reference_id)}
          >
            <Input maxLength={100} placeholder={t('reports.writeOff.referencePlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
