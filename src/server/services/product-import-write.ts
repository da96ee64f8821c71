import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { ProductInput } from '../../domain/schemas/product.js';

/** One product row of an import, validated: the schema's output plus what the names resolved to. */
export type ImportRow = ProductInput & { categoryId: string; subcategoryId: string; targetId: string | null };

/** The products columns an import writes, from the validated row (a new CSV column adds its line here). */
const WRITTEN: { column: string; type: string; value: (row: ImportRow) => unknown }[] = [
  { column: 'productname', type: 'text', value: (r) => r.productname },
  { column: 'sku', type: 'text', value: (r) => r.sku ?? null },
  { column: 'barcode', type: 'text', value: (r) => r.barcode ?? null },
  { column: 'product_hindi', type: 'text', value: (r) => r.product_hindi ?? null },
  { column: 'category_id', type: 'uuid', value: (r) => r.categoryId },
  { column: 'subcategory_id', type: 'uuid', value: (r) => r.subcategoryId },
  { column: 'product_keyword', type: 'text', value: (r) => r.product_keyword },
  { column: 'unit', type: 'text', value: (r) => r.unit },
  { column: 'unit_value', type: 'text', value: (r) => r.unit_value },
  { column: 'price', type: 'numeric', value: (r) => r.price },
  { column: 'discount_price', type: 'numeric', value: (r) => r.discount_price },
  { column: 'product_description', type: 'text', value: (r) => r.product_description },
  // Empty cell (null): a new product follows its subcategory's 'perishable', an existing one keeps its setting.
  { column: 'tracks_expiry', type: 'boolean', value: (r) => r.tracks_expiry ?? null },
];

/** Columns whose null means 'not given' rather than 'clear it'. */
const KEEP_WHEN_EMPTY: Record<string, { fresh: string; matched: string }> = {
  tracks_expiry: { fresh: 's.perishable', matched: 'p.tracks_expiry' },
};

const recordset = (rows: ImportRow[], withId: boolean) => {
  const json = JSON.stringify(
    rows.map((r) => {
      const out: Record<string, unknown> = withId ? { id: r.targetId } : {};
      for (const w of WRITTEN) out[w.column] = w.value(r);
      return out;
    }),
  );
  const columns = [...(withId ? ['id uuid'] : []), ...WRITTEN.map((w) => `${w.column} ${w.type}`)].join(', ');
  return sql`jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(columns)})`;
};

/**
 * New rows in one INSERT and matched rows in one UPDATE, each a single statement over a JSON recordset however many
 * rows the file has. GST comes from the subcategory for a new product, and for an update that moves it to another.
 */
export async function writeImport(tx: Tx, rows: ImportRow[]): Promise<{ created: number; updated: number }> {
  const fresh = rows.filter((r) => r.targetId === null);
  const matched = rows.filter((r) => r.targetId !== null);
  const names = WRITTEN.map((w) => w.column);
  if (fresh.length) {
    await tx.execute(sql`
      insert into products (${sql.raw(names.join(', '))}, gst_rate, gst_type, hsn_code)
      select ${sql.raw(names.map((n) => (KEEP_WHEN_EMPTY[n] ? `coalesce(r.${n}, ${KEEP_WHEN_EMPTY[n].fresh})` : `r.${n}`)).join(', '))}, s.gst_rate, s.gst_type, s.hsn_code
        from ${recordset(fresh, false)} join subcategories s on s.id = r.subcategory_id`);
  }
  if (matched.length) {
    await tx.execute(sql`
      update products p set ${sql.raw(names.map((n) => `${n} = ${KEEP_WHEN_EMPTY[n] ? `coalesce(r.${n}, ${KEEP_WHEN_EMPTY[n].matched})` : `r.${n}`}`).join(', '))},
             gst_rate = case when p.subcategory_id <> r.subcategory_id then s.gst_rate else p.gst_rate end,
             gst_type = case when p.subcategory_id <> r.subcategory_id then s.gst_type else p.gst_type end,
             hsn_code = case when p.subcategory_id <> r.subcategory_id then s.hsn_code else p.hsn_code end,
             modified = now()
        from ${recordset(matched, true)} join subcategories s on s.id = r.subcategory_id
       where p.id = r.id`);
  }
  return { created: fresh.length, updated: matched.length };
}
