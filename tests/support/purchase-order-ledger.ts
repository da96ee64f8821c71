import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';

/**
 * Purchase orders (issue 31), checked straight in the database: per order line, the ledger rows referencing the order
 * (reference type 'purchase_order', reference id its number) account for every unit: purchase `in` rows = received,
 * return `out` rows = −returned, nothing else; never more received than ordered, never more returned than received;
 * and the order's status fits its lines: nothing received while draft, ordered or cancelled, all of it once received,
 * some but not all while partially received or closed short (close is only from partially received).
 */
export async function expectPurchaseOrderInvariant(db: Db): Promise<void> {
  const lines = rowsOf<{ number: string; product_id: string; status: string }>(
    await db.execute(sql`
    select o.number, l.product_id, o.status
      from purchase_orders_lines l join purchase_orders o on o.id = l.parent_id
      left join (select reference_id, product_id,
                        coalesce(sum(quantity) filter (where movement_type = 'in' and movement_reason = 'purchase'), 0) as received,
                        coalesce(-sum(quantity) filter (where movement_type = 'out' and movement_reason = 'return'), 0) as returned,
                        count(*) filter (where not ((movement_type = 'in' and movement_reason = 'purchase')
                                                  or (movement_type = 'out' and movement_reason = 'return'))) as other
                   from stock_movements where reference_type = 'purchase_order' group by 1, 2) m
        on m.reference_id = o.number and m.product_id = l.product_id
     where coalesce(m.received, 0) <> l.received_quantity or coalesce(m.returned, 0) <> l.returned_quantity
        or coalesce(m.other, 0) <> 0
        or l.received_quantity > l.quantity or l.returned_quantity > l.received_quantity or l.returned_quantity < 0
     limit 20`),
  );
  expect(lines, 'purchase order lines whose received or returned units differ from the ledger').toEqual([]);

  const orders = rowsOf<{ number: string; status: string; ordered: number; received: number }>(
    await db.execute(sql`
    select o.number, o.status, sum(l.quantity)::int as ordered, sum(l.received_quantity)::int as received
      from purchase_orders o join purchase_orders_lines l on l.parent_id = o.id
     group by o.id
    having (o.status in ('draft', 'ordered', 'cancelled') and sum(l.received_quantity) <> 0)
        or (o.status = 'received' and bool_or(l.received_quantity <> l.quantity))
        or (o.status in ('partially_received', 'closed') and (sum(l.received_quantity) = 0 or bool_and(l.received_quantity = l.quantity)))
     limit 20`),
  );
  expect(orders, 'purchase orders whose status does not fit what they received').toEqual([]);
}
