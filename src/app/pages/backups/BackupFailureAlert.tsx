import { Alert } from 'antd';
import type { ReactNode } from 'react';
import type { BackupList } from '../../../domain/schemas/backup';
import { formatDateTime } from '../../crud/cells';

/** The last backup failed (until one succeeds): when, and why, as the server recorded it. */
export function BackupFailureAlert({ failure, action }: { failure: NonNullable<BackupList['status']['failure']>; action?: ReactNode }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="backup-failure"
      style={{ marginBottom: 12 }}
      message={`The last backup failed (${formatDateTime(failure.at)})`}
      description={failure.message}
      action={action}
    />
  );
}
