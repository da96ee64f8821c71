import { and, asc, count, desc, eq, ilike, inArray, or, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { badRequest, isUuid } from '../http/errors.js';

export type Page<T> = { rows: T[]; total: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of a text anywhere in a value, its own % and _ taken literally. */
export const containsPattern = (q: string) => `%${escapeLike(q)}%`;

/** Case-insensitive substring match of `q` on any of the columns. */
export function searchFilter(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** ORDER BY for `sort`/`order`; an unknown sort field is a 400 naming the allowed ones. */
export function sortOrder(query: Pick<ListQuery, 'sort' | 'order'>, allowed: Record<string, AnyColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!query.sort) return fallback;
  const column = allowed[query.sort];
  if (!column) throw badRequest('sort', `sort must be one of: ${Object.keys(allowed).join(', ')}`);
  return [query.order === 'desc' ? desc(column) : asc(column), ...fallback];
}

export const offsetOf = (query: Pick<ListQuery, 'page' | 'limit'>) => (query.page - 1) * query.limit;

export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/**
 * A list's `?field=value` filter: its column, and what the value may be ('contains': a case-insensitive part of it).
 * `notAnId`: the 400's message for a value that is not an id, when it names the record ('Category not found').
 * `multiple`: a filter with `values` may name several of them, comma-separated (`?status=ordered,partially_received`),
 * and matches any of them.
 */
export type EqualityFilter = {
  column: AnyColumn;
  kind?: 'text' | 'contains' | 'id' | 'boolean';
  values?: readonly string[];
  multiple?: boolean;
  notAnId?: string;
};

/**
 * A filter the query sets, checked, and the value its column is compared to (a flag as a boolean, 'contains' as a
 * pattern, several values of a `multiple` filter as a list).
 */
export type SetFilter = { name: string; filter: EqualityFilter; value: string | boolean | string[] };

/** The values a `?field=` names: several, comma-separated, where the filter takes several; each one it may hold. */
function namedValues(name: string, text: string, filter: EqualityFilter): string | string[] {
  if (!filter.values) return text;
  const named = filter.multiple ? [...new Set(text.split(',').map((v) => v.trim()))] : [text];
  if (named.some((v) => !filter.values!.includes(v))) throw badRequest(name, `${name} must be one of: ${filter.values.join(', ')}`);
  return named.length === 1 ? named[0]! : named;
}

/** The filters `query` sets (`?status=active&city_id=…`); a value the column cannot hold is a 400 naming the parameter. */
export function setFilters(query: Record<string, unknown>, filters: Record<string, EqualityFilter>): SetFilter[] {
  return Object.entries(filters).flatMap(([name, filter]): SetFilter[] => {
    const given = query[name];
    if (typeof given !== 'string' || given === '') return [];
    const text = namedValues(name, given, filter);
    if (Array.isArray(text)) return [{ name, filter, value: text }];
    if (filter.kind === 'id' && !isUuid(text)) throw badRequest(name, filter.notAnId ?? `${name} must be an id`);
    if (filter.kind === 'contains') return [{ name, filter, value: containsPattern(text) }];
    if (filter.kind !== 'boolean') return [{ name, filter, value: text }];
    if (text !== 'true' && text !== 'false') throw badRequest(name, `${name} must be true or false`);
    return [{ name, filter, value: text === 'true' }];
  });
}

/** One filter's condition on a value: the value itself, or a placeholder for it in a statement compiled once. */
export const filterCondition = (filter: EqualityFilter, value: unknown): SQL =>
  Array.isArray(value)
    ? inArray(filter.column, value)
    : filter.kind === 'contains'
      ? ilike(filter.column, value as string | SQLWrapper)
      : eq(filter.column, value);

/** The filters `query` sets, as one condition. */
export function equalityFilters(query: Record<string, unknown>, filters: Record<string, EqualityFilter>): SQL | undefined {
  const set = setFilters(query, filters);
  return set.length ? and(...set.map(({ filter, value }) => filterCondition(filter, value))) : undefined;
}
