import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/** Said to a person: no code names (NUL, surrogate); `errors[].field` says which field. */
export const BAD_TEXT_MESSAGE =
  'This text contains a character that cannot be saved (an invisible control character or half of an emoji). Delete it and type the text again.';

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text cannot hold NUL, and an unpaired surrogate is no character at all: it would be stored altered. */
const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The path of the first string (value or key) that cannot be stored as typed, e.g. `colors.0.name`; null if none. */
export function findUnstorableText(value: unknown): string | null {
  // A loop, not recursion: a body nested ten thousand levels deep must not overflow the stack.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorable(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorable(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * One check for every route, before validation: a NUL byte or an unpaired surrogate anywhere in the path
 * parameters, the query or the body a route reads (declares a schema for) is a 400 naming the field, never a
 * 500 from the database.
 */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  const declared = request.routeOptions.schema ?? {};
  const parts: [keyof typeof declared, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    if (!declared[part]) continue;
    const path = findUnstorableText(value);
    if (path === null) continue;
    const field = path || part;
    throw badRequest(field, BAD_TEXT_MESSAGE);
  }
}
