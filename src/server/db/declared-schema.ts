/**
 * Tables generated from declarations (src/domain/resources) that have no hand-written table in schema.ts.
 * `npm run new-resource` appends one line per resource; drizzle-kit reads this file beside schema.ts.
 */
import { purchaseOrdersResource } from '../../domain/resources/purchase-orders.js';
import { declaredTable, linesTable } from './declared-table.js';
// new-resource: imports

export const purchaseOrders = declaredTable(purchaseOrdersResource);
export const purchaseOrdersLines = linesTable(purchaseOrdersResource, 'lines');
// new-resource: tables
