import type { BaseRecord } from '@refinedev/core';
import { ApiError, INVALID_RESPONSE_MESSAGE } from './api-error';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The API names ids `_id` (SPEC.md section 3); Refine's tables, buttons and forms look for `id`. */
export function withId<T>(record: T): T {
  if (isObject(record) && record.id === undefined && record._id !== undefined) return { ...record, id: record._id } as T;
  return record;
}

/**
 * Every list shape of SPEC.md section 7 → Refine's `{data, total}`: a bare array, `{<key>: [...]}`, or
 * `{<key>: [...], total, page, limit}` (key `data`, `users`, `MainCategories`, ...). Anything else is refused.
 */
export function normaliseList<T extends BaseRecord = BaseRecord>(body: unknown, listKey = 'data'): { data: T[]; total: number } {
  let rows: unknown[] | undefined;
  let total: unknown;
  if (Array.isArray(body)) rows = body;
  else if (isObject(body) && Array.isArray(body[listKey])) {
    rows = body[listKey] as unknown[];
    total = body.total;
  }
  if (!rows) throw new ApiError(INVALID_RESPONSE_MESSAGE, 502, 'client');
  const count = typeof total === 'number' && Number.isFinite(total) && total >= rows.length ? total : rows.length;
  return { data: rows.map(withId) as T[], total: count };
}
