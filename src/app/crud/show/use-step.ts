import { useCustomMutation, useInvalidate } from '@refinedev/core';
import type { ApiRecord, ResourceDeclaration, StepDeclaration } from '../../resources/types';

/**
 * A document's workflow step: `POST /<path>/{id}/<step>` with the submission's Idempotency-Key and its note, then the
 * record (and the lists showing it) read again, whether the step was taken or refused (a 409: someone moved it first).
 */
export function useStep(declaration: ResourceDeclaration, id: string) {
  const { mutateAsync, mutation } = useCustomMutation<ApiRecord>();
  const invalidate = useInvalidate();
  const path = declaration.api?.path ?? declaration.name;

  const run = async (step: StepDeclaration, note: string, idempotencyKey: string) => {
    try {
      await mutateAsync({
        url: `/${path}/${encodeURIComponent(id)}/${step.name}`,
        method: 'post',
        values: note ? { note } : {},
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
