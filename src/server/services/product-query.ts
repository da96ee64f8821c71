import { and, asc, count, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { categories, inventory, products, subcategories, type ColourVariant } from '../db/schema.js';
import { AUTOCOMPLETE_LIMIT, type StockStatus } from '../../domain/constants.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { notFound, requireId } from '../http/errors.js';
import { equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter, type Page } from './list-helpers.js';

export type ProductOut = {
  _id: string; productname: string; sku: string | null; barcode: string | null; product_hindi: string | null; category: string; category_id: string;
  subcategory: string; subcategory_id: string; product_keyword: string; price: number; discount_price: number;
  product_description: string; unit: string; unit_value: string; gst_rate: number; gst_type: string; hsn_code: string;
  /** The subcategory's GST rate now: a product keeps the rate it was saved with, so the two differ after a change. */
  subcategory_gst_rate: number;
  main_image: string[]; colors: ColourVariant[]; stock_status: StockStatus; current_stock: number;
  tracks_expiry: boolean; created: Date; modified: Date;
};
export type ProductSuggestion = { _id: string; productname: string; sku: string | null; barcode: string | null; main_image: string[]; price: number; tracks_expiry: boolean };
export type ProductListQuery = ListQuery & {
  warehouseId?: string; barcode?: string; category_id?: string; subcategory_id?: string; stock_status?: StockStatus;
};
/** What the product list sorts by (the keys of its ORDER BY map in `list`). */
export const PRODUCT_SORT_FIELDS = ['productname', 'price', 'discount_price', 'created', 'modified', 'current_stock'] as const;

type StockExpr = SQL | SQL.Aliased | AnyColumn;

/** A balance's status from it and its minimum: the list's `stock_status` column and its filter. */
const stockStatusOf = (current: StockExpr, minimum: StockExpr) =>
  sql<StockStatus>`case when ${current} = 0 then 'out_of_stock' when ${current} <= ${minimum} then 'low_stock' else 'in_stock' end`;

/** Stock columns and status, computed by the database from the inventory balance(s) of each product. */
function selection(current: StockExpr, minimum: StockExpr) {
  return {
    p: products,
    category: categories.name,
    subcategory: subcategories.name,
    subcategoryGstRate: subcategories.gstRate,
    currentStock: sql<number>`${current}`.mapWith(Number),
    stockStatus: stockStatusOf(current, minimum),
  };
}
type Row = {
  p: typeof products.$inferSelect; category: string; subcategory: string; subcategoryGstRate: number; currentStock: number; stockStatus: StockStatus;
};

const toApi = ({ p, category, subcategory, subcategoryGstRate, currentStock, stockStatus }: Row): ProductOut => ({
  _id: p.id, productname: p.productname, sku: p.sku, barcode: p.barcode, product_hindi: p.productHindi, category, category_id: p.categoryId,
  subcategory, subcategory_id: p.subcategoryId, product_keyword: p.productKeyword, price: p.price,
  discount_price: p.discountPrice, product_description: p.productDescription, unit: p.unit, unit_value: p.unitValue,
  gst_rate: Number(p.gstRate), gst_type: p.gstType, hsn_code: p.hsnCode, subcategory_gst_rate: Number(subcategoryGstRate),
  main_image: p.mainImage, colors: p.colors,
  stock_status: stockStatus, current_stock: currentStock, tracks_expiry: p.tracksExpiry, created: p.created, modified: p.modified,
});

/**
 * The texts that search and autocomplete match, as single expressions so that one trigram index each
 * (migration 0003) serves the whole OR; per-column indexes were ignored by the planner for an OR.
 */
export const productSearchText = sql`(${products.productname} || ' ' || coalesce(${products.productHindi}, '') || ' ' || ${products.productKeyword})`;
export const productNameText = sql`(${products.productname} || ' ' || coalesce(${products.productHindi}, ''))`;

/** A typed SKU or scanned barcode finds its product exactly, through the unique indexes (migration 0007). */
const exactCode = (q: string) => or(sql`lower(${products.sku}) = lower(${q})`, eq(products.barcode, q));

const filterable: Record<string, EqualityFilter> = {
  barcode: { column: products.barcode }, category_id: { column: products.categoryId, kind: 'id' },
  subcategory_id: { column: products.subcategoryId, kind: 'id' },
};

/** The list's filter: `q` as text or an exact code; `barcode`, `category_id` and `subcategory_id` exactly. */
function listFilter(query: ProductListQuery): SQL | undefined {
  const text = query.q ? or(searchFilter(query.q, [productSearchText]), exactCode(query.q)) : undefined;
  return and(text, equalityFilters(query, filterable));
}

/** `stock_status` as a condition on a balance and its minimum. */
const stockStatusIs = (status: StockStatus) => (current: StockExpr, minimum: StockExpr): SQL => sql`${stockStatusOf(current, minimum)} = ${status}`;

type StockWhere = ReturnType<typeof stockStatusIs>;
type Slice = { where?: SQL; stockWhere?: StockWhere; orderBy: (currentStock: SQL) => SQL[]; limit: number; offset: number };

/** Every product's balance and minimum summed over its warehouses, in one grouped pass. */
function stockTotals(db: DbOrTx) {
  return db.select({
    productId: inventory.productId,
    current: sql<number>`sum(${inventory.currentStock})`.as('stock_current'),
    minimum: sql<number>`sum(${inventory.minimumStock})`.as('stock_minimum'),
  }).from(inventory).groupBy(inventory.productId).as('stock');
}

export function productQueries(db: DbOrTx) {
  /**
   * One statement whatever the page size. Across all warehouses the page of products is picked FIRST (an inner
   * select of ids, ordered and offset through the products' own indexes) and only its rows get a LATERAL sum of
   * their balances, so page 5000 costs about what page 1 does; sorting by stock needs every product's sum, which one
   * grouped pass over inventory computes. For one warehouse its row is joined directly.
   */
  async function select(warehouseId: string | undefined, slice: Slice, sortsByStock = false): Promise<Row[]> {
    if (warehouseId) {
      const fields = selection(inventory.currentStock, inventory.minimumStock);
      return db.select(fields).from(products)
        .innerJoin(inventory, and(eq(inventory.productId, products.id), eq(inventory.warehouseId, warehouseId)))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .where(and(slice.where, slice.stockWhere?.(inventory.currentStock, inventory.minimumStock)))
        .orderBy(...slice.orderBy(fields.currentStock)).limit(slice.limit).offset(slice.offset);
    }
    if (sortsByStock || slice.stockWhere) {
      const stock = stockTotals(db);
      const [current, minimum] = [sql`coalesce(${stock.current}, 0)`, sql`coalesce(${stock.minimum}, 0)`];
      const fields = selection(current, minimum);
      return db.select(fields).from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .leftJoin(stock, eq(stock.productId, products.id))
        .where(and(slice.where, slice.stockWhere?.(current, minimum)))
        .orderBy(...slice.orderBy(fields.currentStock)).limit(slice.limit).offset(slice.offset);
    }
    const stock = db.select({
      current: sql<number>`coalesce(sum(${inventory.currentStock}), 0)`.as('stock_current'),
      minimum: sql<number>`coalesce(sum(${inventory.minimumStock}), 0)`.as('stock_minimum'),
    }).from(inventory).where(eq(inventory.productId, products.id)).as('stock');
    const fields = selection(stock.current, stock.minimum);
    // The ordering never involves stock here, so the page's ids are known before any sum.
    const order = slice.orderBy(sql`0`);
    const page = db.select({ id: products.id }).from(products).where(slice.where).orderBy(...order).limit(slice.limit).offset(slice.offset);
    return db.select(fields).from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoinLateral(stock, sql`true`)
      .where(inArray(products.id, page)).orderBy(...order);
  }

  async function countProducts(warehouseId: string | undefined, where: SQL | undefined, stockWhere?: StockWhere): Promise<number> {
    const query = db.select({ n: count() }).from(products);
    let rows: { n: number }[];
    if (warehouseId) {
      rows = await query.innerJoin(inventory, and(eq(inventory.productId, products.id), eq(inventory.warehouseId, warehouseId)))
        .where(and(where, stockWhere?.(inventory.currentStock, inventory.minimumStock)));
    } else if (stockWhere) {
      const stock = stockTotals(db);
      rows = await query.leftJoin(stock, eq(stock.productId, products.id))
        .where(and(where, stockWhere(sql`coalesce(${stock.current}, 0)`, sql`coalesce(${stock.minimum}, 0)`)));
    } else {
      rows = await query.where(where);
    }
    return Number(rows[0]?.n ?? 0);
  }

  return {
    async list(query: ProductListQuery): Promise<Page<ProductOut>> {
      const where = listFilter(query);
      const stockWhere = query.stock_status ? stockStatusIs(query.stock_status) : undefined;
      const orderBy = (currentStock: SQL) => sortOrder(query, {
        productname: sql`lower(${products.productname})`, price: products.price, discount_price: products.discountPrice,
        created: products.created, modified: products.modified, current_stock: currentStock,
      }, [desc(products.created), desc(products.id)]);
      const [rows, total] = await Promise.all([
        select(query.warehouseId, { where, stockWhere, orderBy, limit: query.limit, offset: offsetOf(query) }, query.sort === 'current_stock'),
        countProducts(query.warehouseId, where, stockWhere),
      ]);
      return { rows: rows.map(toApi), total };
    },

    async get(id: string): Promise<ProductOut> {
      const [row] = await select(undefined, { where: eq(products.id, requireId(id, 'Product')), orderBy: () => [], limit: 1, offset: 0 });
      if (!row) throw notFound('Product');
      return toApi(row);
    },

    /** An exact SKU or barcode first, then names that contain the text (English or Hindi), those starting with it first. */
    async autocomplete(q: string): Promise<ProductSuggestion[]> {
      if (!q) return [];
      return db.select({
        _id: products.id, productname: products.productname, sku: products.sku, barcode: products.barcode,
        main_image: products.mainImage, price: products.price, tracks_expiry: products.tracksExpiry,
      })
        .from(products)
        .where(or(searchFilter(q, [productNameText]), exactCode(q)))
        .orderBy(desc(sql`coalesce(${exactCode(q)}, false)`), desc(sql`starts_with(lower(${products.productname}), lower(${q}))`), asc(sql`lower(${products.productname})`), asc(products.id))
        .limit(AUTOCOMPLETE_LIMIT);
    },
  };
}
