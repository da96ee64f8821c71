import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, type HttpError } from '@refinedev/core';
import { Popconfirm } from 'antd';
import { useState } from 'react';
import { ActionButton } from './ActionButton';

type Props = {
  resource: string;
  id: string | number;
  /** SPEC.md section 5: 'Are you sure you want to delete this city?'. */
  confirm: string;
  /** Shown when the server gives no message of its own. */
  errorMessage?: string;
  onDeleted: () => void;
  onFailed: (message: string) => void;
  compact?: boolean;
};

/** Delete behind a confirmation; the server's reason for refusing (a city still in use) is passed on. */
export function DeleteRecordButton({ resource, id, confirm, errorMessage, onDeleted, onFailed, compact }: Props) {
  const { mutate, mutation } = useDelete();
  const [confirming, setConfirming] = useState(false);

  const remove = () =>
    mutate(
      {
        resource,
        id,
        meta: errorMessage ? { errorMessage } : undefined,
        mutationMode: 'pessimistic',
        errorNotification: false,
      },
      {
        onSuccess: () => onDeleted(),
        onError: (error: HttpError) => onFailed(error.message),
      },
    );

  return (
    <Popconfirm title={confirm} okText="Delete" okButtonProps={{ danger: true }} cancelText="Cancel" onConfirm={remove} onOpenChange={setConfirming}>
      <span>
        <ActionButton danger icon={<DeleteOutlined />} label="Delete" compact={compact} loading={mutation.isPending} hideTooltip={confirming} />
      </span>
    </Popconfirm>
  );
}
