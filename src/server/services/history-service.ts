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
function readableResources(by: CurrentUser): string[] {
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

/**
 * Record changes (record_history, written by triggers and services) and stock movements (the ledger: an entry of its
 * inventory record, not written twice) as one list of entries, each source filtered by the same query.
 */
function sources(query: HistoryQuery, by: CurrentUser, readable: string[]): SQL[] {
  const scope = by.warehouses ?? null;
  const from = query.from === undefined ? null : dayStart(query.from);
  const to = query.to === undefined ? null : dayStart(addDays(query.to, 1));
  const records = sql`
    select 'h' || h.id as "_id", h.resource, h.record_id, h.action, h.changes, h.note, h.user_id, h.user_name, h.warehouse_id, h.created as at, h.id as seq
      from record_history h
     where h.resource in ${readable} and ${warehouseFilterRaw(scope, 'h.warehouse_id')}
       and ${when(query.resource !== undefined, () => sql`h.resource = ${query.resource}`)}
       and ${when(query.record_id !== undefined, () => sql`h.record_id = ${query.record_id}`)}
       and ${when(query.user_id !== undefined, () => sql`h.user_id::text = ${query.user_id!.toLowerCase()}`)}
       and ${when(query.action !== undefined, () => sql`h.action = ${query.action}`)}
       and ${when(from !== null, () => sql`h.created >= ${from}`)} and ${when(to !== null, () => sql`h.created < ${to}`)}`;
  const stockVisible = readable.includes('inventory') && (query.resource === undefined || query.resource === 'inventory');
  if (!stockVisible) return [records];
  // The stock before and after, the value it moved (a cost figure: left out for a role without costs), its reason.
  const movements = sql`
    select 'm' || m.seq as "_id", 'inventory' as resource, coalesce(i.id::text, '') as record_id,
           'stock-' || coalesce(m.movement_reason, m.movement_type) as action,
           jsonb_build_object('current_stock', jsonb_build_array(m.stock_before, m.stock_after),
                              'value_change', jsonb_build_array(null, m.value_change)) as changes,
           concat_ws(' · ', nullif(m.reference_id, ''), nullif(m.notes, '')) as note,
           m.performed_by as user_id, nullif(trim(u.firstname || ' ' || u.lastname), '') as user_name, m.warehouse_id, m.created as at, m.seq
      from stock_movements m
      left join inventory i on i.product_id = m.product_id and i.warehouse_id = m.warehouse_id
      left join users u on u.id = m.performed_by
     where ${warehouseFilterRaw(scope, 'm.warehouse_id')}
       and ${when(query.record_id !== undefined, () => ofRecord(query.record_id!))}
       and ${when(query.user_id !== undefined, () => sql`m.performed_by::text = ${query.user_id!.toLowerCase()}`)}
       and ${when(query.action !== undefined, () => sql`'stock-' || coalesce(m.movement_reason, m.movement_type) = ${query.action}`)}
       and ${when(from !== null, () => sql`m.created >= ${from}`)} and ${when(to !== null, () => sql`m.created < ${to}`)}`;
  return [records, movements];
}

/**
 * GET /history: what was done, newest first. A reader sees the entries of the resources it may list, and with an
 * 'assigned' scope only those of its warehouses; cost fields leave the answer in the access plugin's preSerialization
 * hook, as from every answer.
 */
export function historyService(db: Db) {
  return {
    async list(query: HistoryQuery, by: CurrentUser): Promise<{ data: HistoryItem[]; total: number }> {
      const readable = readableResources(by);
      if (!readable.length) return { data: [], total: 0 };
      const all = sql.join(
        sources(query, by, readable).map((s) => sql`(${s})`),
        sql` union all `,
      );
      const [rows, [count]] = await Promise.all([
        db.execute(sql`select * from (${all}) e order by e.at desc, e.seq desc limit ${query.limit} offset ${offsetOf(query)}`),
        db.execute(sql`select count(*)::int as n from (${all}) e`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return {
        data: rowsOf<HistoryItem & { at: Date | string; seq: unknown }>(rows).map(({ seq: _seq, ...r }) => ({ ...r, at: new Date(r.at).toISOString() })),
        total: count?.n ?? 0,
      };
    },
  };
}
