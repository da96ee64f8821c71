import { DeleteButton } from '@refinedev/antd';
import type { BaseKey, HttpError } from '@refinedev/core';
import { Tooltip } from 'antd';
import { useT } from '../../i18n/use-t';
import { capitalise, entityText } from '../texts';

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
  const { t, tx } = useT();
  const entity = entityText(tx, singular);
  const button = (
    <DeleteButton
      size={size}
      resource={resource}
      recordItemId={id}
      hideText={compact}
      aria-label={compact ? t('buttons.delete') : undefined}
      accessControl={{ enabled: true, hideIfUnauthorized: true }}
      mutationMode="pessimistic"
      meta={errorMessage ? { errorMessage } : undefined}
      confirmTitle={confirm ? tx(confirm) : t('crud.delete.confirm', { entity })}
      confirmOkText={t('buttons.delete')}
      confirmCancelText={t('buttons.cancel')}
      successNotification={{ type: 'success', message: t('crud.delete.done', { entity: capitalise(entity) }) }}
      // DeleteButton has no onError: a page that shows the reason in place takes it here and skips the notification.
      errorNotification={(error) => {
        const refusal = (error as HttpError | undefined)?.message;
        const message = refusal ? tx(refusal) : t('crud.errors.delete', { entity });
        if (!onFailed) return { type: 'error', message };
        onFailed(message);
        return false;
      }}
      onSuccess={onDeleted}
    />
  );
  return compact ? <Tooltip title={t('buttons.delete')}>{button}</Tooltip> : button;
}
