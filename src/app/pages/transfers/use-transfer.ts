import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { useIdempotencyKey } from '../inventory/stock/idempotency-key';
import type { TransferDetail } from './types';

type Step = 'dispatch' | 'receive' | 'cancel';

/** One transfer, and its steps: each sent with an Idempotency-Key, so a double click or a retry acts once. */
export function useTransfer(id: string) {
  const url = `/transfers/${id}`;
  const { result, query } = useCustom<TransferDetail>({
    url,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch transfer' },
  });
  const { mutateAsync, mutation } = useCustomMutation<TransferDetail>();
  const invalidate = useInvalidate();
  const keys = useIdempotencyKey();

  const send = async (step: Step, values: object = {}) => {
    try {
      const answer = await mutateAsync({
        url: `${url}/${step}`,
        method: 'post',
        values,
        config: { headers: { 'Idempotency-Key': keys.keyFor({ step, values }) } },
        successNotification: false,
        errorNotification: false,
      });
      return answer.data;
    } finally {
      // A refusal (409: someone else took the step first) shows the transfer as it is now.
      await query.refetch();
      void invalidate({ resource: 'transfers', invalidates: ['list'] });
    }
  };

  return {
    transfer: query.data ? result.data : undefined,
    loading: query.isLoading,
    error: query.error,
    busy: mutation.isPending,
    dispatch: () => send('dispatch'),
    receive: (values: { lines: { product_id: string; quantity: number }[]; close: boolean; note?: string }) => send('receive', values),
    cancel: (note?: string) => send('cancel', note ? { note } : {}),
  };
}
