import { asc, count, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { badRequest } from '../http/errors.js';

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
