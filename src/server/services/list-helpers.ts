import { and, asc, count, desc, eq, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { badRequest, isUuid } from '../http/errors.js';

export type Page<T> = { rows: T[]; total: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive substring match of `q` on any of the columns. */
export function searchFilter(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
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
 */
export type EqualityFilter = { column: AnyColumn; kind?: 'text' | 'contains' | 'id' | 'boolean'; values?: readonly string[]; notAnId?: string };

/** `?status=active&city_id=…` as equalities; a value the column cannot hold is a 400 naming the parameter. */
export function equalityFilters(query: Record<string, unknown>, filters: Record<string, EqualityFilter>): SQL | undefined {
  const conditions = Object.entries(filters).flatMap(([name, filter]) => {
    const text = query[name];
    if (typeof text !== 'string' || text === '') return [];
    if (filter.values && !filter.values.includes(text)) throw badRequest(name, `${name} must be one of: ${filter.values.join(', ')}`);
    if (filter.kind === 'id' && !isUuid(text)) throw badRequest(name, filter.notAnId ?? `${name} must be an id`);
    if (filter.kind === 'contains') return [searchFilter(text, [filter.column])!];
    if (filter.kind !== 'boolean') return [eq(filter.column, text)];
    if (text !== 'true' && text !== 'false') throw badRequest(name, `${name} must be true or false`);
    return [eq(filter.column, text === 'true')];
  });
  return conditions.length ? and(...conditions) : undefined;
}
