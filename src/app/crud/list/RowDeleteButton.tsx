import { DeleteButton } from '@refinedev/antd';
import type { BaseKey, HttpError } from '@refinedev/core';
import { Tooltip } from 'antd';
import { capitalise } from '../form/notifications';

type Props = {
  resource: string;
  id: BaseKey;
  /** The entity's name: 'city' asks 'Are you sure you want to delete this city?' and says 'City deleted successfully'. */
  singular: string;
  /** SPEC.md section 5's question, when it is not the generated one. */
  confirm?: string;
  /** Shown when a delete fails and the server gives no message of its own. */
  errorMessage?: string;
  onDeleted?: () => void;
  /** The server's reason for refusing (a city still in use), for the page to show beside the list; else a notification. */
  onFailed?: (message: string) => void;
  /** Icon only, its name in a tooltip (rows with many actions). */
  compact?: boolean;
  /** Default small, as in a row; a page's header has full-size buttons. */
  size?: 'small' | 'middle';
};

/** Refine's DeleteButton as every list uses it: SPEC's confirmation, pessimistic, hidden from roles that may not delete. */
export function RowDeleteButton({ resource, id, singular, confirm, errorMessage, onDeleted, onFailed, compact, size = 'small' }: Props) {
  const button = (
    <DeleteButton
      size={size}
      resource={resource}
      recordItemId={id}
      hideText={compact}
      aria-label={compact ? 'Delete' : undefined}
      accessControl={{ enabled: true, hideIfUnauthorized: true }}
      mutationMode="pessimistic"
      meta={errorMessage ? { errorMessage } : undefined}
      confirmTitle={confirm ?? `Are you sure you want to delete this ${singular}?`}
      confirmOkText="Delete"
      confirmCancelText="Cancel"
      successNotification={{ type: 'success', message: `${capitalise(singular)} deleted successfully` }}
      // DeleteButton has no onError: a page that shows the reason in place takes it here and skips the notification.
      errorNotification={(error) => {
        const message = (error as HttpError | undefined)?.message ?? `Failed to delete ${singular}`;
        if (!onFailed) return { type: 'error', message };
        onFailed(message);
        return false;
      }}
      onSuccess={onDeleted}
    />
  );
  return compact ? <Tooltip title="Delete">{button}</Tooltip> : button;
}
