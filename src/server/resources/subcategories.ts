import { products, subcategories } from '../db/schema.js';
import type { ServerPartModule } from '../served-resources.js';

/** A subcategory's products keep it (their table is hand-written, so no declaration says so). */
export default {
  table: subcategories,
  usedBy: [{ table: products, column: products.subcategoryId, noun: { singular: 'product', plural: 'products' } }],
} satisfies ServerPartModule;
