import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { categories, inventory, products, subcategories, type ColourVariant } from '../db/schema.js';
import { AUTOCOMPLETE_LIMIT, type StockStatus } from '../../domain/constants.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { notFound, requireId } from '../http/errors.js';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '../../domain/product-csv.js';
import { csvLineSql } from '../db/csv-line.js';
import { containsPattern, filterCondition, offsetOf, setFilters, sortOrder, type EqualityFilter, type Page, type SetFilter } from './list-helpers.js';

export type ProductOut = {
  _id: string;
  productname: string;
  sku: string | null;
  barcode: string | null;
  product_hindi: string | null;
  category: string;
  category_id: string;
  subcategory: string;
  subcategory_id: string;
  product_keyword: string;
  price: number;
  discount_price: number;
  product_description: string;
  unit: string;
  unit_value: string;
  gst_rate: number;
  gst_type: string;
  hsn_code: string;
  /** The subcategory's GST rate now: a product keeps the rate it was saved with, so the two differ after a change. */
  subcategory_gst_rate: number;
  main_image: string[];
  colors: ColourVariant[];
  stock_status: StockStatus;
  current_stock: number;
  tracks_expiry: boolean;
  created: Date;
  modified: Date;
};
export type ProductSuggestion = {
  _id: string;
  productname: string;
  sku: string | null;
  barcode: string | null;
  main_image: string[];
  price: number;
  tracks_expiry: boolean;
};
export type ProductListQuery = ListQuery & {
  warehouseId?: string;
  barcode?: string;
  category_id?: string;
  subcategory_id?: string;
  stock_status?: StockStatus;
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
  p: typeof products.$inferSelect;
  category: string;
  subcategory: string;
  subcategoryGstRate: number;
  currentStock: number;
  stockStatus: StockStatus;
};

const toApi = ({ p, category, subcategory, subcategoryGstRate, currentStock, stockStatus }: Row): ProductOut => ({
  _id: p.id,
  productname: p.productname,
  sku: p.sku,
  barcode: p.barcode,
  product_hindi: p.productHindi,
  category,
  category_id: p.categoryId,
  subcategory,
  subcategory_id: p.subcategoryId,
  product_keyword: p.productKeyword,
  price: p.price,
  discount_price: p.discountPrice,
  product_description: p.productDescription,
  unit: p.unit,
  unit_value: p.unitValue,
  gst_rate: Number(p.gstRate),
  gst_type: p.gstType,
  hsn_code: p.hsnCode,
  subcategory_gst_rate: Number(subcategoryGstRate),
  main_image: p.mainImage,
  colors: p.colors,
  stock_status: stockStatus,
  current_stock: currentStock,
  tracks_expiry: p.tracksExpiry,
  created: p.created,
  modified: p.modified,
});

/**
 * What each column of the product CSV (src/domain/product-csv.ts) is in SQL, as text where the list's value is a
 * number: a download selects only these, flat, and writes them as they come (no list row built per product). Money
 * as JSON writes it, without trailing zeros ('10.5', '12'), as `Number(numeric)` and then the CSV writer would.
 */
const EXPORT_VALUES: Partial<Record<ProductCsvColumn['field'], AnyColumn | SQL>> = {
  sku: products.sku,
  barcode: products.barcode,
  productname: products.productname,
  product_hindi: products.productHindi,
  category: categories.name,
  subcategory: subcategories.name,
  product_keyword: products.productKeyword,
  unit: products.unit,
  unit_value: products.unitValue,
  price: sql`trim_scale(${products.price})::text`,
  discount_price: sql`trim_scale(${products.discountPrice})::text`,
  product_description: products.productDescription,
  tracks_expiry: products.tracksExpiry,
};
const exportValueOf = (field: ProductCsvColumn['field']): SQL => {
  const value = EXPORT_VALUES[field];
  if (!value) throw new Error(`The product export has no value for '${field}'`);
  return sql`${value}`;
};
/** The export's flat fields, each named by its column's field (what the export's columns read: src/domain/list-csv.ts). */
const exportFields = Object.fromEntries(PRODUCT_CSV_COLUMNS.map(({ field }) => [field, exportValueOf(field).as(field)]));

