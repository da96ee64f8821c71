import { sql } from 'drizzle-orm';
import { RESOURCES, type Action, type Resource } from '../../domain/policy.js';
import { addDays } from '../../domain/business-days.js';
import type { HistoryItem, HistoryQuery } from '../../domain/schemas/history.js';
import type { CurrentUser } from '../auth/access.js';
import { warehouseFilterRaw } from '../auth/warehouse-scope.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { dayStart } from './report-period.js';
import { offsetOf } from './list-helpers.js';

/** Entries that are not a matrix resource's records, and the grant that lets a reader see them. */
const READ_BY: Record<string, [Resource, Action]> = { 'sign-ins': ['users', 'list'] };

/** The resources whose entries `by` may read: those its role may list (sign-ins: whoever may list users). */
function readableResources(by: CurrentUser): string[] {
  const may = by.may ?? (() => true);
  return [
    ...Object.keys(RESOURCES).filter((resource) => may(resource as Resource, 'list' as Action)),
    ...Object.entries(READ_BY)
      .filter(([, [resource, action]]) => may(resource, action))
      .map(([entry]) => entry),
  ];
}

/**
 * GET /history: what was done, newest first, from the append-only record_history. A reader sees the entries of the
 * resources it may list, and with an 'assigned' scope only those of its warehouses; cost fields leave the answer in
 * the access plugin's preSerialization hook, as from every answer.
 */
export function historyService(db: Db) {
  return {
    async list(query: HistoryQuery, by: CurrentUser): Promise<{ data: HistoryItem[]; total: number }> {
      const readable = readableResources(by);
      if (!readable.length) return { data: [], total: 0 };
      const where = sql.join(
        [
          sql`h.resource in ${readable}`,
          warehouseFilterRaw(by.warehouses ?? null, 'h.warehouse_id'),
          query.resource === undefined ? sql`true` : sql`h.resource = ${query.resource}`,
          query.record_id === undefined ? sql`true` : sql`h.record_id = ${query.record_id}`,
          query.user_id === undefined ? sql`true` : sql`h.user_id::text = ${query.user_id.toLowerCase()}`,
          query.action === undefined ? sql`true` : sql`h.action = ${query.action}`,
          query.from === undefined ? sql`true` : sql`h.created >= ${dayStart(query.from)}`,
          query.to === undefined ? sql`true` : sql`h.created < ${dayStart(addDays(query.to, 1))}`,
        ],
        sql` and `,
      );
      const [rows, [count]] = await Promise.all([
        db.execute(sql`
          select h.id::text as "_id", h.resource, h.record_id, h.action, h.changes, h.note, h.user_id, h.user_name, h.warehouse_id,
                 h.created as at
            from record_history h where ${where} order by h.id desc limit ${query.limit} offset ${offsetOf(query)}`),
        db.execute(sql`select count(*)::int as n from record_history h where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return {
        data: rowsOf<HistoryItem & { at: Date | string }>(rows).map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
        total: count?.n ?? 0,
      };
    },
  };
}
