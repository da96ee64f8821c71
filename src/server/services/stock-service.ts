import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { inventory } from '../db/schema.js';
import type { AddStockInput, AdjustStockInput, RemoveStockInput } from '../../domain/schemas/inventory.js';
import type { CurrentUser } from '../auth/access.js';
import { runIdempotent, type Outcome } from './idempotency.js';
import { recordById, requireProduct, requireSeller, requireWarehouse } from './inventory-records.js';
import { applyStockChange, ensureBalanceRow, lockBalance } from './stock-ledger.js';

export const STOCK_UPDATED_MESSAGE = 'Stock updated successfully!';

/** add-stock, adjust-stock and remove-stock: each one transaction, at most once per Idempotency-Key. */
export function stockService(db: Db) {
  return {
    addStock(input: AddStockInput, by: CurrentUser, key: string | string[] | undefined) {
      const call = { key, userId: by.id, route: 'POST /inventory/add-stock', payload: input };
      return runIdempotent(db, call, async (tx): Promise<Outcome> => {
        const product = await requireProduct(tx, input.product_id);
        const warehouse = await requireWarehouse(tx, input.warehouse_id);
        // SPEC.md section 4: a seller belongs to a purchase only.
        const sellerId = input.movement_reason === 'purchase' ? await requireSeller(tx, input.seller_id!) : null;
        await ensureBalanceRow(tx, product.id, warehouse.id, input.unit_cost, { minimumStock: input.minimum_stock, maximumStock: input.maximum_stock });
        const { inventoryId, movement } = await applyStockChange(tx, {
          productId: product.id, warehouseId: warehouse.id, delta: input.quantity,
          movementType: input.movement_reason === 'return' ? 'return' : 'in', movementReason: input.movement_reason,
          unitCost: input.unit_cost, referenceId: input.reference_id, referenceType: input.reference_type, sellerId,
          performedBy: by.id, notes: input.notes,
        });
        return { status: 200, body: { message: STOCK_UPDATED_MESSAGE, inventory: await recordById(tx, inventoryId), movement } };
      });
    },

    /** Sets the stock to new_stock: the row is locked, so the difference it records is exact. */
    adjustStock(input: AdjustStockInput, by: CurrentUser, key: string | string[] | undefined) {
      const call = { key, userId: by.id, route: 'POST /inventory/adjust-stock', payload: input };
      return runIdempotent(db, call, async (tx): Promise<Outcome> => {
        const product = await requireProduct(tx, input.product_id);
        const warehouse = await requireWarehouse(tx, input.warehouse_id);
        await ensureBalanceRow(tx, product.id, warehouse.id);
        const row = (await lockBalance(tx, { productId: product.id, warehouseId: warehouse.id }))!;
        const costChanged = input.unit_cost !== undefined && input.unit_cost !== row.unitCost;
        // The row is locked: setting its cost here values the adjustment at the new cost, all or nothing.
        if (costChanged) await tx.update(inventory).set({ unitCost: input.unit_cost, modified: new Date() }).where(eq(inventory.id, row.id));
        const delta = input.new_stock - row.currentStock;
        if (delta === 0) {
          const message = costChanged ? STOCK_UPDATED_MESSAGE : `Stock is already ${row.currentStock}: nothing changed`;
          return { status: 200, body: { message, inventory: await recordById(tx, row.id), movement: null } };
        }
        const { movement } = await applyStockChange(tx, {
          productId: product.id, warehouseId: warehouse.id, delta, movementType: 'adjustment',
          movementReason: input.movement_reason ?? 'adjustment', referenceId: input.reference_id ?? null,
          referenceType: input.reference_type ?? 'manual', unitCost: input.unit_cost, performedBy: by.id, notes: input.notes ?? '',
        });
        return { status: 200, body: { message: STOCK_UPDATED_MESSAGE, inventory: await recordById(tx, row.id), movement } };
      });
    },

    removeStock(input: RemoveStockInput, by: CurrentUser, key: string | string[] | undefined) {
      const call = { key, userId: by.id, route: 'POST /inventory/remove-stock', payload: input };
      return runIdempotent(db, call, async (tx): Promise<Outcome> => {
        const product = await requireProduct(tx, input.product_id);
        const warehouse = await requireWarehouse(tx, input.warehouse_id);
        const { inventoryId, movement } = await applyStockChange(tx, {
          productId: product.id, warehouseId: warehouse.id, delta: -input.quantity, movementType: input.movement_type,
          unitCost: input.unit_cost, referenceId: input.reference_id ?? null,
          referenceType: input.reference_type ?? (input.reference_id ? 'invoice' : 'manual'), performedBy: by.id, notes: input.notes ?? '',
        });
        return { status: 200, body: { message: STOCK_UPDATED_MESSAGE, inventory: await recordById(tx, inventoryId), movement } };
      });
    },
  };
}
