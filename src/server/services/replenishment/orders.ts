import { sql } from 'drizzle-orm';
import { addDays, businessDay } from '../../../domain/business-days.js';
import { inputSchemaOf } from '../../../domain/resource.js';
import { purchaseOrdersResource as spec } from '../../../domain/resources/purchase-orders.js';
import type { CreatedOrder, ReplenishmentOrdersAnswer, ReplenishmentOrdersInput } from '../../../domain/schemas/replenishment.js';
import type { CurrentUser } from '../../auth/access.js';
import { assertWarehouseWritable } from '../../auth/warehouse-scope.js';
import type { Db, Tx } from '../../db/client.js';
import { purchaseOrders, purchaseOrdersLines } from '../../db/declared-schema.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError } from '../../http/errors.js';
import { nextNumber } from '../document-numbers.js';
import { runIdempotent, type Outcome } from '../idempotency.js';
import { requireWarehouse } from '../inventory-records.js';
import { priceLines } from '../purchase-orders/lines.js';
import { recordEvent } from '../record-history.js';
import { planOrders, type PlannedOrder } from './order-plan.js';

type Row = Record<string, unknown>;
/** A purchase order's body as POST /purchase-orders checks it: each drafted order is held to the same rule. */
const orderBody = inputSchemaOf(spec);
const INITIAL = spec.fields.status.workflow.initial;

/** An order's refusal in the request's words: its `lines.2.quantity` is the request's line, its seller the first line's. */
function inRequestTerms(errors: { field: string; message: string }[], order: PlannedOrder): HttpError {
  const named = errors.map(({ field, message }) => {
    const line = /^lines\.(\d+)\.(.+)$/.exec(field);
    if (line) return { field: `lines.${order.lines[Number(line[1])]?.index ?? line[1]}.${line[2]}`, message };
    return field === 'seller_id' ? { field: `lines.${order.lines[0]!.index}.seller_id`, message } : { field, message };
  });
  return new HttpError(400, named.map((e) => e.message).join('; '), named);
}

/** Each order's body, checked by the purchase orders' own rule, its lines priced by their own code (GST rate, HSN code). */
async function bodiesOf(tx: Tx, plan: PlannedOrder[], warehouseId: string): Promise<Row[]> {
  const today = businessDay(new Date());
  const bodies = plan.map((order) => {
    const body = orderBody.safeParse({
      seller_id: order.sellerId,
      warehouse_id: warehouseId,
      expected_on: addDays(today, Math.max(1, order.leadTimeDays)),
      notes: 'Created from replenishment suggestions',
      lines: order.lines.map(({ product_id, quantity, unit_cost }) => ({ product_id, quantity, unit_cost })),
    });
    if (!body.success)
      throw inRequestTerms(
        body.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
        order,
      );
    return body.data as Row;
  });
  // One pricing of every line at once: a product is on one line of the request, so on one line of one order.
  await priceLines(tx, { input: { lines: bodies.flatMap((b) => b.lines as Row[]) } });
  return bodies;
}

/**
 * POST /replenishment/orders: one DRAFT purchase order per seller into the warehouse, in one transaction and at most
 * once per Idempotency-Key, each exactly as POST /purchase-orders makes one: its body held to the declaration's rule,
 * its number (PO-YYYY-NNNNN) from the documents' counter, each line's unit cost, GST rate and HSN code from the purchase
 * orders' pricing, a 'created' history entry. Expected on today + the longest lead time of its lines, tomorrow at the
 * earliest. The orders' headers, lines and history are written in a few statements whatever their number. Any refusal
 * writes nothing.
 */
export async function createReplenishmentOrders(
  db: Db,
  input: ReplenishmentOrdersInput,
  by: CurrentUser,
  key: string | string[] | undefined,
): Promise<Outcome & { replayed: boolean }> {
  await assertWarehouseWritable(db, by.warehouses ?? null, input.warehouse_id);
  return runIdempotent(db, { key, userId: by.id, route: 'POST /replenishment/orders', payload: input }, async (tx): Promise<Outcome> => {
    const warehouse = await requireWarehouse(tx, input.warehouse_id);
    const plan = await planOrders(tx, warehouse.id, input);
    const bodies = await bodiesOf(tx, plan, warehouse.id);
    const numbers: string[] = [];
    for (let i = 0; i < plan.length; i++) numbers.push(await nextNumber(tx, spec.name, spec.numbering!));
    const headers = bodies.map((b, i) => ({
      number: numbers[i],
      seller_id: b.seller_id,
      warehouse_id: b.warehouse_id,
      expected_on: b.expected_on,
      notes: b.notes,
    }));
    const made = rowsOf<{ id: string; number: string; seller_name: string | null }>(
      await tx.execute(sql`
      with made as (
        insert into ${purchaseOrders} (number, seller_id, warehouse_id, expected_on, status, notes)
        select x.number, x.seller_id, x.warehouse_id, x.expected_on, ${INITIAL}, x.notes
          from jsonb_to_recordset(${JSON.stringify(headers)}::jsonb) as x(number text, seller_id uuid, warehouse_id uuid, expected_on date, notes text)
        returning id, number, seller_id
      )
      select made.id::text as id, made.number, nullif(trim(u.firstname || ' ' || u.lastname), '') as seller_name
        from made join users u on u.id = made.seller_id`),
    );
    const idOf = new Map(made.map((m) => [m.number, m]));
    const lines = bodies.flatMap((b, i) => (b.lines as Row[]).map((l, position) => ({ parent_id: idOf.get(numbers[i]!)!.id, position, ...l })));
    await tx.execute(sql`
      insert into ${purchaseOrdersLines} (parent_id, position, product_id, quantity, unit_cost, gst_rate, hsn_code)
      select x.parent_id, x.position, x.product_id, x.quantity, x.unit_cost, x.gst_rate, x.hsn_code
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
             as x(parent_id uuid, position int, product_id uuid, quantity int, unit_cost numeric, gst_rate numeric, hsn_code text)`);
    const orders: CreatedOrder[] = [];
    for (const [i, order] of plan.entries()) {
      const row = idOf.get(numbers[i]!)!;
      await recordEvent(tx, { resource: spec.name, recordId: row.id, recordLabel: row.number, action: 'created', by });
      orders.push({
        _id: row.id,
        number: row.number,
        seller_id: order.sellerId,
        seller_name: row.seller_name,
        expected_on: String(bodies[i]!.expected_on),
        lines: order.lines.length,
      });
    }
    return { status: 201, body: { orders } satisfies ReplenishmentOrdersAnswer };
  });
}
