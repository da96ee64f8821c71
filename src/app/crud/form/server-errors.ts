import type { HttpError } from '@refinedev/core';

type Refusal = Pick<HttpError, 'message' | 'errors'>;

const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value
    : Array.isArray(value) ? value.join('; ')
      : value && typeof value === 'object' && 'message' in value ? String((value as { message: unknown }).message) : null;

/**
 * What a refused save still has to say in the form's red box. Refine's useForm puts each field's error from the API
 * under that field, so the box says only the rest — a message about no field, or about a field the form does not
 * show — and a problem is never said twice. `formFields`: the form's top-level field names.
 */
export function messageForBox(error: Refusal, formFields: readonly string[]): string | null {
  const entries = Object.entries(error.errors ?? {});
  if (!entries.length) return error.message;
  const rest = entries
    // A nested path ('wards.0', 'main_image.1') may have no form item of its own to show it: the box says it.
    .filter(([field]) => !formFields.includes(field))
    .map(([, message]) => asText(message))
    .filter((message): message is string => !!message);
  return rest.length ? [...new Set(rest)].join('; ') : null;
}
