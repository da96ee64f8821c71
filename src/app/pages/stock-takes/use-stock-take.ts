import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { StockTakeDetail, StockTakeLinesQuery, StockTakePage } from './types';

/** Every query of this stock take (its header and each page of lines shown) is read again after a change. */
function useRefreshTake(id: string) {
  const queryClient = useQueryClient();
  const path = `/stock-takes/${id}`;
  return () => queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey).includes(`"${path}"`) });
}

/** One stock take's header and the totals of all its lines (its lines come a page at a time: useStockTakeLines). */
export function useStockTake(id: string) {
  const url = `/stock-takes/${id}`;
  const { result, query } = useCustom<StockTakeDetail>({
    url,
    method: 'get',
    config: { query: { limit: 0 } },
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch stock take' },
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const refresh = useRefreshTake(id);

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
    countUncountedAsZero: () => send('/count-uncounted-as-zero', 'post'),
    apply: () => send('/apply', 'post'),
    cancel: () => send('/cancel', 'post'),
  };
}

/** A page of a stock take's lines, in the sheet's order, filtered as asked (GET /stock-takes/:id with paging). */
export function useStockTakeLines(id: string, params: StockTakeLinesQuery) {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== false && v !== ''));
  const { result, query: state } = useCustom<StockTakePage>({
    url: `/stock-takes/${id}`,
    method: 'get',
    config: { query },
    queryOptions: { retry: false, placeholderData: (previous) => previous },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch the lines of the stock take' },
  });
  const answer = state.data ? result.data : undefined;
  return {
    lines: answer?.lines ?? [],
    page: answer?.page ?? params.page ?? 1,
    total: answer?.lines_matching ?? 0,
    loading: state.isFetching,
    error: state.error,
    refetch: state.refetch,
  };
}
