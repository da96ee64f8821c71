import { inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { products } from '../db/schema.js';
import { HttpError, pgCode, pgConstraint } from '../http/errors.js';

export type CodeOwner = { id: string; productname: string; sku: string | null; barcode: string | null };

/** The products that hold any of these SKUs (whatever their case) or barcodes: one statement through the unique indexes. */
export async function findCodeOwners(db: DbOrTx, skus: string[], barcodes: string[]): Promise<CodeOwner[]> {
  if (!skus.length && !barcodes.length) return [];
  const lowered = skus.map((s) => s.toLowerCase());
  // Each list is ONE parameter (a JSON array), not one placeholder per code: an import asks for 10,000 of each.
  const list = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
  return db
    .select({ id: products.id, productname: products.productname, sku: products.sku, barcode: products.barcode })
    .from(products)
    .where(
      or(
        lowered.length ? inArray(sql`lower(${products.sku})`, list(lowered)) : undefined,
        barcodes.length ? inArray(products.barcode, list(barcodes)) : undefined,
      ),
    );
}

/** A concurrent save took the SKU or barcode between our check and our write: the unique index answers, as a 409. */
export function codeTaken(error: unknown): HttpError | undefined {
  if (pgCode(error) !== '23505') return undefined;
  const constraint = pgConstraint(error);
  if (constraint === 'products_sku_lower_unique')
    return new HttpError(409, 'This SKU was just taken by another product', [{ field: 'sku', message: 'SKU already used' }]);
  if (constraint === 'products_barcode_unique')
    return new HttpError(409, 'This barcode was just taken by another product', [{ field: 'barcode', message: 'Barcode already used' }]);
  return undefined;
}
