import type { WarningLog } from '../http/types.js';
import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { inventory, products, stockMovements, subcategories, warehouses } from '../db/schema.js';
import { DISCOUNT_ABOVE_MRP_MESSAGE, type ProductInput, type ProductPatch } from '../../domain/schemas/product.js';
import { trackingSwitchRefused } from './product-tracking.js';
import { HttpError, badRequest, conflict, notFound, pgCode, requireId, requireRef } from '../http/errors.js';
import { codeTaken, findCodeOwners } from './product-codes.js';
import { resolveClassification, storeProductImages, type Ref } from './product-input.js';
import { deleteUnusedImages } from './image-gc.js';
import { storedImageHash } from './image-service.js';
import { productQueries, type ProductListQuery } from './product-query.js';
import { transactionAs, type Actor } from '../db/actor.js';

type Subcategory = typeof subcategories.$inferSelect;
type Media = Pick<typeof products.$inferSelect, 'mainImage' | 'colors'>;

const imageHashesOf = (media: Media) =>
  new Set([...media.mainImage, ...media.colors.flatMap((c) => c.images)].map(storedImageHash).filter((h) => h !== undefined));

const refOf = (value: string, id: string | undefined): Ref => (id === undefined ? { value } : { value, id });

/** Text columns that a body sets directly (absent in a PATCH = unchanged). */
function plainColumns(input: ProductPatch) {
  return {
    ...(input.productname !== undefined && { productname: input.productname }),
    ...('sku' in input && { sku: input.sku ?? null }),
    ...('barcode' in input && { barcode: input.barcode ?? null }),
    ...('product_hindi' in input && { productHindi: input.product_hindi ?? null }),
    ...(input.product_keyword !== undefined && { productKeyword: input.product_keyword }),
    ...(input.price !== undefined && { price: input.price }),
    ...(input.discount_price !== undefined && { discountPrice: input.discount_price }),
    ...(input.product_description !== undefined && { productDescription: input.product_description }),
    ...(input.unit !== undefined && { unit: input.unit }),
    ...(input.unit_value !== undefined && { unitValue: input.unit_value }),
  };
}

/** GST fields sent win; otherwise a new subcategory brings its own; otherwise they stay. */
function gstColumns(patch: ProductPatch, newSub: Subcategory | undefined) {
  const rate = patch.gst_rate ?? (newSub && Number(newSub.gstRate));
  const type = patch.gst_type ?? newSub?.gstType;
  const hsn = patch.hsn_code ?? newSub?.hsnCode;
  return { ...(rate !== undefined && { gstRate: rate }), ...(type !== undefined && { gstType: type }), ...(hsn !== undefined && { hsnCode: hsn }) };
}

/** The category/subcategory a PATCH moves the product to (undefined when it names neither); unsent halves stay. */
function changedClassification(tx: Tx, patch: ProductPatch, current: typeof products.$inferSelect) {
  const categorySent = patch.category !== undefined || patch.category_id !== undefined;
  const subcategorySent = patch.subcategory !== undefined || patch.subcategory_id !== undefined;
  if (!categorySent && !subcategorySent) return undefined;
  return resolveClassification(
    tx,
    categorySent ? refOf(patch.category ?? patch.category_id!, patch.category_id) : { value: current.categoryId },
    subcategorySent ? refOf(patch.subcategory ?? patch.subcategory_id!, patch.subcategory_id) : { value: current.subcategoryId },
  );
}

