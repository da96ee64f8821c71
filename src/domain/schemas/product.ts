import { z } from 'zod';
import { optionalKey } from './common.js';
import { STOCK_STATUSES } from '../constants.js';
import { inputSchemaOf, patchSchemaOf } from '../resource.js';
import { productsResource } from '../resources/products.js';

export * from './product-rules.js';

/** A new product: every declared field's rule, and the discount within the MRP (src/domain/resources/products.ts). */
export const productSchema = inputSchemaOf(productsResource);
export type ProductInput = z.infer<typeof productSchema>;

/** PATCH: any subset of the fields; what is not sent keeps its stored value. */
export const productPatchSchema = patchSchemaOf(productsResource);
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const productListQuery = z.object({
  warehouse_id: optionalKey,
  /** Exact barcode: what a scanner typed. */
  barcode: optionalKey,
  category_id: optionalKey,
  subcategory_id: optionalKey,
  /** In, low or out of stock: across all warehouses, or in `warehouse_id`'s. */
  stock_status: z.enum(STOCK_STATUSES, { error: `stock_status must be one of: ${STOCK_STATUSES.join(', ')}` }).optional(),
});

export const autocompleteQuery = z.object({ q: z.string().trim().max(200).optional().default('') });
