import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import type { StockTakeDetail } from './types';

/** One stock take with all its lines; counts are saved line by line as they are entered. */
export function useStockTake(id: string) {
  const url = `/stock-takes/${id}`;
  const { result, query } = useCustom<StockTakeDetail>({
    url,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch stock take' },
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const refresh = () => query.refetch();

  const send = async (path: string, method: 'put' | 'post', values: object = {}) => {
    const answer = await mutateAsync({ url: `${url}${path}`, method, values, successNotification: false, errorNotification: false });
    await refresh();
    void invalidate({ resource: 'stock-takes', invalidates: ['list'] });
    return answer.data as { message?: string };
  };

  return {
    take: query.data ? result.data : undefined,
    loading: query.isLoading,
    error: query.error,
    busy: mutation.isPending,
    saveCounts: (lines: { product_id: string; counted: number | null }[]) => send('/counts', 'put', { lines }),
    apply: () => send('/apply', 'post'),
    cancel: () => send('/cancel', 'post'),
  };
}
