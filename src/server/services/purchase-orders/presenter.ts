import { sql } from 'drizzle-orm';
import { businessDay } from '../../../domain/business-days.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { lineTax, orderTaxes } from './taxes.js';

type Row = Record<string, unknown>;

/** Statuses in which something is still expected from the seller. */
const OPEN = new Set(['ordered', 'partially_received']);

/** An open order whose expected day has passed on India's calendar. */
const overdue = (row: Row) => OPEN.has(String(row.status)) && typeof row.expected_on === 'string' && row.expected_on < businessDay(new Date());

/** What the line still awaits: nothing once the order is closed, cancelled or fully received. */
const dueOf = (status: unknown, line: Row) => (status === 'draft' || OPEN.has(String(status)) ? Number(line.quantity) - Number(line.received_quantity) : 0);

/** The figures the server computes for a purchase order: overdue, each line's due quantity, tax and whether it tracks expiry, the GST split. */
export async function presentOrder(db: DbOrTx, row: Row, view: 'list' | 'record'): Promise<Row> {
  if (view === 'list') return { ...row, overdue: overdue(row) };
  const ids = ((row.lines ?? []) as Row[]).map((line) => String(line.product_id));
  const [states] = rowsOf<{ seller_state: string | null; warehouse_state: string | null; tracked: string[] }>(
    await db.execute(sql`
    select (select c.state from users u join cities c on c.id = u.city_id where u.id = ${row.seller_id as string}::uuid) as seller_state,
           (select c.state from warehouses w join cities c on c.id = w.city_id where w.id = ${row.warehouse_id as string}::uuid) as warehouse_state,
           array(select p.id::text from products p where p.tracks_expiry and p.id = any(${`{${ids.join(',')}}`}::uuid[])) as tracked`),
  );
  // Whether a line's product takes a batch and expiry on receipt: the receive screen asks for them there.
  const tracked = new Set(states?.tracked ?? []);
  const lines = ((row.lines ?? []) as Row[]).map((line): Row => ({
    ...line,
    due_quantity: dueOf(row.status, line),
    tracks_expiry: tracked.has(String(line.product_id)),
    line_tax: lineTax({ quantity: Number(line.quantity), unit_cost: Number(line.unit_cost), gst_rate: Number(line.gst_rate) }).tax,
  }));
  const taxes = orderTaxes(
    lines.map((l) => ({ quantity: Number(l.quantity), unit_cost: Number(l.unit_cost), gst_rate: Number(l.gst_rate) })),
    states?.seller_state ?? null,
    states?.warehouse_state ?? null,
  );
  return { ...row, overdue: overdue(row), lines, taxes };
}

/** Cost figures of a purchase order's answers beyond its declaration's (amount): the tax of a line, the GST split. */
export const ORDER_COST_FIELDS = ['line_tax', 'taxes'] as const;
