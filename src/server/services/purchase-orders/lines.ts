import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { badRequest } from '../../http/errors.js';

type Line = Record<string, unknown>;
type Priced = { product_id: string; gst_rate: number; hsn_code: string; last_cost: number | null };

/**
 * Before a purchase order is written: a product is on one line only (a delivery is matched to its line by product),
 * a line without a unit cost takes the product's last purchase cost (none yet: the line must say one), and each line
 * keeps its product's GST rate and HSN code as they are now, so the order prints and taxes as it was placed.
 */
export async function priceLines(tx: Tx, { input }: { input: Line }): Promise<void> {
  const lines = (input.lines ?? []) as Line[];
  const seen = new Map<string, number>();
  for (const [i, line] of lines.entries()) {
    const product = String(line.product_id).toLowerCase();
    if (seen.has(product)) throw badRequest(`lines.${i}.product_id`, `This product is already on line ${seen.get(product)! + 1}`);
    seen.set(product, i);
  }
  const ids = [...seen.keys()].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (!ids.length) return;
  const rows = rowsOf<Priced>(
    await tx.execute(sql`
    select p.id::text as product_id, p.gst_rate::float8 as gst_rate, p.hsn_code,
           nullif(stock_entry_cost(p.id, null), 0)::float8 as last_cost
      from products p where p.id = any(${`{${ids.join(',')}}`}::uuid[])`),
  );
  const byId = new Map(rows.map((r) => [r.product_id, r]));
  for (const [i, line] of lines.entries()) {
    const product = byId.get(String(line.product_id).toLowerCase());
    if (!product) continue; // an unknown product is the lines' own 400 ('lines.2.product_id': Product not found)
    line.gst_rate = product.gst_rate;
    line.hsn_code = product.hsn_code;
    if (line.unit_cost === undefined || line.unit_cost === null) {
      if (product.last_cost === null) throw badRequest(`lines.${i}.unit_cost`, 'Unit cost is required: this product has not been purchased before');
      line.unit_cost = product.last_cost;
    }
  }
}
