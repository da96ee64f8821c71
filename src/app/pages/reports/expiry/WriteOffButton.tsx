import { DeleteOutlined } from '@ant-design/icons';
import { useCan, useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { formatINR } from '../../../../domain/money';
import { useIdempotencyKey } from '../../inventory/stock/idempotency-key';

/** `total_value` is a cost: absent for a role without 'costs: see'. */
type WriteOffAnswer = { message: string; written_off: unknown[]; total_quantity: number; total_value?: number };

type Props = { warehouseId?: string; warehouseName?: string; expiredQuantity: number; onDone: () => void };

/** 'Write off expired': every expired batch of one warehouse leaves as damaged (reason expired), after a confirmation. */
export function WriteOffButton({ warehouseId, warehouseName, expiredQuantity, onDone }: Props) {
  const { data: can } = useCan({ resource: 'stock', action: 'write-off' });
  const { mutateAsync, mutation } = useCustomMutation<WriteOffAnswer>();
  const keys = useIdempotencyKey();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  if (!can?.can) return null;
  const disabled = !warehouseId || expiredQuantity === 0;
  const writeOff = async () => {
    const payload = { warehouse_id: warehouseId };
    try {
      const { data } = await mutateAsync({
        url: '/inventory/write-off-expired', method: 'post', values: payload,
        config: { headers: { 'Idempotency-Key': keys.keyFor({ ...payload, expiredQuantity }) } },
        successNotification: false, errorNotification: false, meta: { errorMessage: 'Failed to write off expired stock' },
      });
      open?.({
        type: 'success', message: data.message,
        description: `${data.total_quantity.toLocaleString('en-IN')} units${data.total_value === undefined ? '' : ` (${formatINR(data.total_value)})`} written off in ${warehouseName ?? 'the warehouse'}`,
      });
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
      onDone();
    } catch (error) {
      open?.({ type: 'error', message: 'Failed to write off expired stock', description: (error as Error).message });
    }
  };
  return (
    <Popconfirm
      title="Write off expired stock?"
      description={`All ${expiredQuantity.toLocaleString('en-IN')} expired units in ${warehouseName ?? 'this warehouse'} leave the stock as damaged.`}
      okText="Write off"
      okButtonProps={{ danger: true }}
      onConfirm={writeOff}
      disabled={disabled}
    >
      <Button danger icon={<DeleteOutlined />} disabled={disabled} loading={mutation.isPending}
        title={!warehouseId ? 'Choose a warehouse first' : expiredQuantity === 0 ? 'Nothing has expired here' : undefined}>
        Write off expired
      </Button>
    </Popconfirm>
  );
}
