import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { inventory, products, stockMovements, users, warehouses } from '../db/schema.js';
import { badRequest, isUuid, notFound } from '../http/errors.js';
import type { MovementOut } from './stock-ledger.js';
import type { CurrentUser } from '../auth/access.js';
import { purchaseOrders } from '../db/declared-schema.js';

/** One balance row as the API shows it (SPEC.md section 3, inventory record). */
export type InventoryRecord = {
  _id: string;
  product_id: string;
  product_name: string;
  warehouse: string;
  warehouse_id: string;
  warehouse_name: string;
  location: string;
  current_stock: number;
  minimum_stock: number;
  maximum_stock: number;
  unit_cost: number;
  notes: string;
  total_value: number;
  out_of_stock: boolean;
  low_stock_alert: boolean;
  created: Date;
  modified: Date;
  /** Its stock is held in batches (GET /inventory/{id}/batches). */
  tracks_expiry: boolean;
  /** Replenishment (issue 31). */
  lead_time_days: number;
  order_multiple: number;
  preferred_seller_id: string | null;
};

export const recordColumns = { i: inventory, productName: products.productname, warehouseName: warehouses.name };
type RecordRow = { i: typeof inventory.$inferSelect; productName: string; warehouseName: string };

export const selectRecords = (db: DbOrTx) =>
  db
    .select(recordColumns)
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId));

export const toRecord = ({ i, productName, warehouseName }: RecordRow): InventoryRecord => ({
  _id: i.id,
  product_id: i.productId,
  product_name: productName,
  warehouse: i.warehouseId,
  warehouse_id: i.warehouseId,
  warehouse_name: warehouseName,
  location: i.location,
  current_stock: i.currentStock,
  minimum_stock: i.minimumStock,
  maximum_stock: i.maximumStock,
  unit_cost: i.unitCost,
  notes: i.notes,
  total_value: i.stockValue,
  out_of_stock: i.currentStock === 0,
  low_stock_alert: i.currentStock <= i.minimumStock,
  created: i.created,
  modified: i.modified,
  tracks_expiry: i.tracksExpiry,
  lead_time_days: i.leadTimeDays,
  order_multiple: i.orderMultiple,
  preferred_seller_id: i.preferredSellerId,
});

export const lowStock = sql`${inventory.lowStock}`;
export const outOfStock = sql`${inventory.currentStock} = 0`;
/** What the record's stock cost (the sum of its ledger values): its Total Value. */
export const stockValue = sql`${inventory.stockValue}`;

export async function recordById(db: DbOrTx, id: string, scope?: SQL): Promise<InventoryRecord> {
  const [row] = isUuid(id)
    ? await selectRecords(db)
        .where(and(eq(inventory.id, id), scope))
        .limit(1)
    : [];
  if (!row) throw notFound('Inventory');
  return toRecord(row);
}

/** A product or warehouse named in a body or query: malformed or unknown is a 400 naming the field. */
export async function requireProduct(db: DbOrTx, id: string, field = 'product_id'): Promise<{ id: string; name: string; price: number }> {
  const [row] = isUuid(id)
    ? await db.select({ id: products.id, name: products.productname, price: products.discountPrice }).from(products).where(eq(products.id, id)).limit(1)
    : [];
  if (!row) throw badRequest(field, 'Product not found');
  return row;
}

/** `scope`: a warehouse outside the caller's scope is not found, like an unknown one. */
export async function requireWarehouse(db: DbOrTx, id: string, field = 'warehouse_id', scope?: SQL): Promise<{ id: string; name: string }> {
  const [row] = isUuid(id)
    ? await db
        .select({ id: warehouses.id, name: warehouses.name })
        .from(warehouses)
        .where(and(eq(warehouses.id, id), scope))
        .limit(1)
    : [];
  if (!row) throw badRequest(field, 'Warehouse not found');
  return row;
}

export async function requireSeller(db: DbOrTx, id: string, field = 'seller_id'): Promise<string> {
  const [row] = isUuid(id) ? await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).limit(1) : [];
  if (!row) throw badRequest(field, 'Seller not found');
  if (row.role !== 'seller') throw badRequest(field, 'The selected user is not a seller');
  return row.id;
}

/**
 * A ledger row as lists and reports show it; `purchase_order_id`: the purchase order a row references by its number
 * (reference type 'purchase_order'; null when no order has that number), only for a caller who may open orders.
 */
export type MovementRecord = MovementOut & { product_name: string; warehouse_name: string; batch_no: string | null; purchase_order_id?: string | null };

/** The documents a movement list may link its rows to: only those the caller may open. */
export type MovementLinks = { purchaseOrders?: boolean };
export const movementLinksOf = (by: CurrentUser): MovementLinks => ({ purchaseOrders: by.may?.('purchase-orders', 'show') === true });

export const movementColumns = { m: stockMovements, productName: products.productname, warehouseName: warehouses.name };
type MovementRow = { m: typeof stockMovements.$inferSelect; productName: string; warehouseName: string; purchaseOrderId?: string | null };

/** The order of a purchase order's receipts and returns, by its number (unique): a join on a plain key. */
export const referencedOrder = sql`${stockMovements.referenceType} = 'purchase_order' and ${purchaseOrders.number} = ${stockMovements.referenceId}`;

export const selectMovements = (db: DbOrTx, links: MovementLinks = {}) => {
  const query = db
    .select({ ...movementColumns, ...(links.purchaseOrders ? { purchaseOrderId: sql<string | null>`${purchaseOrders.id}` } : {}) })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .$dynamic();
  return links.purchaseOrders ? query.leftJoin(purchaseOrders, referencedOrder) : query;
};

export const toMovementRecord = ({ m, productName, warehouseName, purchaseOrderId }: MovementRow): MovementRecord => ({
  _id: m.id,
  seq: m.seq,
  product_id: m.productId,
  product_name: productName,
  warehouse_id: m.warehouseId,
  warehouse_name: warehouseName,
  movement_type: m.movementType as MovementOut['movement_type'],
  quantity: m.quantity,
  stock_before: m.stockBefore,
  stock_after: m.stockAfter,
  unit_cost: m.unitCost,
  total_value: m.totalValue,
  value_change: m.valueChange,
  movement_reason: m.movementReason,
  reference_id: m.referenceId,
  reference_type: m.referenceType,
  seller_id: m.sellerId,
  performed_by: m.performedBy,
  notes: m.notes,
  created: m.created.toISOString(),
  batch_no: m.batchNo,
  ...(purchaseOrderId === undefined ? {} : { purchase_order_id: purchaseOrderId }),
});
