import { gt } from 'drizzle-orm';
import { inventory, stockMovements, warehouses } from '../db/schema.js';
import type { ServerPartModule } from '../served-resources.js';

/** A warehouse is its own scope; stock and its history keep it (SPEC.md's words); records of products it never held go with it. */
export default {
  table: warehouses,
  scope: { column: warehouses.id },
  usedBy: [
    {
      table: inventory,
      column: inventory.warehouseId,
      where: gt(inventory.currentStock, 0),
      message: (n) => `This warehouse holds stock of ${n} product(s). Move or remove the stock before deleting it.`,
    },
    {
      table: stockMovements,
      column: stockMovements.warehouseId,
      message: () => 'This warehouse has stock movement history, which must be kept. Set it inactive instead.',
    },
  ],
  cascade: [{ table: inventory, column: inventory.warehouseId }],
} satisfies ServerPartModule;
