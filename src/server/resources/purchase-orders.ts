import { receiptSchema, sellerReturnSchema } from '../../domain/schemas/purchase-order.js';
import { purchaseOrders } from '../db/declared-schema.js';
import type { ServerPartModule } from '../served-resources.js';
import { priceLines } from '../services/purchase-orders/lines.js';
import { ORDER_COST_FIELDS, presentOrder } from '../services/purchase-orders/presenter.js';
import { receive, returnToSeller } from '../services/purchase-orders/receipts.js';

/**
 * Purchase orders' own code beside their declaration (src/domain/resources/purchase-orders.ts): a warehouse's orders
 * are its users' (scope), lines are priced and taxed as placed, a receipt posts purchases and a return sends units back.
 */
export default {
  scope: { column: purchaseOrders.warehouseId },
  beforeWrite: priceLines,
  actions: { receive, return: returnToSeller },
  actionInput: { receive: receiptSchema, return: sellerReturnSchema },
  present: presentOrder,
  costFields: ORDER_COST_FIELDS,
} satisfies ServerPartModule;
