import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { cities, inventory, products, stockMovements, warehouses } from '../db/schema.js';
import type {
  InventoryByCityQuery,
  InventoryCreateInput,
  InventoryListQuery,
  InventoryUpdateInput,
  MovementListQuery,
} from '../../domain/schemas/inventory.js';
import type { CurrentUser } from '../auth/access.js';
import { HttpError, badRequest, conflict, isUuid, notFound, requireId } from '../http/errors.js';
import { OUT_OF_SCOPE_MESSAGE, assertWarehouseWritable, warehouseFilter, warehouseInScope, type WarehouseScope } from '../auth/warehouse-scope.js';
import { runIdempotent, type Outcome } from './idempotency.js';
import { flatSelection } from '../db/flat-select.js';
import {
  lowStock,
  outOfStock,
  recordById,
  recordColumns,
  requireProduct,
  requireSeller,
  requireWarehouse,
  selectMovements,
  selectRecords,
  stockValue,
  toMovementRecord,
  toRecord,
  type InventoryRecord,
  type MovementLinks,
} from './inventory-records.js';
import { offsetOf, searchFilter, sortOrder } from './list-helpers.js';
import { productNameText } from './product-query.js';
import { applyStockChange, lockBalance } from './stock-ledger.js';
import { transactionAs } from '../db/actor.js';

/** A product that tracks expiry changes stock per batch: through add-, remove- and adjust-stock only. */
const batchesOnly = (field: string) => badRequest(field, 'This product tracks expiry: change its stock per batch with Add Stock or Adjust Stock');

async function tracksExpiry(tx: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await tx.select({ tracks: products.tracksExpiry }).from(products).where(eq(products.id, productId));
  return row?.tracks ?? false;
}

/** How far a list of movements is counted (the history's cap): past it, `total_capped`. */
export const MOVEMENT_COUNT_CAP = 10_000;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An id used as a filter: malformed is a 400, like an unknown reference in a body. */
function idFilter(value: string | undefined, field: string, label: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isUuid(value)) throw badRequest(field, `${label} not found`);
  return value.toLowerCase();
}

const sortable = {
  product_name: products.productname,
  warehouse_name: warehouses.name,
  current_stock: inventory.currentStock,
  minimum_stock: inventory.minimumStock,
  maximum_stock: inventory.maximumStock,
  unit_cost: inventory.unitCost,
  total_value: stockValue,
  location: inventory.location,
  created: inventory.created,
};

const pageOf = (total: number, limit: number, skip: number) => ({
  total,
  limit,
  skip,
  current_page: Math.floor(skip / limit) + 1,
  total_pages: Math.ceil(total / limit),
});

/** What the inventory list sorts by. */
export const INVENTORY_SORT_FIELDS = Object.keys(sortable);

type ListFilters = Omit<InventoryListQuery, 'page' | 'limit'>;

/** The list's filters and search, within the caller's warehouses; a malformed id is a 400 naming its parameter. */
function listWhere(query: ListFilters, scope: WarehouseScope): SQL | undefined {
  const warehouseId = idFilter(query.warehouse_id ?? query.warehouse, query.warehouse_id ? 'warehouse_id' : 'warehouse', 'Warehouse');
  const productId = idFilter(query.product_id, 'product_id', 'Product');
  return and(
    query.product_name ? ilike(products.productname, escapeLike(query.product_name)) : undefined,
    query.location ? ilike(inventory.location, escapeLike(query.location)) : undefined,
    warehouseId ? eq(inventory.warehouseId, warehouseId) : undefined,
    productId ? eq(inventory.productId, productId) : undefined,
    query.low_stock_only ? lowStock : undefined,
    query.out_of_stock_only ? outOfStock : undefined,
    searchFilter(query.q, [products.productname, warehouses.name, inventory.location]),
    warehouseFilter(scope, inventory.warehouseId),
  );
}

const listOrder = (query: Pick<ListFilters, 'sort' | 'order'>) =>
  sortOrder(query, sortable, [asc(products.productname), asc(warehouses.name), asc(inventory.id)]);

