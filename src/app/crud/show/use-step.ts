import { useCustomMutation, useInvalidate } from '@refinedev/core';
import type { ApiRecord, SpaResource, StepDeclaration } from '../../resources/types';

/**
 * A document's workflow step: `POST /<path>/{id}/<step>` with the submission's Idempotency-Key and its body (a note, or
 * what a step's own form sends), then the record (and the lists showing it) read again, whether the step was taken or
 * refused (a 409: someone moved it first; a 400: the record as it is now explains why).
 */
export function useStep(declaration: SpaResource, id: string) {
  const { mutateAsync, mutation } = useCustomMutation<ApiRecord>();
  const invalidate = useInvalidate();
  const path = declaration.api?.path ?? declaration.name;

  const run = async (step: StepDeclaration, body: Record<string, unknown>, idempotencyKey: string) => {
    try {
      await mutateAsync({
        url: `/${path}/${encodeURIComponent(id)}/${step.name}`,
        method: 'post',
        values: body,
        config: { headers: { 'Idempotency-Key': idempotencyKey } },
        successNotification: false,
        errorNotification: false,
      });
    } finally {
      await invalidate({ resource: declaration.name, id, invalidates: ['detail', 'list'] });
    }
  };
  return { run, busy: mutation.isPending };
}
