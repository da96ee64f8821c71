import { sql } from 'drizzle-orm';
import type { ReceiptInput, SellerReturnInput } from '../../../domain/schemas/purchase-order.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError, badRequest } from '../../http/errors.js';
import type { ActionHook } from '../declared-workflow.js';

type OrderLine = { id: string; product_id: string; product_name: string; quantity: number; received: number; returned: number; unit_cost: number };
type StockOutcome = { status: number; body: { message: string; errors?: { field: string; message: string }[] } & Record<string, unknown> };

async function linesOf(tx: Tx, orderId: string): Promise<Map<string, OrderLine>> {
  const rows = rowsOf<OrderLine>(
    await tx.execute(sql`
    select l.id::text as id, l.product_id::text as product_id, p.productname as product_name, l.quantity,
           l.received_quantity as received, l.returned_quantity as returned, l.unit_cost::float8 as unit_cost
      from purchase_orders_lines l join products p on p.id = l.product_id
     where l.parent_id = ${orderId}::uuid order by l.position`),
  );
  return new Map(rows.map((r) => [r.product_id, r]));
}

/** The order's line of each line of the body; how many of a line this body takes in all stays within `left`. */
function matched<L extends { product_id: string; quantity: number }>(
  lines: readonly L[],
  order: Map<string, OrderLine>,
  left: (line: OrderLine) => number,
  tooMany: (n: number) => string,
): [L, OrderLine][] {
  const taken = new Map<string, number>();
  return lines.map((line, i) => {
    const ordered = order.get(line.product_id.toLowerCase());
    if (!ordered) throw badRequest(`lines.${i}.product_id`, 'This product is not on this purchase order');
    const total = (taken.get(ordered.id) ?? 0) + line.quantity;
    if (total > left(ordered)) throw badRequest(`lines.${i}.quantity`, tooMany(left(ordered)));
    taken.set(ordered.id, total);
    return [line, ordered];
  });
}

/** A stock function's refusal for one line, its field named as the line's ('lines.1.batch_no'). */
function refusal(outcome: StockOutcome, i: number): HttpError {
  const { message, errors, ...extra } = outcome.body;
  const fields = errors?.map((e) => ({ field: `lines.${i}.${e.field}`, message: e.message })) ?? [{ field: `lines.${i}.quantity`, message }];
  return new HttpError(outcome.status, message, fields, undefined, extra);
}

/**
 * The balances a step will change, locked before any of them changes, in id order (as a transfer locks its own); a
 * receipt first creates, empty, those it will fill. Locked one line at a time instead, a delivery would hold the day's
 * ledger totals row (its first line's insert takes it) while waiting for a later line's balance, which a plain add-stock
 * or sale can hold while it waits for that same totals row: a deadlock, answered as a 409 to one of them.
 */
async function lockBalances(tx: Tx, warehouseId: unknown, lines: [unknown, OrderLine][], create: boolean): Promise<void> {
  const ids = `{${[...new Set(lines.map(([, l]) => l.product_id))].join(',')}}`;
  if (create) {
    await tx.execute(sql`
      insert into inventory (product_id, warehouse_id, tracks_expiry)
      select p.id, ${warehouseId as string}::uuid, p.tracks_expiry from products p where p.id = any(${ids}::uuid[]) order by p.id
      on conflict (product_id, warehouse_id) do nothing`);
  }
  await tx.execute(sql`
    select id from inventory where warehouse_id = ${warehouseId as string}::uuid and product_id = any(${ids}::uuid[]) order by id for update`);
}

const stock = async (tx: Tx, fn: 'stock_add' | 'stock_remove', actor: string, input: Record<string, unknown>) =>
  rowsOf<{ r: StockOutcome }>(
    await tx.execute(
      fn === 'stock_add'
        ? sql`select stock_add(${actor}::uuid, ${JSON.stringify(input)}::jsonb) as r`
        : sql`select stock_remove(${actor}::uuid, ${JSON.stringify(input)}::jsonb) as r`,
    ),
  )[0]!.r;

/**
 * Receiving a delivery: each line a purchase movement into the order's warehouse (the ledger's `in` row at the line's
 * unit cost, moving the average; a batch and expiry where the product tracks them), referencing the order by its
 * number, from its seller. Never more of a line than is still due (400 naming the line). The order is then received,
 * or partially received while anything is due. The header is locked by the step: two receipts of one order queue.
 */
export const receive: ActionHook = async (tx, { record, input, by }) => {
  const body = input as ReceiptInput;
  const order = await linesOf(tx, record.id as string);
  const lines = matched(
    body.lines,
    order,
    (l) => l.quantity - l.received,
    (n) => (n === 0 ? 'Nothing of this line is due' : `Only ${n} due`),
  );
  await lockBalances(tx, record.warehouseId, lines, true);
  for (const [i, [line, ordered]] of lines.entries()) {
    const outcome = await stock(tx, 'stock_add', by.id, {
      product_id: ordered.product_id,
      warehouse_id: record.warehouseId,
      quantity: line.quantity,
      unit_cost: ordered.unit_cost,
      movement_reason: 'purchase',
      seller_id: record.sellerId,
      reference_id: record.number,
      reference_type: 'purchase_order',
      notes: body.notes ?? '',
      batch_no: line.batch_no,
      expiry_date: line.expiry_date,
      mfg_date: line.mfg_date,
      confirm_expired: line.confirm_expired,
    });
    if (outcome.status !== 200) throw refusal(outcome, i);
    await tx.execute(sql`update purchase_orders_lines set received_quantity = received_quantity + ${line.quantity} where id = ${ordered.id}::uuid`);
  }
  const [due] = rowsOf<{ n: number }>(
    await tx.execute(sql`
    select coalesce(sum(quantity - received_quantity), 0)::int as n from purchase_orders_lines where parent_id = ${record.id as string}::uuid`),
  );
  return { status: due!.n > 0 ? 'partially_received' : 'received' };
};

/**
 * Returning units to the seller: each line an `out` row with reason return, referencing the order, leaving at the
 * average cost, from the batch named (else first-expiry-first-out). Never more than was received and not yet returned.
 */
export const returnToSeller: ActionHook = async (tx, { record, input, by }) => {
  const body = input as SellerReturnInput;
  const order = await linesOf(tx, record.id as string);
  const lines = matched(
    body.lines,
    order,
    (l) => l.received - l.returned,
    (n) => (n === 0 ? 'Nothing of this line can be returned' : `Only ${n} can be returned`),
  );
  await lockBalances(tx, record.warehouseId, lines, false);
  for (const [i, [line, ordered]] of lines.entries()) {
    const outcome = await stock(tx, 'stock_remove', by.id, {
      product_id: ordered.product_id,
      warehouse_id: record.warehouseId,
      quantity: line.quantity,
      movement_type: 'out',
      movement_reason: 'return',
      seller_id: record.sellerId,
      reference_id: record.number,
      reference_type: 'purchase_order',
      notes: body.notes ?? '',
      batch_no: line.batch_no,
    });
    if (outcome.status !== 200) throw refusal(outcome, i);
    await tx.execute(sql`update purchase_orders_lines set returned_quantity = returned_quantity + ${line.quantity} where id = ${ordered.id}::uuid`);
  }
};
