import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';

/**
 * The replenishment suggestions of one warehouse recomputed from the raw tables in JavaScript, without the API's SQL:
 * every ledger row, purchase order line and transfer line of the warehouse read as they are, then the formula of
 * docs/stock-model.md applied row by row, in exact integer arithmetic where it decides (the filter, the order, the rounding).
 */
export type Expected = {
  inventory_id: string;
  product_id: string;
  on_hand: number;
  on_order: number;
  in_transit: number;
  daily_outflow: number;
  days_of_cover: number | null;
  projected_stock: number;
  suggested_quantity: number;
  minimum_stock: number;
  maximum_stock: number;
  lead_time_days: number;
  order_multiple: number;
  preferred_seller_id: string | null;
  preferred_seller_name: string | null;
  product_name: string;
  category_id: string;
};

const DAY_MS = 86_400_000;
const q = async <T>(db: Db, text: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(text));

/** `at`: the moment to work them out for (now by default; a later one with nothing written in between). */
export async function bruteForceSuggestions(
  db: Db,
  warehouseId: string,
  filters: { sellerId?: string; categoryId?: string } = {},
  at?: Date,
): Promise<Expected[]> {
  const [{ dbNow }] = (await q<{ dbNow: number }>(db, sql`select (extract(epoch from now()) * 1000)::float8 as "dbNow"`)) as [{ dbNow: number }];
  const now = at ? at.getTime() : dbNow;
  const records = await q<{
    id: string;
    product_id: string;
    current_stock: number;
    minimum_stock: number;
    maximum_stock: number;
    lead_time_days: number;
    order_multiple: number;
    preferred_seller_id: string | null;
  }>(
    db,
    sql`
    select id::text, product_id::text, current_stock, minimum_stock, maximum_stock, lead_time_days, order_multiple, preferred_seller_id::text
      from inventory where warehouse_id = ${warehouseId}::uuid`,
  );
  const movements = await q<{ product_id: string; movement_type: string; reference_type: string | null; quantity: number; at: number }>(
    db,
    sql`
    select product_id::text, movement_type, reference_type, quantity, (extract(epoch from created) * 1000)::float8 as at
      from stock_movements where warehouse_id = ${warehouseId}::uuid`,
  );
  const orderLines = await q<{ status: string; product_id: string; quantity: number; received_quantity: number }>(
    db,
    sql`
    select o.status, l.product_id::text, l.quantity, l.received_quantity
      from purchase_orders o join purchase_orders_lines l on l.parent_id = o.id where o.warehouse_id = ${warehouseId}::uuid`,
  );
  const transferLines = await q<{ status: string; product_id: string; dispatched: number; received: number; returned: number; damaged: number }>(
    db,
    sql`
    select t.status, l.product_id::text, l.dispatched, l.received, l.returned, l.damaged
      from transfers t join transfer_lines l on l.transfer_id = t.id where t.to_warehouse_id = ${warehouseId}::uuid`,
  );
  const products = new Map(
    (
      await q<{ id: string; name: string; category_id: string; rank: number }>(
        db,
        sql`
    select id::text, productname as name, category_id::text, (rank() over (order by productname))::int as rank from products`,
      )
    ).map((p) => [p.id, p]),
  );
  const sellers = new Map(
    (
      await q<{ id: string; name: string }>(
        db,
        sql`
    select id::text, trim(firstname || ' ' || lastname) as name from users`,
      )
    ).map((u) => [u.id, u.name]),
  );

  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  const outflow = new Map<string, number>();
  for (const m of movements) {
    const used = (m.movement_type === 'out' || m.movement_type === 'damaged') && m.reference_type !== 'transfer' && m.reference_type !== 'purchase_order';
    if (used && m.at >= now - 28 * DAY_MS) add(outflow, m.product_id, -m.quantity);
  }
  const onOrder = new Map<string, number>();
  for (const l of orderLines) if (['draft', 'ordered', 'partially_received'].includes(l.status)) add(onOrder, l.product_id, l.quantity - l.received_quantity);
  const inTransit = new Map<string, number>();
  for (const l of transferLines) {
    if (['dispatched', 'partially_received'].includes(l.status)) add(inTransit, l.product_id, l.dispatched - l.received - l.returned - l.damaged);
  }

  const rows = records.flatMap((r) => {
    const product = products.get(r.product_id)!;
    if (r.minimum_stock === 0 && r.maximum_stock === 0) return [];
    if (filters.sellerId && r.preferred_seller_id !== filters.sellerId) return [];
    if (filters.categoryId && product.category_id !== filters.categoryId) return [];
    const out = outflow.get(r.product_id) ?? 0;
    const coming = (onOrder.get(r.product_id) ?? 0) + (inTransit.get(r.product_id) ?? 0);
    // 28 × projected = 28 × (on hand + coming) − outflow × lead time: whole numbers.
    const projected28 = 28 * (r.current_stock + coming) - out * r.lead_time_days;
    if (projected28 > 28 * r.minimum_stock) return [];
    const target28 = 28 * Math.max(r.maximum_stock, r.minimum_stock);
    const packs = Math.max(1, Math.ceil(Math.max(0, target28 - projected28) / (28 * r.order_multiple)));
    return [
      {
        inventory_id: r.id,
        product_id: r.product_id,
        on_hand: r.current_stock,
        on_order: onOrder.get(r.product_id) ?? 0,
        in_transit: inTransit.get(r.product_id) ?? 0,
        daily_outflow: Math.round((out * 100) / 28) / 100,
        days_of_cover: r.current_stock === 0 ? 0 : out === 0 ? null : Math.round((r.current_stock * 280) / out) / 10,
        projected_stock: Math.round((projected28 * 100) / 28) / 100,
        suggested_quantity: packs * r.order_multiple,
        minimum_stock: r.minimum_stock,
        maximum_stock: r.maximum_stock,
        lead_time_days: r.lead_time_days,
        order_multiple: r.order_multiple,
        preferred_seller_id: r.preferred_seller_id,
        preferred_seller_name: r.preferred_seller_id ? sellers.get(r.preferred_seller_id) || null : null,
        product_name: product.name,
        category_id: product.category_id,
        // The order: days of cover as an exact fraction (stock × 28 / outflow; none on hand is 0; no outflow, last), then name, then id.
        sort: { num: r.current_stock === 0 ? 0 : r.current_stock, den: r.current_stock === 0 ? 1 : out, rank: product.rank },
      },
    ];
  });
  rows.sort((a, b) => {
    const [x, y] = [a.sort, b.sort];
    if ((x.den === 0) !== (y.den === 0)) return x.den === 0 ? 1 : -1;
    if (x.den !== 0 && x.num * y.den !== y.num * x.den) return x.num * y.den - y.num * x.den;
    return x.rank - y.rank || (a.inventory_id < b.inventory_id ? -1 : 1);
  });
  return rows.map(({ sort: _sort, ...row }) => row);
}
