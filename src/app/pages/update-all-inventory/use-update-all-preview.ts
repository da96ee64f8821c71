import { useCustom } from '@refinedev/core';
import { useT } from '../../i18n/use-t';
import type { UpdateAllPreview } from './types';

/** What updating this warehouse would create, read (never written) before the confirmation says it. */
export function useUpdateAllPreview(warehouseId: string | undefined) {
  const { t } = useT();
  const { result, query } = useCustom<UpdateAllPreview>({
    url: '/inventory/update-all-preview',
    method: 'get',
    config: { query: { warehouse_id: warehouseId } },
    queryOptions: { enabled: !!warehouseId, retry: false },
    errorNotification: false,
    meta: { errorMessage: t('inventory.updateAll.failed') },
  });
  const current = !!warehouseId && query.isSuccess && result.data?.warehouse_id === warehouseId;
  return {
    preview: current && !query.isFetching ? result.data : undefined,
    error: warehouseId && query.error ? query.error.message : null,
    refresh: () => void query.refetch(),
  };
}
