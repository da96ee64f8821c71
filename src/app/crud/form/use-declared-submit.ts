import { useState } from 'react';
import type { ZodType } from 'zod';
import type { ApiRecord } from '../../resources/types';

/**
 * The submit of a declared form: the values parsed by the declaration's zod schema (its first message in the red box
 * when they do not parse), then sent with useForm's onFinish; the server's refusal lands in the same box through
 * `refused` (useForm's onMutationError).
 */
export function useDeclaredSubmit(schema: ZodType) {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submitWith = (onFinish: (values: ApiRecord) => Promise<unknown>) => async (values: ApiRecord) => {
    setSubmitError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setSubmitError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    // The refusal is shown through `refused`; the rejected promise must not surface as an uncaught error.
    await onFinish(parsed.data as ApiRecord).catch(() => undefined);
  };
  return { submitError, submitWith, refused: (error: { message: string }) => setSubmitError(error.message) };
}
