import { CloudDownloadOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Alert, Button, Table, Typography } from 'antd';
import type { BackupEntry } from '../../../domain/schemas/backup';
import { formatDateTime } from '../../crud/cells';
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

  return (
    <List
      title={pageTitle('Backups')}
      breadcrumb={false}
      headerButtons={
        <>
          <Button icon={<ReloadOutlined />} loading={list.isFetching && !list.isLoading} onClick={() => void list.refetch()}>
            Refresh
          </Button>
          {canCreate && (
            <Button type="primary" icon={<CloudDownloadOutlined />} loading={busy} disabled={!status?.configured} onClick={() => void backup.run()}>
              Run now
            </Button>
          )}
        </>
      }
    >
      {status && !status.configured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="Backups are not set up on this server"
          description="Set BACKUP_DIR (and BACKUP_EVERY for a schedule) and restart the server: see docs/operations.md. A database kept in memory has nothing to back up."
        />
      )}
      {status?.failure && <BackupFailureAlert failure={status.failure} />}
      {status?.configured && (
        <Typography.Paragraph type="secondary" data-testid="backup-schedule">
          {status.every_seconds ? `Scheduled ${formatPeriod(status.every_seconds)}` : 'Not scheduled (BACKUP_EVERY is not set)'}
          {status.next ? `; next at ${formatDateTime(status.next)}` : ''}. The newest {status.keep} are kept.
        </Typography.Paragraph>
      )}
      <ListError error={list.error} onRetry={list.refetch} retrying={list.isFetching} />
      {saving.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={saving.error} />}
      <Table<BackupEntry>
        aria-label="Backups"
        rowKey="name"
        size="middle"
        loading={list.isLoading}
        dataSource={list.answer?.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: true }}
        locale={{ emptyText: emptyTextOf({ loading: list.isLoading, failed: !!list.error }, 'No backups yet') }}
        columns={[
          { key: 'created', title: 'Taken', render: (_, b) => formatDateTime(b.created) },
          { key: 'age', title: 'Age', render: (_, b) => formatAge(b.created) },
          { key: 'bytes', title: 'Size', align: 'right', render: (_, b) => formatBytes(b.bytes) },
          { key: 'name', title: 'File', responsive: ['lg'], render: (_, b) => <Typography.Text code>{b.name}</Typography.Text> },
          ...(canDownload
            ? [
                {
                  key: 'download',
                  title: '',
                  render: (_: unknown, b: BackupEntry) => (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={`Download ${b.name}`}
                      loading={saving.downloading === b.name}
                      onClick={() => void saving.download(b.name)}
                    >
                      Download
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