/**
 * The texts that search and autocomplete match, as single expressions so that one trigram index each
 * (migration 0003) serves the whole OR; per-column indexes were ignored by the planner for an OR.
 */
export const productSearchText = sql`(${products.productname} || ' ' || coalesce(${products.productHindi}, '') || ' ' || ${products.productKeyword})`;
export const productNameText = sql`(${products.productname} || ' ' || coalesce(${products.productHindi}, ''))`;

/** A typed SKU or scanned barcode finds its product exactly, through the unique indexes (migration 0007). */
const exactCode = (q: string | Placeholder) => or(sql`lower(${products.sku}) = lower(${q})`, eq(products.barcode, q));

const filterable: Record<string, EqualityFilter> = {
  barcode: { column: products.barcode },
  category_id: { column: products.categoryId, kind: 'id' },
  subcategory_id: { column: products.subcategoryId, kind: 'id' },
};

/** `stock_status` as a condition on a balance and its minimum. */
const stockStatusIs =
  (status: StockStatus | Placeholder) =>
  (current: StockExpr, minimum: StockExpr): SQL =>
    sql`${stockStatusOf(current, minimum)} = ${status}`;

type StockWhere = ReturnType<typeof stockStatusIs>;
type Bound = number | Placeholder;
type Slice = { where?: SQL; stockWhere?: StockWhere; orderBy: (currentStock: SQL) => SQL[]; limit: Bound; offset: Bound };
/** A statement compiled once, run with its placeholders' values. */
type Compiled<T> = { execute: (values?: Record<string, unknown>) => Promise<T[]> };

/**
 * Unnamed: PostgreSQL plans each run for its values (a named statement may fall back to a generic plan, blind to
 * the search pattern). Drizzle types `prepare`'s name as required; node-postgres and PGlite treat '' as no name.
 */
const UNNAMED = '';

/** Every product's balance and minimum summed over its warehouses, in one grouped pass. */
function stockTotals(db: DbOrTx) {
  return db
    .select({
      productId: inventory.productId,
      current: sql<number>`sum(${inventory.currentStock})`.as('stock_current'),
      minimum: sql<number>`sum(${inventory.minimumStock})`.as('stock_minimum'),
    })
    .from(inventory)
    .groupBy(inventory.productId)
    .as('stock');
}

/**
 * The list's conditions and order for its search, filters and sort; `bind` gives each value its place in the
 * statement (a placeholder in a statement compiled once, or the value itself).
 */
function listShape(query: ProductListQuery, set: SetFilter[], bind: (name: string, value: unknown) => unknown) {
  const at = <T>(name: string, value: T) => bind(name, value) as T | Placeholder;
  const text = query.q ? or(ilike(productSearchText, at('pattern', containsPattern(query.q))), exactCode(at('code', query.q))) : undefined;
  const where = and(text, ...set.map(({ name, filter, value }) => filterCondition(filter, at(name, value))));
  const stockWhere = query.stock_status ? stockStatusIs(at('stock_status', query.stock_status)) : undefined;
  const orderBy = (currentStock: SQL) =>
    sortOrder(
      query,
      {
        productname: sql`lower(${products.productname})`,
        price: products.price,
        discount_price: products.discountPrice,
        created: products.created,
        modified: products.modified,
        current_stock: currentStock,
      },
      [desc(products.created), desc(products.id)],
    );
  return { where, stockWhere, orderBy };
}

