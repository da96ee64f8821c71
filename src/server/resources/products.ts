import { products } from '../db/schema.js';
import { productCrud } from '../services/product-crud.js';
import type { ServerPartModule } from '../served-resources.js';

/** Images, variants, stock figures and the catalogue's own filters: a service of its own. */
export default { table: products, service: ({ database, log }) => productCrud(database.db, log) } satisfies ServerPartModule;
