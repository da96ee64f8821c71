import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useRef } from 'react';
import { newIdempotencyKey } from '../../inventory/stock/idempotency-key';

export type ImportError = { row: number; field: string; message: string };
export type ImportAnswer = { dry_run: boolean; created: number; updated: number; errors: ImportError[] };

/**
 * POST /products/import with the file as text/csv: a dry run first, then the import (one Idempotency-Key per file, so
 * a retry or a double click imports it once).
 */
export function useProductImport() {
  const { mutateAsync, mutation } = useCustomMutation<ImportAnswer>();
  const invalidate = useInvalidate();
  const key = useRef<string>(newIdempotencyKey());

  const post = async (csv: string, dryRun: boolean): Promise<ImportAnswer> => {
    const { data } = await mutateAsync({
      url: `/products/import?dry_run=${dryRun}`,
      method: 'post',
      values: csv as unknown as object,
      config: { headers: { 'content-type': 'text/csv', ...(dryRun ? {} : { 'idempotency-key': key.current }) } },
      successNotification: false,
      errorNotification: false,
    });
    return data;
  };

  return {
    busy: mutation.isPending,
    newFile: () => (key.current = newIdempotencyKey()),
    dryRun: (csv: string) => post(csv, true),
    /** A refusal (the catalogue changed since the dry run) throws: the caller dry-runs again to show the rows at fault. */
    apply: async (csv: string) => {
      const answer = await post(csv, false);
      void invalidate({ resource: 'products', invalidates: ['list'] });
      return answer;
    },
  };
}
