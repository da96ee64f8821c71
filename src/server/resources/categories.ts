import { categories, products } from '../db/schema.js';
import type { ServerPartModule } from '../served-resources.js';

/** A category's products keep it (their table is hand-written, so no declaration says so). */
export default {
  table: categories,
  usedBy: [{ table: products, column: products.categoryId, noun: { singular: 'product', plural: 'products' } }],
} satisfies ServerPartModule;
