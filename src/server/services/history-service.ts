import { sql, type SQL } from 'drizzle-orm';
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
export function readableResources(by: CurrentUser): string[] {
  const may = by.may ?? (() => true);
  return [
    ...Object.keys(RESOURCES).filter((resource) => may(resource as Resource, 'list' as Action)),
    ...Object.entries(READ_BY)
      .filter(([, [resource, action]]) => may(resource, action))
      .map(([entry]) => entry),
  ];
}

const when = (condition: boolean, clause: () => SQL): SQL => (condition ? clause() : sql`true`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The movements of one inventory record, through the ledger's (product, warehouse) index rather than a scan. */
const ofRecord = (recordId: string): SQL =>
  UUID.test(recordId)
    ? sql`(m.product_id, m.warehouse_id) = (select r.product_id, r.warehouse_id from inventory r where r.id = ${recordId.toLowerCase()}::uuid)`
    : sql`false`;

/** Where each source's entries are filtered by the same query. */
function filters(query: HistoryQuery, by: CurrentUser, readable: string[]): { records: SQL; movements: SQL | null } {
  const scope = by.warehouses ?? null;
  const from = query.from === undefined ? null : dayStart(query.from);
  const to = query.to === undefined ? null : dayStart(addDays(query.to, 1));
  const records = sql`h.resource in ${readable} and ${warehouseFilterRaw(scope, 'h.warehouse_id')}
       and ${when(query.resource !== undefined, () => sql`h.resource = ${query.resource}`)}
       and ${when(query.record_id !== undefined, () => sql`h.record_id = ${query.record_id}`)}
       and ${when(query.user_id !== undefined, () => sql`h.user_id::text = ${query.user_id!.toLowerCase()}`)}
       and ${when(query.action !== undefined, () => sql`h.action = ${query.action}`)}
       and ${when(from !== null, () => sql`h.created >= ${from}`)} and ${when(to !== null, () => sql`h.created < ${to}`)}`;
  const stockVisible = readable.includes('inventory') && (query.resource === undefined || query.resource === 'inventory');
  const movements = !stockVisible
    ? null
    : sql`${warehouseFilterRaw(scope, 'm.warehouse_id')}
       and ${when(query.record_id !== undefined, () => ofRecord(query.record_id!))}
       and ${when(query.user_id !== undefined, () => sql`m.performed_by::text = ${query.user_id!.toLowerCase()}`)}
       and ${when(query.action !== undefined, () => sql`'stock-' || coalesce(m.movement_reason, m.movement_type) = ${query.action}`)}
       and ${when(from !== null, () => sql`m.created >= ${from}`)} and ${when(to !== null, () => sql`m.created < ${to}`)}`;
  return { records, movements };
}

/** Past this many entries the total says 'at least': counting a million ledger rows for a page of 20 is not worth it. */
export const HISTORY_COUNT_CAP = 10_000;

/**
 * GET /history: what was done, newest first. A reader sees the entries of the resources it may list, and with an
 * 'assigned' scope only those of its warehouses; cost fields leave the answer in the access plugin's preSerialization
 * hook, as from every answer.
 */
export function historyService(db: Db) {
  return {
    async list(query: HistoryQuery, by: CurrentUser): Promise<{ data: HistoryItem[]; total: number; total_capped: boolean }> {
      const readable = readableResources(by);
      if (!readable.length) return { data: [], total: 0, total_capped: false };
      const { records, movements } = filters(query, by, readable);
      const offset = offsetOf(query);
      // Each source's newest entries first, through its index on created (ties by id), cut at the page's end; then the
      // page of the two merged, and only its rows joined to what they show.
      const reach = offset + query.limit;
      const newest = sql.join(
        [
          sql`(select h.created as at, h.id as seq, h.id as hid, null::uuid as mid from record_history h where ${records}
                order by h.created desc, h.id desc limit ${reach})`,
          ...(movements
            ? [
                sql`(select m.created, m.seq, null::bigint, m.id from stock_movements m where ${movements}
                      order by m.created desc, m.seq desc limit ${reach})`,
              ]
            : []),
        ],
        sql` union all `,
      );
      const counted = sql.join(
        [
          sql`(select 1 from record_history h where ${records} limit ${HISTORY_COUNT_CAP + 1})`,
          ...(movements ? [sql`(select 1 from stock_movements m where ${movements} limit ${HISTORY_COUNT_CAP + 1})`] : []),
        ],
        sql` union all `,
      );
      const [rows, [count]] = await Promise.all([
        db.execute(sql`
          with page as (select * from (${newest}) e order by e.at desc, e.seq desc limit ${query.limit} offset ${offset})
          select * from (
            select 'h' || h.id as "_id", h.resource, h.record_id, h.record_label, h.action, h.changes, h.note, h.user_id, h.user_name,
                   h.warehouse_id, page.at, page.seq
              from page join record_history h on h.id = page.hid
            union all
            select 'm' || m.seq, 'inventory', coalesce(i.id::text, ''), p.productname || ' · ' || w.name,
                   'stock-' || coalesce(m.movement_reason, m.movement_type),
                   -- The stock before and after, the value it moved (a cost figure: left out for a role without costs).
                   jsonb_build_object('current_stock', jsonb_build_array(m.stock_before, m.stock_after),
                                      'value_change', jsonb_build_array(null, m.value_change)),
                   concat_ws(' · ', nullif(m.reference_id, ''), nullif(m.notes, '')), m.performed_by,
                   nullif(trim(u.firstname || ' ' || u.lastname), ''), m.warehouse_id, page.at, page.seq
              from page join stock_movements m on m.id = page.mid
              left join inventory i on i.product_id = m.product_id and i.warehouse_id = m.warehouse_id
              left join users u on u.id = m.performed_by
              join products p on p.id = m.product_id
              join warehouses w on w.id = m.warehouse_id
          ) e order by e.at desc, e.seq desc`),
        db.execute(sql`select count(*)::int as n from (${counted}) e`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      const n = count?.n ?? 0;
      return {
        data: rowsOf<HistoryItem & { at: Date | string; seq: unknown }>(rows).map(({ seq: _seq, ...r }) => ({ ...r, at: new Date(r.at).toISOString() })),
        total: Math.min(n, HISTORY_COUNT_CAP),
        total_capped: n > HISTORY_COUNT_CAP,
      };
    },
  };
}