export function productService(db: Db, log: WarningLog) {
  const queries = productQueries(db);

  /**
   * After a product stopped using these images (its transaction committed), deletes those no one else uses.
   * A failure leaves them stored until the sweep at the next start, so it is logged, not answered.
   */
  async function releaseImages(hashes: Set<string>) {
    if (!hashes.size) return;
    try {
      await deleteUnusedImages(db, [...hashes]);
    } catch (error) {
      log.warn({ err: error }, 'Could not delete the images a product no longer uses; the next start will');
    }
  }

  /** A list's warehouse, checked: a malformed or unknown one is a 400 naming warehouse_id. */
  async function withWarehouse<Q extends ProductListQuery>(query: Q): Promise<Q> {
    if (query.warehouseId === undefined) return query;
    const warehouseId = requireRef(query.warehouseId, 'warehouse_id', 'Warehouse');
    const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId)).limit(1);
    if (!warehouse) throw badRequest('warehouse_id', 'Warehouse not found');
    return { ...query, warehouseId };
  }

  return {
    /** With a warehouse: only the products stocked there, with that warehouse's balance. */
    async list(query: ProductListQuery) {
      return queries.list(await withWarehouse(query));
    },
    /** Every product of the list's search and filters, in its order, for a download. */
    async exportRows(query: ProductListQuery) {
      return queries.exportRows(await withWarehouse(query));
    },
    get: queries.get,
    autocomplete: queries.autocomplete,

    /** GST fields left out take the subcategory's; images are stored in the same transaction as the product. */
    async create(input: ProductInput, by: Actor = null) {
      const id = await withCodeGuard(() =>
        transactionAs(db, by, async (tx) => {
          await assertCodesFree(tx, input, undefined);
          const { categoryId, sub } = await resolveClassification(tx, refOf(input.category, input.category_id), refOf(input.subcategory, input.subcategory_id));
          const media = await storeProductImages(tx, input.main_image, input.colors);
          const [row] = await tx
            .insert(products)
            .values({
              productname: input.productname,
              sku: input.sku ?? null,
              barcode: input.barcode ?? null,
              productHindi: input.product_hindi ?? null,
              productKeyword: input.product_keyword,
              price: input.price,
              discountPrice: input.discount_price,
              productDescription: input.product_description,
              unit: input.unit,
              unitValue: input.unit_value,
              categoryId,
              subcategoryId: sub.id,
              gstRate: input.gst_rate ?? Number(sub.gstRate),
              gstType: input.gst_type ?? sub.gstType,
              hsnCode: input.hsn_code ?? sub.hsnCode,
              mainImage: media.mainImage ?? [],
              colors: media.colours ?? [],
              tracksExpiry: input.tracks_expiry ?? sub.perishable,
            })
            .returning({ id: products.id });
          return row!.id;
        }),
      );
      return queries.get(id);
    },

    /**
     * Fields not sent keep their value. A new category must come with a subcategory of it; a new
     * subcategory brings its GST defaults unless the body sets them.
     */
    async update(id: string, patch: ProductPatch, by: Actor = null) {
      const productId = requireId(id, 'Product');
      const dropped = await withCodeGuard(() =>
        transactionAs(db, by, async (tx) => {
          const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update').limit(1);
          if (!current) throw notFound('Product');
          await assertCodesFree(tx, patch, productId);
          const price = patch.price ?? current.price;
          const discount = patch.discount_price ?? current.discountPrice;
          if (discount > price) throw badRequest('discount_price', DISCOUNT_ABOVE_MRP_MESSAGE);
          const classification = await changedClassification(tx, patch, current);
          const newSub = classification && classification.sub.id !== current.subcategoryId ? classification.sub : undefined;
          const media = await storeProductImages(tx, patch.main_image, patch.colors);
          await tx
            .update(products)
            .set({
              ...plainColumns(patch),
              ...(classification && { categoryId: classification.categoryId, subcategoryId: classification.sub.id }),
              ...gstColumns(patch, newSub),
              ...(media.mainImage && { mainImage: media.mainImage }),
              ...(media.colours && { colors: media.colours }),
              ...(patch.tracks_expiry !== undefined && { tracksExpiry: patch.tracks_expiry }),
              modified: sql`now()`,
            })
            .where(eq(products.id, productId))
            .catch(refuseTrackingSwitch);
          const kept = imageHashesOf({ mainImage: media.mainImage ?? current.mainImage, colors: media.colours ?? current.colors });
          return new Set([...imageHashesOf(current)].filter((hash) => !kept.has(hash)));
        }),
      );
      await releaseImages(dropped);
      return queries.get(productId);
    },

    /** A product with stock records keeps them meaningful: it cannot be deleted while they exist. */
    async remove(id: string, by: Actor = null) {
      const productId = requireId(id, 'Product');
      let dropped: Set<string>;
      try {
        dropped = await transactionAs(db, by, async (tx) => {
          // The row lock makes a concurrent first stock entry for this product wait for (and then fail on) the delete.
          const [current] = await tx
            .select({ mainImage: products.mainImage, colors: products.colors })
            .from(products)
            .where(eq(products.id, productId))
            .for('update')
            .limit(1);
          if (!current) throw notFound('Product');
          const [stocked] = await tx.select({ n: count() }).from(inventory).where(eq(inventory.productId, productId));
          const [moved] = await tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, productId));
          if (Number(stocked?.n) > 0 || Number(moved?.n) > 0) throw inUse();
          await tx.delete(products).where(eq(products.id, productId));
          return imageHashesOf(current);
        });
      } catch (error) {
        if (pgCode(error) === '23503') throw inUse();
        throw error;
      }
      await releaseImages(dropped);
    },
  };
}

async function withCodeGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw codeTaken(error) ?? error;
  }
}

/** SKU and barcode are unique: named as a 409 here; the unique indexes decide a race (see codeTaken). */
async function assertCodesFree(tx: Tx, input: ProductPatch, selfId: string | undefined) {
  const taken = await findCodeOwners(tx, input.sku ? [input.sku] : [], input.barcode ? [input.barcode] : []);
  const other = taken.find((t) => t.id !== selfId && input.sku && t.sku?.toLowerCase() === input.sku.toLowerCase());
  if (other) throw new HttpError(409, `SKU ${input.sku} is already used by ${other.productname}`, [{ field: 'sku', message: 'SKU already used' }]);
  const same = taken.find((t) => t.id !== selfId && input.barcode && t.barcode === input.barcode);
  if (same)
    throw new HttpError(409, `Barcode ${input.barcode} is already used by ${same.productname}`, [{ field: 'barcode', message: 'Barcode already used' }]);
}

function refuseTrackingSwitch(error: unknown): never {
  throw trackingSwitchRefused(error) ?? error;
}

const inUse = () => conflict('This product cannot be deleted: it has inventory records or stock movements in a warehouse, and its stock history must be kept.');
