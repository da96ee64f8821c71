import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

type Fail = (field: string, message: string) => undefined;
type Named = { id: string; name: string };
type Lookup<T> = { pick: (text: string, fail: Fail) => T | undefined };

const texts = (values: string[]) => JSON.stringify([...new Set(values.filter(Boolean).map((v) => v.toLowerCase()))]);

/** Warehouses named in the file, by name (any case); two of one name cannot be told apart. */
export async function findWarehouses(db: DbOrTx, names: string[]): Promise<Lookup<Named>> {
  const rows = rowsOf<Named>(
    await db.execute(sql`
    select id::text as id, name from warehouses where lower(name) in (select jsonb_array_elements_text(${texts(names)}::jsonb))`),
  );
  return {
    pick(text, fail) {
      const matches = rows.filter((w) => w.name.toLowerCase() === text.toLowerCase());
      if (matches.length > 1) return fail('warehouse', `${matches.length} warehouses are named '${text}'`);
      return matches[0] ?? fail('warehouse', `Warehouse '${text}' not found`);
    },
  };
}

type Product = Named & { sku: string | null; barcode: string | null };

/** Products named in the file: by SKU or barcode (as the product import names them), else by name when only one has it. */
export async function findProducts(db: DbOrTx, codes: string[]): Promise<Lookup<Named>> {
  const wanted = texts(codes);
  const rows = rowsOf<Product>(
    await db.execute(sql`
    with w as (select jsonb_array_elements_text(${wanted}::jsonb) as t)
    select id::text as id, productname as name, sku, barcode from products
     where lower(sku) in (select t from w) or barcode in (select t from w) or lower(productname) in (select t from w)`),
  );
  return {
    pick(text, fail) {
      const key = text.toLowerCase();
      const byCode = rows.find((p) => p.sku?.toLowerCase() === key) ?? rows.find((p) => p.barcode === text);
      if (byCode) return byCode;
      const byName = rows.filter((p) => p.name.toLowerCase() === key);
      if (byName.length > 1) return fail('product', `${byName.length} products are named '${text}': use the SKU`);
      return byName[0] ?? fail('product', `Product '${text}' not found (by SKU, barcode or name)`);
    },
  };
}

const digits = (text: string) => text.replace(/\D/g, '');
/** Phone numbers compare by their digits, the country code aside ('+91 98765 43210' is '9876543210'). */
const samePhone = (a: string, b: string) => {
  const [x, y] = [digits(a), digits(b)];
  return x.length >= 6 && (x === y || (x.length >= 10 && y.length >= 10 && x.slice(-10) === y.slice(-10)));
};

/** Sellers (users whose role is seller), by e-mail or phone. */
export async function findSellers(db: DbOrTx): Promise<Lookup<Named>> {
  const rows = rowsOf<Named & { email: string; phone: string }>(
    await db.execute(sql`
    select id::text as id, trim(firstname || ' ' || lastname) as name, lower(email) as email, phonenumber as phone from users where role = 'seller'`),
  );
  return {
    pick(text, fail) {
      const found = text.includes('@') ? rows.find((s) => s.email === text.toLowerCase()) : rows.find((s) => samePhone(text, s.phone));
      return found ?? fail('preferred_seller', `No seller with e-mail or phone '${text}'`);
    },
  };
}

export type SettingsRecord = {
  id: string;
  minimum_stock: number;
  maximum_stock: number;
  lead_time_days: number;
  order_multiple: number;
  preferred_seller_id: string | null;
};

/** The inventory records of these (warehouse, product) pairs, keyed 'warehouse/product'. */
export async function findRecords(db: DbOrTx, pairs: { warehouseId: string; productId: string }[]): Promise<Map<string, SettingsRecord>> {
  if (!pairs.length) return new Map();
  const rows = rowsOf<SettingsRecord & { pair: string }>(
    await db.execute(sql`
    select i.warehouse_id::text || '/' || i.product_id::text as pair, i.id::text as id, i.minimum_stock, i.maximum_stock,
           i.lead_time_days, i.order_multiple, i.preferred_seller_id::text as preferred_seller_id
      from inventory i
      join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x("warehouseId" uuid, "productId" uuid)
        on i.warehouse_id = x."warehouseId" and i.product_id = x."productId"`),
  );
  return new Map(rows.map(({ pair, ...record }) => [pair, record]));
}
