import type { HttpError } from '@refinedev/core';
import type { ZodType } from 'zod';
import { rowShapeOf } from '../zod-fields';

type Refusal = Pick<HttpError, 'message' | 'errors'>;

const asText = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.join('; ')
      : value && typeof value === 'object' && 'message' in value
        ? String((value as { message: unknown }).message)
        : null;

/**
 * What a refused save still has to say in the form's red box. Refine's useForm puts each field's error from the API
 * under that field, so the box says only the rest — a message about no field, or about a field the form does not
 * show — and a problem is never said twice. `formFields`: the form's top-level field names, or which paths it shows
 * (a document's 'lines.2.quantity' has a cell of its own).
 */
export function messageForBox(error: Refusal, formFields: readonly string[] | ((field: string) => boolean)): string | null {
  const entries = Object.entries(error.errors ?? {});
  if (!entries.length) return error.message;
  const shown = typeof formFields === 'function' ? formFields : (field: string) => formFields.includes(field);
  const rest = entries
    // A nested path ('wards.0', 'main_image.1') may have no form item of its own to show it: the box says it.
    .filter(([field]) => !shown(field))
    .map(([, message]) => asText(message))
    .filter((message): message is string => !!message);
  return rest.length ? [...new Set(rest)].join('; ') : null;
}

/** The paths a form of this shape shows under an input: each field, and each cell of a document's lines ('lines.2.quantity'). */
export function shownPaths(shape: Record<string, ZodType>): (field: string) => boolean {
  return (field) => {
    if (field in shape) return true;
    const [name = '', index, child, ...more] = field.split('.');
    const row = shape[name] && rowShapeOf(shape[name]);
    return !!row && /^\d+$/.test(index ?? '') && !!child && child in row && !more.length;
  };
}
