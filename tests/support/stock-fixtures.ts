import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';

export type Pair = { productId: string; productName: string; warehouseId: string; warehouseName: string; cityId: string; stock: number };

/**
 * Product/warehouse pairs of the demo data, each handed out once per file, so the tests of one file
 * (sharing one database) never step on each other's stock.
 */
export function stockFixtures(db: Db) {
  const used = new Set<string>();
  async function pick(where: ReturnType<typeof sql>): Promise<Pair> {
    const rows = rowsOf<Pair>(
      await db.execute(sql`
      select p.id as "productId", p.productname as "productName", w.id as "warehouseId", w.name as "warehouseName",
             w.city_id as "cityId", coalesce(i.current_stock, 0) as stock
        from products p cross join warehouses w
        left join inventory i on i.product_id = p.id and i.warehouse_id = w.id
       where ${where} and not p.tracks_expiry -- products held in batches have their own tests (issue 17)
       order by p.productname, w.name`),
    );
    const pair = rows.find((r) => !used.has(`${r.productId}/${r.warehouseId}`));
    if (!pair) throw new Error('no unused product/warehouse pair left in the demo data');
    used.add(`${pair.productId}/${pair.warehouseId}`);
    return pair;
  }
  return {
    /** A pair with no balance row yet. */
    unstocked: () => pick(sql`i.id is null`),
    /** A pair whose balance row holds at least `min` units. */
    stocked: (min = 1) => pick(sql`i.current_stock >= ${min}`),
    async sellerIn(cityId: string): Promise<string> {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
        select id from users where role = 'seller' order by (city_id = ${cityId}::uuid) desc, email limit 1`),
      );
      return row!.id;
    },
  };
}
