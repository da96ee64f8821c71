import type { HttpError } from '@refinedev/core';
import { useState } from 'react';
import type { ZodObject } from 'zod';
import type { ApiRecord } from '../../resources/types';
import { txNow } from '../texts';
import { messageForBox, shownPaths } from './server-errors';

/** Said when the values do not parse and the schema gives no message. */
const CHECK_THE_FORM = 'Please check the form.';

/**
 * The submit of a declared form: the values parsed by the declaration's zod schema (its first message in the red box
 * when they do not parse), then sent with useForm's onFinish; the server's refusal lands in the same box through
 * `refused` (useForm's onMutationError), less what useForm already shows under the fields.
 */
export function useDeclaredSubmit(schema: ZodObject) {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submitWith = (onFinish: (values: ApiRecord) => Promise<unknown>) => async (values: ApiRecord) => {
    setSubmitError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setSubmitError(txNow(parsed.error.issues[0]?.message ?? CHECK_THE_FORM));
      return;
    }
    // The refusal is shown through `refused`; the rejected promise must not surface as an uncaught error.
    await onFinish(parsed.data as ApiRecord).catch(() => undefined);
  };
  const refused = (error: Pick<HttpError, 'message' | 'errors'>) => setSubmitError(messageForBox(error, shownPaths(schema.shape)));
  return { submitError, submitWith, refused };
}
