import { CloudDownloadOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Alert, Button, Table, Typography } from 'antd';
import type { BackupEntry } from '../../../domain/schemas/backup';
import { formatDateTime } from '../../crud/cells';
import { useT } from '../../i18n/use-t';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { BackupFailureAlert } from './BackupFailureAlert';
import { formatAge, formatBytes, formatPeriod } from './backup-format';
import { useBackupList, useDownloadBackup, useRunBackup } from './use-backups';
import { pageTitle } from '../../crud/page-title';

/**
 * Setting → Backups (issue 35): the archives in BACKUP_DIR, newest first, with their size and age; Run now (the request
 * lasts as long as the backup); Download through the signed-in client. Each part asks its own 'backups' permission.
 */
export default function BackupsPage() {
  const canCreate = useCan({ resource: 'backups', action: 'create' }).data?.can === true;
  const canDownload = useCan({ resource: 'backups', action: 'download' }).data?.can === true;
  const list = useBackupList();
  const backup = useRunBackup(list.refetch);
  const saving = useDownloadBackup();
  const status = list.answer?.status;
  const busy = backup.running || status?.running === true;
  const { t, tx } = useT();

  return (
    <List
      title={pageTitle(t('menu.backups'))}
      breadcrumb={false}
      headerButtons={
        <>
          <Button icon={<ReloadOutlined />} loading={list.isFetching && !list.isLoading} onClick={() => void list.refetch()}>
            {t('buttons.refresh')}
          </Button>
          {canCreate && (
            <Button type="primary" icon={<CloudDownloadOutlined />} loading={busy} disabled={!status?.configured} onClick={() => void backup.run()}>
              {t('backups.runNow')}
            </Button>
          )}
        </>
      }
    >
      {status && !status.configured && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('backups.notSetUp')} description={t('backups.notSetUpHelp')} />
      )}
      {status?.failure && <BackupFailureAlert failure={status.failure} />}
      {status?.configured && (
        <Typography.Paragraph type="secondary" data-testid="backup-schedule">
          {status.every_seconds ? t('backups.scheduled', { period: formatPeriod(status.every_seconds, t) }) : t('backups.notScheduled')}
          {status.next ? t('backups.nextAt', { at: formatDateTime(status.next) }) : ''}
          {t('backups.kept', { keep: status.keep })}
        </Typography.Paragraph>
      )}
      <ListError error={list.error && { message: tx(list.error.message) }} onRetry={list.refetch} retrying={list.isFetching} />
      {saving.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={saving.error} />}
      <Table<BackupEntry>
        aria-label={t('menu.backups')}
        rowKey="name"
        size="middle"
        loading={list.isLoading}
        dataSource={list.answer?.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: true }}
        locale={{ emptyText: emptyTextOf({ loading: list.isLoading, failed: !!list.error }, t('backups.empty')) }}
        columns={[
          { key: 'created', title: t('backups.columns.taken'), render: (_, b) => formatDateTime(b.created) },
          { key: 'age', title: t('backups.columns.age'), render: (_, b) => formatAge(b.created, t) },
          { key: 'bytes', title: t('backups.columns.size'), align: 'right', render: (_, b) => formatBytes(b.bytes) },
          { key: 'name', title: t('backups.columns.file'), responsive: ['lg'], render: (_, b) => <Typography.Text code>{b.name}</Typography.Text> },
          ...(canDownload
            ? [
                {
                  key: 'download',
                  title: '',
                  render: (_: unknown, b: BackupEntry) => (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={t('backups.downloadOf', { name: b.name })}
                      loading={saving.downloading === b.name}
                      onClick={() => void saving.download(b.name)}
                    >
                      {t('backups.download')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </List>
  );
}
