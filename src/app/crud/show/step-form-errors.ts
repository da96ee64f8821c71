import type { HttpError } from '@refinedev/core';

/** A form field's path and its message, as antd's `form.setFields` takes them. */
export type FieldProblem = { name: (string | number)[]; errors: string[] };

const text = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.join('; ')
      : value && typeof value === 'object' && 'message' in value
        ? String(value.message)
        : null;

/**
 * A step's refusal placed on its form: the body's 'lines.N.<field>' on the form's row `rowOf[N]` (the body leaves out
 * rows with nothing to send, so its indexes are not the form's), a top-level field the form shows on that field, and
 * everything else — a message naming no field, or a field the form does not show — as one text to say above the form.
 */
export function placeRefusal(
  error: Pick<HttpError, 'message' | 'errors'>,
  options: { list: string; rowOf: readonly number[]; lineFields: readonly string[]; fields: readonly string[] },
): { fields: FieldProblem[]; rest: string | null } {
  const fields: FieldProblem[] = [];
  const rest: string[] = [];
  for (const [path, value] of Object.entries(error.errors ?? {})) {
    const message = text(value);
    if (!message) continue;
    const [name = '', index, child, ...more] = path.split('.');
    const row = name === options.list && /^\d+$/.test(index ?? '') ? options.rowOf[Number(index)] : undefined;
    if (row !== undefined && child && options.lineFields.includes(child) && !more.length) fields.push({ name: [options.list, row, child], errors: [message] });
    else if (index === undefined && options.fields.includes(name)) fields.push({ name: [name], errors: [message] });
    else rest.push(message);
  }
  if (!fields.length && !rest.length) rest.push(error.message);
  return { fields, rest: rest.length ? [...new Set(rest)].join('; ') : null };
}
