import { Alert } from 'antd';
import type { ReactNode } from 'react';
import type { BackupList } from '../../../domain/schemas/backup';
import { formatDateTime } from '../../crud/cells';
import { useT } from '../../i18n/use-t';

/** The last backup failed (until one succeeds): when, and why, as the server recorded it. */
export function BackupFailureAlert({ failure, action }: { failure: NonNullable<BackupList['status']['failure']>; action?: ReactNode }) {
  const { t, tx } = useT();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="backup-failure"
      style={{ marginBottom: 12 }}
      message={t('backups.lastFailed', { at: formatDateTime(failure.at) })}
      description={tx(failure.message)}
      action={action}
    />
  );
}
