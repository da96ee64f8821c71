import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { REPORT_TIME_ZONE } from '../../src/domain/business-days.js';

/**
 * Paise that `units` of a balance of `stock` units worth `paise` are worth at its average cost, the last units taking
 * what is left (the rule of src/server/db/functions/10-ledger.sql, recomputed in integers: round half up).
 */
export function averageShare(stock: number, paise: number, units: number): number {
  if (units >= stock) return paise;
  return Math.floor((2 * paise * units + stock) / (2 * stock));
}

/** A calendar day `days` from today in the business's time zone, YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type Expiring = {
  product_id: string;
  product_name: string;
  warehouse_id: string;
  warehouse_name: string;
  batch_no: string;
  expiry_date: string;
  days_to_expiry: number;
  quantity: number;
  value: number;
};

/**
 * The expiring stock computed the slow, obvious way: every batch row with its share of its record's value, filtered and
 * sorted in JavaScript, days counted from the business day in JavaScript.
 */
export async function bruteForceExpiring(db: Db, days: number, includeExpired: boolean, warehouseId: string | null) {
  const all = rowsOf<Omit<Expiring, 'days_to_expiry' | 'value'> & { record_stock: number; record_value: string }>(
    await db.execute(sql`
    select b.product_id, p.productname as product_name, b.warehouse_id, w.name as warehouse_name, b.batch_no,
           to_char(b.expiry_date, 'YYYY-MM-DD') as expiry_date, b.current_stock as quantity, i.current_stock as record_stock,
           i.stock_value::text as record_value
      from stock_batches b, inventory i, products p, warehouses w
     where i.product_id = b.product_id and i.warehouse_id = b.warehouse_id and p.id = b.product_id and w.id = b.warehouse_id`),
  );
  const today = Date.parse(`${dayFromToday(0)}T00:00:00Z`);
  const rows: Expiring[] = all
    .filter((b) => b.expiry_date !== null && b.quantity > 0 && (!warehouseId || b.warehouse_id === warehouseId))
    .map(({ record_stock, record_value, ...b }) => ({
      ...b,
      days_to_expiry: Math.round((Date.parse(`${b.expiry_date}T00:00:00Z`) - today) / 86_400_000),
      value: averageShare(record_stock, Math.round(Number(record_value) * 100), b.quantity) / 100,
    }))
    .filter((b) => b.days_to_expiry <= days && (includeExpired || b.days_to_expiry >= 0))
    .sort(
      (a, b) =>
        a.expiry_date.localeCompare(b.expiry_date) ||
        cmp(a.product_name, b.product_name) ||
        cmp(a.warehouse_name, b.warehouse_name) ||
        cmp(a.batch_no, b.batch_no),
    );
  const cents = rows.reduce((s, r) => s + Math.round(r.value * 100), 0);
  return { rows, totalQuantity: rows.reduce((s, r) => s + r.quantity, 0), totalValue: cents / 100 };
}

// The database's collation may order names differently from JavaScript's: compare as it would for plain ASCII names.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
