import { inventory } from '../db/schema.js';
import { inventoryCrud } from '../services/inventory-crud.js';
import type { ServerPartModule } from '../served-resources.js';

/** Its own service applies the caller's warehouse scope on every call (src/server/auth/warehouse-scope.ts). */
export default { table: inventory, service: ({ database }) => inventoryCrud(database.db) } satisfies ServerPartModule;
