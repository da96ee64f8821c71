import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { CurrentUser } from '../auth/access.js';
import type { TransferCancelInput, TransferCreateInput, TransferListQuery, TransferReceiveInput, TransferSummary } from '../../domain/schemas/transfer.js';
import { HttpError, notFound, pgCode, requireId, requireRef } from '../http/errors.js';
import { offsetOf } from './list-helpers.js';
import { assertRecordWritable, warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';
import { parseKey, requestHash } from './idempotency.js';
import type { StockAnswer } from './stock-ledger.js';

/** The database always computes the in-transit value; the answer drops it for a role without costs. */
export type TransferRow = TransferSummary & { in_transit_value: number };

type Step = 'create' | 'update' | 'dispatch' | 'receive' | 'cancel';

/** A transfer is the scoped user's to see when either end is one of their warehouses. */
const eitherEndInScope = (scope: WarehouseScope) =>
  sql`(${warehouseFilterRaw(scope, 't.from_warehouse_id')} or ${warehouseFilterRaw(scope, 't.to_warehouse_id')})`;

const STEP_WAREHOUSE: Record<Exclude<Step, 'create' | 'update'>, 'from_warehouse_id' | 'to_warehouse_id'> = {
  dispatch: 'from_warehouse_id',
  cancel: 'from_warehouse_id',
  receive: 'to_warehouse_id',
};

const iso = (column: string) => sql.raw(`transfer_iso(${column})`);

const headerSelect = sql`
  select t.id as "_id", t.number::int as number, transfer_reference(t.number) as reference, t.status, t.notes,
         t.from_warehouse_id, fw.name as from_warehouse_name, t.to_warehouse_id, tw.name as to_warehouse_name,
         transfer_user_name(t.created_by) as created_by_name, ${iso('t.created')} as created,
         ${iso('t.dispatched_at')} as dispatched_at, ${iso('t.received_at')} as received_at,
         coalesce(l.lines, 0)::int as lines, coalesce(l.quantity, 0)::int as quantity,
         coalesce(l.in_transit, 0)::int as in_transit_quantity, coalesce(l.in_transit_value, 0)::float8 as in_transit_value
    from transfers t
    join warehouses fw on fw.id = t.from_warehouse_id
    join warehouses tw on tw.id = t.to_warehouse_id
    left join lateral (
      select count(*) as lines, sum(x.quantity) as quantity, sum(x.dispatched - x.received - x.returned - x.damaged) as in_transit,
             sum(x.dispatched_value - x.settled_value) as in_transit_value
        from transfer_lines x where x.transfer_id = t.id) l on true`;

/** A transfer's body with its ids checked (a malformed one is a 400 naming its field) and lower-cased. */
function withIds(input: TransferCreateInput) {
  const from = requireRef(input.from_warehouse_id, 'from_warehouse_id', 'Warehouse');
  const lines = input.lines.map((l, i) => ({ product_id: requireRef(l.product_id, `lines.${i}.product_id`, 'Product'), quantity: l.quantity }));
  return { ...input, from_warehouse_id: from, lines };
}

/** Transfers between warehouses: every step is one SQL function (migration 0010), at most once per Idempotency-Key. */
export function transferService(db: Db) {
  async function run(kind: Step, by: CurrentUser, route: string, rawKey: string | string[] | undefined, id: string | null, input: object) {
    const key = rawKey === undefined ? null : parseKey(rawKey);
    try {
      const [row] = rowsOf<StockAnswer>(
        await db.execute(sql`
        select (o->>'status')::int as status, coalesce((o->>'replayed')::boolean, false) as replayed, (o->'body')::text as body
          from transfer_request(${kind}::text, ${by.id}::uuid, ${route}::text, ${key}::text,
                                ${key && requestHash(route, input)}::text, ${id}::uuid, ${JSON.stringify(input)}::jsonb) as o`),
      );
      return row!;
    } catch (error) {
      if (pgCode(error) === '22003') throw new HttpError(400, 'The value of a transfer line (quantity × unit cost) is too large');
      if (pgCode(error) === 'BX018') throw new HttpError(409, (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
      throw error;
    }
  }

  async function warehouseOf(id: string, which: 'from_warehouse_id' | 'to_warehouse_id'): Promise<string | null> {
    const [row] = rowsOf<{ w: string }>(await db.execute(sql`select ${sql.raw(which)} as w from transfers where id = ${id}::uuid`));
    return row?.w ?? null;
  }

  function step(kind: Exclude<Step, 'create' | 'update'>) {
    return async (rawId: string, input: object, by: CurrentUser, key: string | string[] | undefined) => {
      const id = requireId(rawId, 'Transfer');
      await assertRecordWritable(db, by.warehouses ?? null, () => warehouseOf(id, STEP_WAREHOUSE[kind]));
      return run(kind, by, `POST /transfers/${id}/${kind}`, key, id, input);
    };
  }

  return {
    async list(query: TransferListQuery, scope: WarehouseScope = null) {
      const ref = (value: string | undefined, field: string) => (value === undefined ? null : requireRef(value, field, 'Warehouse'));
      const any = ref(query.warehouse_id, 'warehouse_id');
      const from = ref(query.from_warehouse_id, 'from_warehouse_id');
      const to = ref(query.to_warehouse_id, 'to_warehouse_id');
      const status = query.status ?? null;
      const where = sql`where (${status}::text is null or t.status = ${status}::text)
        and (${any}::uuid is null or t.from_warehouse_id = ${any}::uuid or t.to_warehouse_id = ${any}::uuid)
        and (${from}::uuid is null or t.from_warehouse_id = ${from}::uuid)
        and (${to}::uuid is null or t.to_warehouse_id = ${to}::uuid) and ${eitherEndInScope(scope)}`;
      const [rows, [total]] = await Promise.all([
        db.execute(sql`${headerSelect} ${where} order by t.created desc, t.id desc limit ${query.limit} offset ${offsetOf(query)}`),
        db.execute(sql`select count(*)::int as n from transfers t ${where}`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { rows: rowsOf<TransferRow>(rows), total: total?.n ?? 0 };
    },

    /** The transfer with its lines, batches, what is in transit and its status history, as the database builds it. */
    async get(rawId: string, scope: WarehouseScope = null): Promise<string> {
      const id = requireId(rawId, 'Transfer');
      if (scope) {
        const [mine] = rowsOf<{ ok: boolean }>(await db.execute(sql`select ${eitherEndInScope(scope)} as ok from transfers t where t.id = ${id}::uuid`));
        if (!mine?.ok) throw notFound('Transfer');
      }
      const [row] = rowsOf<{ body: string | null }>(await db.execute(sql`select transfer_json(${id}::uuid)::text as body`));
      if (!row?.body) throw notFound('Transfer');
      return row.body;
    },

    async create(input: TransferCreateInput, by: CurrentUser, key: string | string[] | undefined) {
      const body = withIds(input);
      await assertRecordWritable(db, by.warehouses ?? null, async () => body.from_warehouse_id);
      return run('create', by, 'POST /transfers', key, null, body);
    },

    /** A draft edited: the create's body and rules; its source now and the one it moves to must both be the user's. */
    async update(rawId: string, input: TransferCreateInput, by: CurrentUser, key: string | string[] | undefined) {
      const id = requireId(rawId, 'Transfer');
      const body = withIds(input);
      await assertRecordWritable(db, by.warehouses ?? null, () => warehouseOf(id, 'from_warehouse_id'));
      await assertRecordWritable(db, by.warehouses ?? null, async () => body.from_warehouse_id);
      return run('update', by, `PUT /transfers/${id}`, key, id, body);
    },

    dispatch: step('dispatch'),
    receive: (id: string, input: TransferReceiveInput, by: CurrentUser, key: string | string[] | undefined) => step('receive')(id, input, by, key),
    cancel: (id: string, input: TransferCancelInput, by: CurrentUser, key: string | string[] | undefined) => step('cancel')(id, input, by, key),

    /** Units and value on the road now: the dashboard's 'In transit'. */
    async inTransit(scope: WarehouseScope = null): Promise<{ quantity: number; total_value: number; transfers: number }> {
      const [row] = rowsOf<{ quantity: number; total_value: number; transfers: number }>(
        await db.execute(sql`
        select coalesce(sum(l.dispatched - l.received - l.returned - l.damaged), 0)::int as quantity,
               coalesce(sum(l.dispatched_value - l.settled_value), 0)::float8 as total_value,
               count(distinct l.transfer_id) filter (where l.dispatched - l.received - l.returned - l.damaged > 0)::int as transfers
          from transfer_lines l join transfers t on t.id = l.transfer_id
         where t.status in ('dispatched', 'partially_received') and ${eitherEndInScope(scope)}`),
      );
      return row!;
    },
  };
}