export function inventoryService(db: Db) {
  return {
    /** `scope` (here and below): the caller's warehouse scope; 'assigned' keeps the rows of their warehouses, in SQL. */
    async list(query: InventoryListQuery, scope: WarehouseScope = null): Promise<{ rows: InventoryRecord[]; total: number }> {
      const where = listWhere(query, scope);
      const [rows, [total]] = await Promise.all([
        selectRecords(db)
          .where(where)
          .orderBy(...listOrder(query))
          .limit(query.limit)
          .offset(offsetOf(query)),
        // Every record has its product and warehouse (foreign keys, not null): the joins only matter to the count when a
        // filter reads a product's or a warehouse's name. Without them the count is one scan of inventory.
        query.product_name || query.q
          ? db
              .select({ n: count() })
              .from(inventory)
              .innerJoin(products, eq(products.id, inventory.productId))
              .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
              .where(where)
          : db.select({ n: count() }).from(inventory).where(where),
      ]);
      return { rows: rows.map(toRecord), total: Number(total?.n ?? 0) };
    },

    /** Every record of the list's filters and scope, in its order, for a download (one statement, read through a cursor). */
    exportRows(query: Omit<InventoryListQuery, 'page' | 'limit'>, scope: WarehouseScope = null) {
      const flat = flatSelection(recordColumns);
      return {
        // selectRecords' joins, with the download's flat fields.
        query: db
          .select(flat.fields)
          .from(inventory)
          .innerJoin(products, eq(products.id, inventory.productId))
          .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
          .where(listWhere(query, scope))
          .orderBy(...listOrder(query))
          .getSQL(),
        rows: (_: DbOrTx, raw: Record<string, unknown>[]) => raw.map((r) => toRecord(flat.decode(r) as Parameters<typeof toRecord>[0])),
      };
    },

    /** Another warehouse's record is not found (404), like one that does not exist. */
    get: (id: string, scope: WarehouseScope = null) => recordById(db, requireId(id, 'Inventory'), warehouseFilter(scope, inventory.warehouseId)),

    /** SPEC.md section 7: "inventory lookup by product_id and warehouse". */
    async lookup(productId: string, warehouseId: string, scope: WarehouseScope = null): Promise<InventoryRecord> {
      if (!isUuid(productId) || !isUuid(warehouseId)) throw notFound('Inventory');
      const [row] = await selectRecords(db)
        .where(
          and(
            eq(inventory.productId, productId.toLowerCase()),
            eq(inventory.warehouseId, warehouseId.toLowerCase()),
            warehouseFilter(scope, inventory.warehouseId),
          ),
        )
        .limit(1);
      if (!row) throw notFound('Inventory');
      return toRecord(row);
    },

    /** Creates the balance row; an opening stock enters the ledger as an `in` movement (reason adjustment). */
    async create(input: InventoryCreateInput, by: CurrentUser, key: string | string[] | undefined) {
      await assertWarehouseWritable(db, by.warehouses ?? null, input.warehouse_id);
      return runIdempotent(db, { key, userId: by.id, route: 'POST /inventory', payload: input }, async (tx): Promise<Outcome> => {
        const product = await requireProduct(tx, input.product_id);
        const warehouse = await requireWarehouse(tx, input.warehouse_id);
        const preferredSellerId = input.preferred_seller_id ? await requireSeller(tx, input.preferred_seller_id, 'preferred_seller_id') : null;
        const [row] = await tx
          .insert(inventory)
          .values({
            productId: product.id,
            warehouseId: warehouse.id,
            minimumStock: input.minimum_stock,
            maximumStock: input.maximum_stock,
            unitCost: input.unit_cost,
            location: input.location ?? '',
            notes: input.notes ?? '',
            leadTimeDays: input.lead_time_days,
            orderMultiple: input.order_multiple,
            preferredSellerId,
          })
          .onConflictDoNothing({ target: [inventory.productId, inventory.warehouseId] })
          .returning({ id: inventory.id });
        if (!row) throw conflict(`${product.name} already has an inventory record in ${warehouse.name}. Edit that record or add stock to it.`);
        if (input.current_stock > 0) {
          if (await tracksExpiry(tx, product.id)) throw batchesOnly('current_stock');
          await applyStockChange(tx, {
            productId: product.id,
            warehouseId: warehouse.id,
            delta: input.current_stock,
            movementType: 'in',
            unitCost: input.unit_cost,
            movementReason: 'adjustment',
            referenceType: 'manual',
            performedBy: by.id,
            notes: input.notes ?? 'Opening stock',
          });
        }
        return { status: 201, body: await recordById(tx, row.id) };
      });
    },

    /**
     * Attributes change in place; a changed current_stock goes through the ledger as an adjustment (units found enter at
     * the average cost, units missing leave at it).
     */
    update(id: string, input: InventoryUpdateInput, by: CurrentUser): Promise<InventoryRecord> {
      const inventoryId = requireId(id, 'Inventory');
      return transactionAs(db, by, async (tx) => {
        const row = await lockBalance(tx, { id: inventoryId });
        if (!row) throw notFound('Inventory');
        if (!(await warehouseInScope(tx, by.warehouses ?? null, row.warehouseId))) throw new HttpError(403, OUT_OF_SCOPE_MESSAGE);
        if (input.warehouse_id && input.warehouse_id.toLowerCase() !== row.warehouseId) {
          throw badRequest('warehouse_id', 'An inventory record cannot move to another warehouse: remove the stock here and add it there.');
        }
        const minimumStock = input.minimum_stock ?? row.minimumStock;
        const maximumStock = input.maximum_stock ?? row.maximumStock;
        if (maximumStock > 0 && minimumStock > maximumStock) throw badRequest('minimum_stock', 'Minimum stock cannot be more than maximum stock');
        // null clears the preferred seller; left out, it stays.
        const preferredSellerId =
          input.preferred_seller_id === undefined
            ? undefined
            : input.preferred_seller_id === null
              ? null
              : await requireSeller(tx, input.preferred_seller_id, 'preferred_seller_id');
        // unit_cost is not taken: it is the average of what the stock held cost (an admin revalues it, stock_revalue).
        await tx
          .update(inventory)
          .set({
            minimumStock,
            maximumStock,
            location: input.location ?? row.location,
            notes: input.notes ?? row.notes,
            modified: sql`now()`,
            leadTimeDays: input.lead_time_days,
            orderMultiple: input.order_multiple,
            preferredSellerId,
          })
          .where(eq(inventory.id, row.id));
        if (input.current_stock !== undefined && input.current_stock !== row.currentStock) {
          if (row.tracksExpiry || (await tracksExpiry(tx, row.productId))) throw batchesOnly('current_stock');
          await applyStockChange(tx, {
            productId: row.productId,
            warehouseId: row.warehouseId,
            delta: input.current_stock - row.currentStock,
            movementType: 'adjustment',
            movementReason: 'adjustment',
            referenceType: 'manual',
            performedBy: by.id,
            notes: input.notes || 'Stock edited on the inventory record',
          });
        }
        return recordById(tx, row.id);
      });
    },

    /** Only an empty record may go: its ledger stays, and sums to 0 like the missing balance. */
    async remove(id: string, by: CurrentUser): Promise<void> {
      const inventoryId = requireId(id, 'Inventory');
      const scope = by.warehouses ?? null;
      const [deleted] = await transactionAs(db, by, (tx) =>
        tx
          .delete(inventory)
          .where(and(eq(inventory.id, inventoryId), eq(inventory.currentStock, 0), warehouseFilter(scope, inventory.warehouseId)))
          .returning({ id: inventory.id }),
      );
      if (deleted) return;
      const [row] = await db.select({ stock: inventory.currentStock, warehouseId: inventory.warehouseId }).from(inventory).where(eq(inventory.id, inventoryId));
      if (!row) throw notFound('Inventory');
      if (!(await warehouseInScope(db, scope, row.warehouseId))) throw new HttpError(403, OUT_OF_SCOPE_MESSAGE);
      throw conflict(`This inventory record still holds ${row.stock} units. Adjust the stock to 0 before deleting it.`);
    },

    /**
     * SPEC.md: a city's WAREHOUSES, paged by limit/skip (3 a page on the screen); a warehouse without records is listed
     * too. Inside each, its rows are paged as well (rows_limit/rows_skip, in product-name order, with their total), so a
     * warehouse holding 100k products answers one page of rows, not all of them; `q` keeps the products whose name
     * contains it.
     */
    async byCity(cityId: string, query: InventoryByCityQuery, scope: WarehouseScope = null) {
      const id = requireId(cityId, 'City');
      const [city] = await db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.id, id));
      if (!city) throw notFound('City');
      const warehouseId = idFilter(query.warehouse_id, 'warehouse_id', 'Warehouse');
      const inCity = and(eq(warehouses.cityId, city.id), warehouseId ? eq(warehouses.id, warehouseId) : undefined, warehouseFilter(scope, warehouses.id));
      const [pageWarehouses, [total]] = await Promise.all([
        db
          .select({ id: warehouses.id, name: warehouses.name })
          .from(warehouses)
          .where(inCity)
          .orderBy(asc(warehouses.name), asc(warehouses.id))
          .limit(query.limit)
          .offset(query.skip),
        db.select({ n: count() }).from(warehouses).where(inCity),
      ]);
      const named = searchFilter(query.q, [productNameText]);
      const groups = await Promise.all(
        pageWarehouses.map(async (w) => {
          const here = and(eq(inventory.warehouseId, w.id), named);
          // A product is in a warehouse once: (name, product id) is a unique order that walks the products' name index.
          const [rows, [n]] = await Promise.all([
            selectRecords(db).where(here).orderBy(asc(products.productname), asc(products.id)).limit(query.rows_limit).offset(query.rows_skip),
            named
              ? db.select({ n: count() }).from(inventory).innerJoin(products, eq(products.id, inventory.productId)).where(here)
              : db.select({ n: count() }).from(inventory).where(here),
          ]);
          const rowTotal = Number(n?.n ?? 0);
          return {
            warehouse_id: w.id,
            warehouse_name: w.name,
            inventory: rows.map(toRecord),
            inventory_pagination: pageOf(rowTotal, query.rows_limit, query.rows_skip),
          };
        }),
      );
      return {
        city: { _id: city.id, name: city.name },
        warehouses: groups,
        pagination: pageOf(Number(total?.n ?? 0), query.limit, query.skip),
      };
    },

    /** The ledger, newest first. */
    /** A product's ledger, newest first; `links`: the documents the caller may open (see MovementRecord). */
    async movements(query: MovementListQuery, scope: WarehouseScope = null, links: MovementLinks = {}) {
      const productId = idFilter(query.product_id, 'product_id', 'Product');
      const warehouseId = idFilter(query.warehouse_id, 'warehouse_id', 'Warehouse');
      const where: SQL | undefined = and(
        productId ? eq(stockMovements.productId, productId) : undefined,
        warehouseId ? eq(stockMovements.warehouseId, warehouseId) : undefined,
        query.movement_type ? eq(stockMovements.movementType, query.movement_type) : undefined,
        warehouseFilter(scope, stockMovements.warehouseId),
      );
      // Newest first through the (warehouse, created) and (product, warehouse, created) indexes, the ledger's order
      // within one instant; the count stops at MOVEMENT_COUNT_CAP (`total_capped`), as the history's does: a warehouse
      // with millions of movements is counted no further than anyone pages.
      const [rows, [total]] = await Promise.all([
        selectMovements(db, links).where(where).orderBy(desc(stockMovements.created), desc(stockMovements.seq)).limit(query.limit).offset(offsetOf(query)),
        db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(stockMovements)
            .where(where)
            .limit(MOVEMENT_COUNT_CAP + 1)
            .as('capped'),
        ),
      ]);
      const n = Number(total?.n ?? 0);
      return {
        data: rows.map(toMovementRecord),
        total: Math.min(n, MOVEMENT_COUNT_CAP),
        total_capped: n > MOVEMENT_COUNT_CAP,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}
