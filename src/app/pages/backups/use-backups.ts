import { useCustom, useCustomMutation } from '@refinedev/core';
import { useState } from 'react';
import type { BackupList, BackupTaken } from '../../../domain/schemas/backup';
import { useT } from '../../i18n/use-t';
import { downloadFromApi } from '../reports/shared/api-download';

/** GET /backups: the archives in BACKUP_DIR, newest first, and how backups stand on this server. */
export function useBackupList(enabled = true) {
  const { result, query } = useCustom<BackupList>({
    url: '/backups',
    method: 'get',
    queryOptions: { enabled, retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch backups' },
  });
  return {
    answer: query.isSuccess ? (result.data as BackupList) : undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
}

/** POST /backups (a backup now: the request lasts as long as the backup), then the list read again. */
export function useRunBackup(onDone: () => unknown) {
  const { mutateAsync, mutation } = useCustomMutation<BackupTaken>();
  const { t } = useT();
  const run = async () => {
    try {
      await mutateAsync({
        url: '/backups',
        method: 'post',
        values: {},
        successNotification: (answer) => ({
          type: 'success',
          message: t('backups.written'),
          description: answer ? t('backups.writtenIn', { name: answer.data.name, seconds: answer.data.seconds.toFixed(1) }) : undefined,
        }),
        // The API's reason arrives in the request's language.
        errorNotification: (error) => ({ type: 'error', message: t('backups.failed'), description: error?.message }),
      });
    } catch {
      // The notification says why; the list, read again, shows the failure too.
    } finally {
      await onDone();
    }
  };
  return { run, running: mutation.isPending };
}

/** One archive saved through the signed-in HTTP client (a plain link would carry no token); the name being saved. */
export function useDownloadBackup() {
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t, tx } = useT();
  const download = async (name: string) => {
    setDownloading(name);
    setError(null);
    try {
      await downloadFromApi(`/backups/${encodeURIComponent(name)}`, {}, name);
    } catch (failure) {
      setError(t('backups.downloadFailed', { name, reason: tx(failure instanceof Error ? failure.message : String(failure)) }));
    } finally {
      setDownloading(null);
    }
  };
  return { download, downloading, error };
}
