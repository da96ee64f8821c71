import { sql } from 'drizzle-orm';
import { ORDER_MAX_LINES, type ReplenishmentOrdersInput } from '../../../domain/schemas/replenishment.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError, isUuid } from '../../http/errors.js';
import { validationSummary } from '../../http/error-handler.js';

/** One purchase order to draft: its seller, its lines (with the index each has in the request), and its expected lead time. */
export type PlannedOrder = {
  sellerId: string;
  lines: { index: number; product_id: string; quantity: number; unit_cost: number }[];
  leadTimeDays: number;
};

type Known = {
  product_id: string;
  name: string;
  preferred_seller_id: string | null;
  lead_time_days: number;
  last_cost: number | null;
  average_cost: number | null;
};

const pgIds = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * The request's lines grouped into one order per seller (in the order sellers first appear), each line with its seller
 * (the one sent, else the inventory record's preferred seller) and its unit cost (the one sent, else the product's last
 * purchase cost, else the record's average cost). Every line at fault is named at once, and nothing is written.
 */
export async function planOrders(tx: DbOrTx, warehouseId: string, input: ReplenishmentOrdersInput): Promise<PlannedOrder[]> {
  const errors: { field: string; message: string }[] = [];
  const fail = (i: number, field: string, message: string): void => {
    errors.push({ field: `lines.${i}.${field}`, message });
  };

  const productIds = [...new Set(input.lines.map((l) => l.product_id.toLowerCase()).filter(isUuid))];
  const known = new Map(
    rowsOf<Known>(
      await tx.execute(sql`
    select p.id::text as product_id, p.productname as name, i.preferred_seller_id::text as preferred_seller_id,
           coalesce(i.lead_time_days, 0) as lead_time_days, nullif(stock_entry_cost(p.id, null), 0)::float8 as last_cost,
           nullif(i.unit_cost, 0)::float8 as average_cost
      from products p left join inventory i on i.product_id = p.id and i.warehouse_id = ${warehouseId}::uuid
     where p.id = any(${pgIds(productIds)}::uuid[])`),
    ).map((k) => [k.product_id, k]),
  );

  const chosen = input.lines.map((l) => (l.seller_id ?? known.get(l.product_id.toLowerCase())?.preferred_seller_id ?? null)?.toLowerCase() ?? null);
  const sellerIds = [...new Set(chosen.filter((s): s is string => isUuid(s)))];
  const sellers = new Map(
    rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`
    select id::text as id, trim(firstname || ' ' || lastname) as name from users
     where id = any(${pgIds(sellerIds)}::uuid[]) and role = 'seller'`),
    ).map((s) => [s.id, s.name]),
  );

  const orders = new Map<string, PlannedOrder>();
  const firstLine = new Map<string, number>();
  input.lines.forEach((line, i) => {
    const productId = line.product_id.toLowerCase();
    const product = known.get(productId);
    if (!product) return fail(i, 'product_id', 'Product not found');
    if (firstLine.has(productId)) return fail(i, 'product_id', `This product is already on line ${firstLine.get(productId)! + 1}`);
    firstLine.set(productId, i);
    const sellerId = chosen[i];
    if (!sellerId) return fail(i, 'seller_id', `Choose a seller: ${product.name} has no preferred seller`);
    if (!sellers.has(sellerId)) {
      return fail(i, 'seller_id', line.seller_id ? 'Seller not found' : `The preferred seller of ${product.name} is no longer a seller: choose one`);
    }
    const unitCost = line.unit_cost ?? product.last_cost ?? product.average_cost;
    if (unitCost === null) return fail(i, 'unit_cost', `Unit cost is required: ${product.name} has not been purchased before`);
    const order = orders.get(sellerId) ?? { sellerId, lines: [], leadTimeDays: 0 };
    order.lines.push({ index: i, product_id: productId, quantity: line.quantity, unit_cost: unitCost });
    order.leadTimeDays = Math.max(order.leadTimeDays, product.lead_time_days);
    orders.set(sellerId, order);
  });
  for (const order of orders.values()) {
    if (order.lines.length > ORDER_MAX_LINES) {
      errors.push({
        field: 'lines',
        message: `A purchase order holds at most ${ORDER_MAX_LINES} lines: ${sellers.get(order.sellerId)} has ${order.lines.length}`,
      });
    }
  }
  if (errors.length) throw new HttpError(400, validationSummary(errors), errors);
  return [...orders.values()];
}