export function productQueries(db: DbOrTx) {
  /**
   * One statement whatever the page size. Across all warehouses the page of products is picked FIRST (an inner
   * select of ids, ordered and offset through the products' own indexes) and only its rows get a LATERAL sum of
   * their balances, so page 5000 costs about what page 1 does; sorting by stock needs every product's sum, which one
   * grouped pass over inventory computes. For one warehouse its row is joined directly.
   */
  function select(warehouseId: string | Placeholder | undefined, slice: Slice, sortsByStock = false, on: DbOrTx = db): Compiled<Row> {
    if (warehouseId !== undefined) {
      const fields = selection(inventory.currentStock, inventory.minimumStock);
      return on
        .select(fields)
        .from(products)
        .innerJoin(inventory, and(eq(inventory.productId, products.id), eq(inventory.warehouseId, warehouseId)))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .where(and(slice.where, slice.stockWhere?.(inventory.currentStock, inventory.minimumStock)))
        .orderBy(...slice.orderBy(fields.currentStock))
        .limit(slice.limit)
        .offset(slice.offset)
        .prepare(UNNAMED);
    }
    if (sortsByStock || slice.stockWhere) {
      const stock = stockTotals(on);
      const [current, minimum] = [sql`coalesce(${stock.current}, 0)`, sql`coalesce(${stock.minimum}, 0)`];
      const fields = selection(current, minimum);
      return on
        .select(fields)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .leftJoin(stock, eq(stock.productId, products.id))
        .where(and(slice.where, slice.stockWhere?.(current, minimum)))
        .orderBy(...slice.orderBy(fields.currentStock))
        .limit(slice.limit)
        .offset(slice.offset)
        .prepare(UNNAMED);
    }
    const stock = on
      .select({
        current: sql<number>`coalesce(sum(${inventory.currentStock}), 0)`.as('stock_current'),
        minimum: sql<number>`coalesce(sum(${inventory.minimumStock}), 0)`.as('stock_minimum'),
      })
      .from(inventory)
      .where(eq(inventory.productId, products.id))
      .as('stock');
    const fields = selection(stock.current, stock.minimum);
    // The ordering never involves stock here, so the page's ids are known before any sum.
    const order = slice.orderBy(sql`0`);
    const page = on
      .select({ id: products.id })
      .from(products)
      .where(slice.where)
      .orderBy(...order)
      .limit(slice.limit)
      .offset(slice.offset);
    return on
      .select(fields)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoinLateral(stock, sql`true`)
      .where(inArray(products.id, page))
      .orderBy(...order)
      .prepare(UNNAMED);
  }

  function countProducts(warehouseId: string | Placeholder | undefined, where: SQL | undefined, stockWhere?: StockWhere): Compiled<{ n: number }> {
    const query = db.select({ n: count() }).from(products);
    if (warehouseId !== undefined) {
      return query
        .innerJoin(inventory, and(eq(inventory.productId, products.id), eq(inventory.warehouseId, warehouseId)))
        .where(and(where, stockWhere?.(inventory.currentStock, inventory.minimumStock)))
        .prepare(UNNAMED);
    }
    if (stockWhere) {
      const stock = stockTotals(db);
      return query
        .leftJoin(stock, eq(stock.productId, products.id))
        .where(and(where, stockWhere(sql`coalesce(${stock.current}, 0)`, sql`coalesce(${stock.minimum}, 0)`)))
        .prepare(UNNAMED);
    }
    return query.where(where).prepare(UNNAMED);
  }

  /**
   * A list's page and count statements for the filters it sets and its order, with placeholders for the values.
   * Drizzle builds a statement's text anew on every run, and for the product list that cost as much as the rest of
   * the API together (a CPU profile of bench:catalogue's search); the shapes are few, so each is built once.
   */
  function compileList(query: ProductListQuery, set: SetFilter[]) {
    const p = sql.placeholder;
    const { where, stockWhere, orderBy } = listShape(query, set, (name) => p(name));
    const warehouseId = query.warehouseId === undefined ? undefined : p('warehouse_id');
    return {
      rows: select(warehouseId, { where, stockWhere, orderBy, limit: p('limit'), offset: p('offset') }, query.sort === 'current_stock'),
      count: countProducts(warehouseId, where, stockWhere),
    };
  }

  /**
   * Every product of a list's search and filters, in its order, for a download: the list's conditions and order with
   * the values in place, one statement read through a cursor. The stock figures are computed only where the list's
   * filter or order needs them (a warehouse's balance, a stock status, the stock order): the export's columns (the
   * import's) have none, and summing 1M products' balances would double the download's time.
   */
  function exportRows(query: ProductListQuery) {
    const set = setFilters(query, filterable);
    const { where, stockWhere, orderBy } = listShape(query, set, (_, value) => value);
    const { warehouseId } = query;
    /** The rows of the list's search, filters and order, each as `selection`. */
    const statement = (selection: Record<string, SQL.Aliased>): SQL => {
      const from = db
        .select(selection)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId));
      if (warehouseId !== undefined) {
        return from
          .innerJoin(inventory, and(eq(inventory.productId, products.id), eq(inventory.warehouseId, warehouseId)))
          .where(and(where, stockWhere?.(inventory.currentStock, inventory.minimumStock)))
          .orderBy(...orderBy(sql`${inventory.currentStock}`))
          .getSQL();
      }
      if (query.sort === 'current_stock' || stockWhere) {
        const stock = stockTotals(db);
        const [current, minimum] = [sql`coalesce(${stock.current}, 0)`, sql`coalesce(${stock.minimum}, 0)`];
        return from
          .leftJoin(stock, eq(stock.productId, products.id))
          .where(and(where, stockWhere?.(current, minimum)))
          .orderBy(...orderBy(current))
          .getSQL();
      }
      return from
        .where(where)
        .orderBy(...orderBy(sql`0`))
        .getSQL();
    };
    return {
      query: statement(exportFields),
      lines: (keys: readonly string[]) => statement({ line: csvLineSql(keys.map((key) => exportValueOf(key as ProductCsvColumn['field']))).as('line') }),
    };
  }
  const compiled = new Map<string, ReturnType<typeof compileList>>();

  /** The suggestions' one statement, built once for the same reason as the list's (its query takes about a millisecond). */
  const p = sql.placeholder;
  const suggestions = db
    .select({
      _id: products.id,
      productname: products.productname,
      sku: products.sku,
      barcode: products.barcode,
      main_image: products.mainImage,
      price: products.price,
      tracks_expiry: products.tracksExpiry,
    })
    .from(products)
    .where(or(ilike(productNameText, p('pattern')), exactCode(p('code'))))
    .orderBy(
      desc(sql`coalesce(${exactCode(p('code'))}, false)`),
      desc(sql`starts_with(lower(${products.productname}), lower(${p('code')}))`),
      asc(sql`lower(${products.productname})`),
      asc(products.id),
    )
    .limit(AUTOCOMPLETE_LIMIT)
    .prepare(UNNAMED);

  return {
    async list(query: ProductListQuery): Promise<Page<ProductOut>> {
      const set = setFilters(query, filterable);
      const shape = JSON.stringify([!!query.q, set.map((f) => f.name), !!query.stock_status, query.warehouseId !== undefined, query.sort, query.order]);
      let statements = compiled.get(shape);
      if (!statements) compiled.set(shape, (statements = compileList(query, set)));
      const values = {
        ...(query.q && { pattern: containsPattern(query.q), code: query.q }),
        ...Object.fromEntries(set.map((f) => [f.name, f.value])),
        stock_status: query.stock_status,
        warehouse_id: query.warehouseId,
        limit: query.limit,
        offset: offsetOf(query),
      };
      const [rows, [counted]] = await Promise.all([statements.rows.execute(values), statements.count.execute(values)]);
      return { rows: rows.map(toApi), total: Number(counted?.n ?? 0) };
    },

    exportRows,

    async get(id: string): Promise<ProductOut> {
      const [row] = await select(undefined, { where: eq(products.id, requireId(id, 'Product')), orderBy: () => [], limit: 1, offset: 0 }).execute();
      if (!row) throw notFound('Product');
      return toApi(row);
    },

    /** An exact SKU or barcode first, then names that contain the text (English or Hindi), those starting with it first. */
    async autocomplete(q: string): Promise<ProductSuggestion[]> {
      if (!q) return [];
      return suggestions.execute({ pattern: containsPattern(q), code: q });
    },
  };
}
