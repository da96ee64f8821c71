import { useCan } from '@refinedev/core';
import { Button } from 'antd';
import { Link } from 'react-router';
import { BackupFailureAlert } from '../backups/BackupFailureAlert';
import { useBackupList } from '../backups/use-backups';
import { useT } from '../../i18n/use-t';

/** For those who may see the backups (admins by default): a warning while the last backup has failed. */
export function BackupWarning() {
  const can = useCan({ resource: 'backups', action: 'list' }).data?.can === true;
  const { answer } = useBackupList(can);
  const failure = can ? answer?.status.failure : null;
  const { t } = useT();
  if (!failure) return null;
  return (
    <BackupFailureAlert
      failure={failure}
      action={
        <Link to="/backups">
          <Button size="small">{t('menu.backups')}</Button>
        </Link>
      }
    />
  );
}
