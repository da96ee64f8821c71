import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** numeric(12,2) read back as a JS number: money never exceeds 12 digits here, so no precision is lost. */
const money = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12,2)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => value.toFixed(2),
});

/** numeric(16,2) read back as a JS number: stock values (a balance's Σ of its ledger values) may outgrow numeric(12,2). */
const stockValue = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(16,2)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => value.toFixed(2),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const created = () => timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const modified = () => timestamp('modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();

export const cities = pgTable(
  'cities',
  {
    id: id(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    district: text('district').notNull(),
    pincode: text('pincode').notNull(),
    wards: jsonb('wards').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    created: created(),
    modified: modified(),
  },
  (t) => [
    check('cities_pincode_6_digits', sql`${t.pincode} ~ '^[0-9]{6}$'`),
    index('cities_name_idx').on(t.name),
    // One city per name, state and pincode, whatever the case or surrounding spaces: enforced here, so racing writes cannot both land.
    uniqueIndex('cities_name_state_pincode_unique').on(sql`lower(btrim(${t.name}))`, sql`lower(btrim(${t.state}))`, t.pincode),
  ],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    name: text('name').notNull(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    status: text('status').notNull().default('active'),
    description: text('description'),
    contactPerson: text('contact_person').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    created: created(),
    modified: modified(),
  },
  (t) => [check('warehouses_status', sql`${t.status} in ('active','inactive')`), index('warehouses_city_idx').on(t.cityId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phonenumber: text('phonenumber').notNull(),
    passwordHash: text('password_hash').notNull(),
    address: text('address').notNull().default(''),
    cityId: uuid('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    gstNo: text('gst_no'),
    profileimage: text('profileimage'),
    /** The language the user chose for the back-office ('en', 'hi'); null until they choose one. */
    language: text('language'),
    /** Carried in access tokens as `sv`: raised when the role, status or password changes, ending older tokens. */
    sessionVersion: integer('session_version').notNull().default(0),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_unique').on(t.phonenumber),
    index('users_role_city_idx').on(t.role, t.cityId),
    index('users_created_idx').on(t.created),
  ],
);

/** Single-use rotating refresh tokens, stored as SHA-256 hashes; a family is one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Failed sign-ins per account, shared by every API process. */
export const loginThrottle = pgTable('login_throttle', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lastFailure: timestamp('last_failure', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    created: created(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(t.name)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    gstType: text('gst_type').notNull().default(''),
    hsnCode: text('hsn_code').notNull().default(''),
    /** New products of a perishable subcategory track expiry unless the form says otherwise. */
    perishable: boolean('perishable').notNull().default(false),
  },
  (t) => [uniqueIndex('subcategories_name_unique').on(t.categoryId, t.name)],
);

export type ColourVariant = { name: string; sizes: string[]; images: string[] };

export const products = pgTable(
  'products',
  {
    id: id(),
    productname: text('productname').notNull(),
    productHindi: text('product_hindi'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    productKeyword: text('product_keyword').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    productDescription: text('product_description').notNull(),
    unit: text('unit').notNull(),
    unitValue: text('unit_value').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    gstType: text('gst_type').notNull().default(''),
    hsnCode: text('hsn_code').notNull().default(''),
    mainImage: jsonb('main_image').$type<string[]>().notNull().default([]),
    colors: jsonb('colors').$type<ColourVariant[]>().notNull().default([]),
    /** Stock held per batch with an expiry date, sold first-expiry-first-out (migration 0008). */
    tracksExpiry: boolean('tracks_expiry').notNull().default(false),
    created: created(),
    modified: modified(),
    /** Optional, unique whatever its case (issue 19). */
    sku: text('sku'),
    /** Optional, unique: EAN-13, EAN-8 or UPC-A, check digit verified by the shared product schema. */
    barcode: text('barcode'),
  },
  (t) => [
    uniqueIndex('products_sku_lower_unique').on(sql`lower(${t.sku})`),
    uniqueIndex('products_barcode_unique').on(t.barcode),
    check('products_price_nonneg', sql`${t.price} >= 0 and ${t.discountPrice} >= 0`),
    // The default list order (newest first, id breaking ties): a deep page skips index entries only.
    index('products_created_id_idx').on(t.created, t.id),
    index('products_name_lower_idx').on(sql`lower(${t.productname})`),
    // Reports and the inventory screens walk products in name order and stop at their limit.
    index('products_name_id_idx').on(t.productname, t.id),
    index('products_category_idx').on(t.categoryId),
  ],
);

/** Uploaded images, content-addressed by SHA-256, so any API process can serve them. */
export const images = pgTable('images', {
  hash: text('hash').primaryKey(),
  mime: text('mime').notNull(),
  width: integer('width'),
  height: integer('height'),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  created: created(),
});

export const handlingCharges = pgTable(
  'handling_charges',
  {
    id: id(),
    chargeType: text('charge_type').notNull(),
    amount: money('amount').notNull(),
    created: created(),
    modified: modified(),
  },
  (t) => [check('handling_charges_amount_nonneg', sql`${t.amount} >= 0`)],
);

/** The balance of one product in one warehouse. It only ever changes together with a stock_movements row. */
export const inventory = pgTable(
  'inventory',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    location: text('location').notNull().default(''),
    currentStock: integer('current_stock').notNull().default(0),
    minimumStock: integer('minimum_stock').notNull().default(0),
    maximumStock: integer('maximum_stock').notNull().default(0),
    /**
     * The weighted average cost of the stock held (stock_value / current_stock, to the paisa), kept with every change;
     * an empty record keeps its last average (or the cost it was created with).
     */
    unitCost: money('unit_cost').notNull().default(0),
    /** What the stock held cost: the sum of its ledger rows' values, exactly as current_stock is the sum of their quantities. */
    stockValue: stockValue('stock_value').notNull().default(0),
    notes: text('notes').notNull().default(''),
    /**
     * This balance is held in stock_batches (its sum). Set with the product's switch while the row is locked, so a stock
     * request that read the product before the switch cannot change the balance without its batches.
     */
    tracksExpiry: boolean('tracks_expiry').notNull().default(false),
    /** Replenishment (issue 31): days from ordering to receiving, the pack size an order is rounded up to, who to buy from. */
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    orderMultiple: integer('order_multiple').notNull().default(1),
    preferredSellerId: uuid('preferred_seller_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * At or below its minimum, kept by the database. A column (not the comparison in each query) gives the planner real
     * statistics: low-stock rows are few, so a 'low stock only' list in a few warehouses starts from them (issue 15).
     */
    lowStock: boolean('low_stock').generatedAlwaysAs(sql`current_stock <= minimum_stock`),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('inventory_product_warehouse_unique').on(t.productId, t.warehouseId),
    index('inventory_warehouse_idx').on(t.warehouseId),
    index('inventory_low_stock_idx')
      .on(t.warehouseId)
      .where(sql`low_stock`),
    check('inventory_current_stock_nonneg', sql`${t.currentStock} >= 0`),
    check('inventory_lead_time_days', sql`${t.leadTimeDays} between 0 and 365`),
    check('inventory_order_multiple', sql`${t.orderMultiple} between 1 and 100000`),
    index('inventory_preferred_seller_idx').on(t.preferredSellerId),
    check('inventory_min_max_nonneg', sql`${t.minimumStock} >= 0 and ${t.maximumStock} >= 0`),
    // No stock, no value: the last unit out takes what value is left.
    check('inventory_stock_value', sql`${t.stockValue} >= 0 and (${t.currentStock} > 0 or ${t.stockValue} = 0)`),
  ],
);

/** A ledger row's flow for the sale-purchase report: stock_flow (functions/10-ledger.sql) over the row's own columns. */
const STOCK_FLOW_SQL = `CASE WHEN (movement_type = 'in' AND movement_reason = 'purchase') OR (movement_type = 'out' AND reference_type = 'purchase_order') THEN 'purchase' WHEN movement_type = 'out' AND reference_type IS DISTINCT FROM 'transfer' THEN 'sale' END`;

/** The rows replenishment counts as outflow (suggestions.ts OUTFLOW): both outflow indexes' predicate, written once. */
const OUTFLOW_ROWS_SQL = `movement_type in ('out', 'damaged') and coalesce(reference_type, '') not in ('transfer', 'purchase_order')`;

/**
 * Append-only stock ledger: the balance equals the sum of `quantity` for its product and warehouse, and its stock value
 * the sum of `value_change` (signed: what the units moved were worth at the cost they moved at). `valuation` rows move value
 * only (quantity 0): the opening valuation of migration 0013 and an admin's revaluation.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    movementType: text('movement_type').notNull(),
    quantity: integer('quantity').notNull(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    unitCost: money('unit_cost').notNull().default(0),
    /** |value|: what SPEC.md's reports show beside the quantity. */
    totalValue: money('total_value').notNull().default(0),
    /** The stock value this row added (+) or took (−). */
    valueChange: stockValue('value_change').notNull(),
    movementReason: text('movement_reason'),
    referenceId: text('reference_id'),
    referenceType: text('reference_type'),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'restrict' }),
    performedBy: uuid('performed_by').references(() => users.id, { onDelete: 'restrict' }),
    notes: text('notes').notNull().default(''),
    /** The batch this row moved, for a product that tracks expiry (NULL rows count towards its 'OPENING' batch). */
    batchNo: text('batch_no'),
    created: created(),
  },
  (t) => [
    check('stock_movements_type', sql`${t.movementType} in ('in','out','adjustment','return','damaged','valuation')`),
    check('stock_movements_valuation', sql`(${t.movementType} = 'valuation') = (${t.quantity} = 0)`),
    check('stock_movements_after', sql`${t.stockAfter} = ${t.stockBefore} + ${t.quantity} and ${t.stockAfter} >= 0`),
    // INCLUDE (quantity, value_change) in migration 0015: drizzle's builder cannot say it.
    index('stock_movements_pw_idx').on(t.productId, t.warehouseId, t.created),
    index('stock_movements_wh_created_idx').on(t.warehouseId, t.created),
    // (created, seq): the newest movements in order, ties included, for the history's pages (issue 32).
    index('stock_movements_created_idx').on(t.created, t.seq),
    // The ledger's order: the live updates' announcer reads the rows after its cursor every 200 ms (issue 33: without
    // it, a scan of the whole ledger each time, which on PGlite's one connection held every request back).
    uniqueIndex('stock_movements_seq_idx').on(t.seq),
    // The sale-purchase report's items (issue 33): a day's purchases, or its sales, of one warehouse in time order, read
    // as one index range per day and flow. Without it a day's first purchases were found by reading the day's every
    // movement (purchases are rare beside sales). The expression is stock_flow's (functions/10-ledger.sql) written
    // out: the planner inlines that function and matches it here, and an index must not hang on a function body that
    // a later start may replace (were it changed, the queries would stop matching this index, never read it wrongly).
    index('stock_movements_flow_idx')
      .on(t.warehouseId, sql.raw(`(${STOCK_FLOW_SQL})`), t.created, t.seq)
      .where(sql.raw(`${STOCK_FLOW_SQL} is not null`)),
    // A product's last purchase cost (an empty record's entry cost; a purchase order line's default).
    index('stock_movements_purchase_idx')
      .on(t.productId, t.seq)
      .where(sql`movement_reason = 'purchase'`),
    // What replenishment counts as outflow (sales, damaged, write-offs; not transfers nor returns to a seller), per
    // warehouse and time: INCLUDE (product_id, quantity) in migration 0019, so its 28-day sum reads the index alone.
    index('stock_movements_outflow_idx').on(t.warehouseId, t.created).where(sql.raw(OUTFLOW_ROWS_SQL)),
    // The same outflow per record: its 28 days, read from the index alone (INCLUDE (quantity) in migration 0031) each
    // time the reorder watch is rewritten for it (functions/45-reorder-watch.sql).
    index('stock_movements_record_outflow_idx').on(t.productId, t.warehouseId, t.created).where(sql.raw(OUTFLOW_ROWS_SQL)),
  ],
);

/**
 * The dashboard's 'Products to reorder', kept (issue 33): a row for each inventory record its own figures list for
 * reordering (on hand, levels, lead time and 28 days of outflow; what is on order or in transit is left to the count),
 * with `listed_until`, the moment it stops being listed if nothing else moves (as its oldest outflow leaves the 28
 * days). A write only marks its records in reorder_dirty; the count rewrites their rows first
 * (functions/45-reorder-watch.sql), then counts the rows listed now: one range of an index. `recheck`: the record's
 * outflow has rows that are not units out (a positive 'out'), so when it stops being listed is not one moment: the
 * count works it out each time.
 */
export const reorderWatch = pgTable(
  'reorder_watch',
  {
    inventoryId: uuid('inventory_id')
      .primaryKey()
      .references(() => inventory.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id').notNull(),
    listedUntil: timestamp('listed_until', { withTimezone: true }).notNull(),
    recheck: boolean('recheck').notNull().default(false),
  },
  (t) => [index('reorder_watch_listed_idx').on(t.listedUntil, t.warehouseId)],
);

/**
 * Records whose stock, levels or outflow changed since the reorder watch last read them: written by the statement that
 * changes them (a key, nothing read), taken and cleared by the next count. No foreign key: a deleted record's id is
 * dropped when it is taken.
 */
export const reorderDirty = pgTable('reorder_dirty', {
  inventoryId: uuid('inventory_id').primaryKey(),
});

/**
 * The stock figures of each warehouse's records, kept for the dashboard and the inventory report's summary (issue 33):
 * how many records, how many at or below their minimum, how many empty, and the value of their stock. A statement that
 * changes records only appends what it changed, a warehouse at a time, to stock_totals_pending (an insert: writers
 * never wait for each other); a reader folds what is pending into these rows first (functions/46-stock-totals.sql).
 * At every moment, these rows plus what is pending equal the sums over the records.
 */
export const stockTotals = pgTable('stock_totals', {
  warehouseId: uuid('warehouse_id').primaryKey(),
  records: bigint('records', { mode: 'number' }).notNull().default(0),
  lowStock: bigint('low_stock', { mode: 'number' }).notNull().default(0),
  outOfStock: bigint('out_of_stock', { mode: 'number' }).notNull().default(0),
  stockValue: numeric('stock_value').notNull().default('0'),
});

/** What statements changed in the records of a warehouse since the last fold into stock_totals: appended, folded, deleted. */
export const stockTotalsPending = pgTable('stock_totals_pending', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
  warehouseId: uuid('warehouse_id').notNull(),
  records: integer('records').notNull(),
  lowStock: integer('low_stock').notNull(),
  outOfStock: integer('out_of_stock').notNull(),
  stockValue: numeric('stock_value').notNull(),
});

/**
 * The expiry report's figures, kept (issue 33; functions/47-expiry-totals.sql): per warehouse and expiry day, the
 * batches holding stock, their units and their value (each batch's share of its record's value). A write marks the
 * records it changed (expiry_dirty); a reader rewrites their rows of expiry_record_totals and adds the difference here.
 */
export const expiryTotals = pgTable(
  'expiry_totals',
  {
    warehouseId: uuid('warehouse_id').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    batches: bigint('batches', { mode: 'number' }).notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    stockValue: numeric('stock_value').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'expiry_totals_pk', columns: [t.warehouseId, t.expiryDate] })],
);

/** One record's batches holding stock, by expiry day, as the expiry totals last counted them. */
export const expiryRecordTotals = pgTable(
  'expiry_record_totals',
  {
    productId: uuid('product_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    batches: integer('batches').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    stockValue: numeric('stock_value').notNull(),
  },
  (t) => [primaryKey({ name: 'expiry_record_totals_pk', columns: [t.productId, t.warehouseId, t.expiryDate] })],
);

/** Records whose batches, stock or value changed since the expiry totals last read them: a key each, taken by the next reader. */
export const expiryDirty = pgTable(
  'expiry_dirty',
  {
    productId: uuid('product_id').notNull(),
    warehouseId: uuid('warehouse_id').notNull(),
  },
  (t) => [primaryKey({ name: 'expiry_dirty_pk', columns: [t.productId, t.warehouseId] })],
);

/**
 * Every (product, warehouse) that has had an inventory record, with the names the Stock valuation report orders its
 * rows by (issue 28). Walking its (warehouse, category, product name) index, a page in name order costs one ledger
 * probe per row it reaches, instead of naming and sorting every balance of the ledger. Filled by a trigger on inventory
 * and renamed with its product (functions/35-valuation-order.sql); a record's deletion leaves its row, as the ledger
 * keeps the record's movements.
 */
export const stockPairs = pgTable(
  'stock_pairs',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    productName: text('product_name').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_pairs_pk', columns: [t.productId, t.warehouseId] }),
    index('stock_pairs_name_order_idx').on(t.warehouseId, t.categoryId, t.productName, t.productId),
  ],
);

/**
 * The stock of a product that tracks expiry, per batch: the inventory row's current_stock is the sum of its batches, and
 * each batch's current_stock is the sum of the ledger rows carrying its batch_no. 'OPENING' (no expiry) holds the stock
 * the product had when it started tracking and is sold last.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    batchNo: text('batch_no').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    mfgDate: date('mfg_date', { mode: 'string' }),
    currentStock: integer('current_stock').notNull().default(0),
    created: created(),
  },
  (t) => [
    uniqueIndex('stock_batches_pw_batch_unique').on(t.productId, t.warehouseId, t.batchNo),
    // A batch lives under its inventory record: deleting an (empty) record deletes its (empty) batches.
    foreignKey({
      name: 'stock_batches_inventory_fk',
      columns: [t.productId, t.warehouseId],
      foreignColumns: [inventory.productId, inventory.warehouseId],
    }).onDelete('cascade'),
    index('stock_batches_pw_expiry_idx').on(t.productId, t.warehouseId, t.expiryDate, t.batchNo),
    // The expiry report and dashboard read the batches that still hold stock, by expiry date.
    index('stock_batches_stocked_expiry_idx')
      .on(t.expiryDate, t.warehouseId)
      .where(sql`current_stock > 0`),
    check('stock_batches_current_stock_nonneg', sql`${t.currentStock} >= 0`),
  ],
);

/**
 * The batches one ledger row moved when it moved several at once (a stock take's shortfall of a product that tracks
 * expiry is one adjustment, taken from several batches): the batch split of a row is its rows here when it has any,
 * else its own batch_no (NULL counting towards 'OPENING'). ERPNext's Serial and Batch Bundle, kept as rows.
 */
export const stockMovementBatches = pgTable(
  'stock_movement_batches',
  {
    movementId: uuid('movement_id')
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'restrict' }),
    batchNo: text('batch_no').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_movement_batches_pk', columns: [t.movementId, t.batchNo] }),
    check('stock_movement_batches_quantity', sql`${t.quantity} <> 0`),
  ],
);

/**
 * The ledger's totals per business day (India), warehouse and movement type, kept exact by a statement trigger on
 * stock_movements (migration 0006) in the transaction of every ledger insert: reports sum a few thousand of these
 * rows instead of every movement of the period.
 */
export const stockDailyTotals = pgTable(
  'stock_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    movementType: text('movement_type').notNull(),
    movementCount: integer('movement_count').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    valueIn: numeric('value_in', { precision: 18, scale: 2 }).notNull(),
    valueOut: numeric('value_out', { precision: 18, scale: 2 }).notNull(),
    /**
     * Balances that began holding stock (+1: a row from 0 to more) less those that were emptied (−1: a row down to 0):
     * summed up to a day, how many (product, warehouse) balances held stock at its end (a balance without stock holds
     * no value: the ledger functions keep it so). The Stock valuation report's count, without reading the ledger.
     */
    heldChange: integer('held_change').notNull().default(0),
    /**
     * The sale-purchase report's day (functions/10-ledger.sql, stock_flow): purchases (receipts, less returns to the
     * seller: signed) and sales (out, but for transfers and returns to a seller), their rows, units and value.
     */
    purchaseCount: integer('purchase_count').notNull().default(0),
    purchaseQuantity: bigint('purchase_quantity', { mode: 'number' }).notNull().default(0),
    purchaseValue: numeric('purchase_value', { precision: 18, scale: 2 }).notNull().default('0'),
    saleCount: integer('sale_count').notNull().default(0),
    saleQuantity: bigint('sale_quantity', { mode: 'number' }).notNull().default(0),
    saleValue: numeric('sale_value', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'stock_daily_totals_pk', columns: [t.day, t.warehouseId, t.movementType] })],
);

/** First result of each stock-changing request, keyed by the caller's Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: uuid('user_id').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    created: created(),
  },
  (t) => [uniqueIndex('idempotency_keys_pk').on(t.userId, t.key)],
);

/** The access policy, editable by admins (issue: permissions matrix). Seeded from src/domain/policy.ts. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role').notNull(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [uniqueIndex('role_permissions_pk').on(t.role, t.resource, t.action)],
);

/**
 * Every (resource, action) this database has had default grants for. A release that adds one gets its defaults
 * added at start; anything listed here is the admins' to change and is never re-granted.
 */
export const policySeenActions = pgTable(
  'policy_seen_actions',
  {
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [uniqueIndex('policy_seen_actions_pk').on(t.resource, t.action)],
);

/** One row per role, built-in or custom: the roles table (issue 15). An empty label shows the built-in one. */
export const roleSettings = pgTable('role_settings', {
  role: text('role').primaryKey(),
  maySignIn: boolean('may_sign_in').notNull(),
  label: text('label').notNull().default(''),
  modified: modified(),
});

/** A role's warehouse scope on a warehouse-owned resource; no row means 'all' (SPEC.md). */
export const roleScopes = pgTable(
  'role_scopes',
  {
    role: text('role').notNull(),
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
  },
  (t) => [primaryKey({ name: 'role_scopes_pk', columns: [t.role, t.resource] }), check('role_scopes_scope', sql`${t.scope} in ('all','assigned')`)],
);

/** The warehouses a user is assigned to: what scope 'assigned' lets them see and change. */
export const userWarehouses = pgTable(
  'user_warehouses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'user_warehouses_pk', columns: [t.userId, t.warehouseId] }), index('user_warehouses_warehouse_idx').on(t.warehouseId)],
);

/** Every change of the policy: who, when, before and after. */
export const permissionAudit = pgTable(
  'permission_audit',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    created: created(),
  },
  (t) => [index('permission_audit_created_idx').on(t.created)],
);

/**
 * A physical count of one warehouse (optionally one category). Its lines hold each product's balance at the start
 * (`expected`); apply posts counted − expected as an adjustment on top of whatever moved since the start.
 */
export const stockTakes = pgTable(
  'stock_takes',
  {
    id: id(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    blind: boolean('blind').notNull().default(true),
    status: text('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'restrict' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** What apply answered: replayed to every later apply. */
    applyResult: jsonb('apply_result'),
    /**
     * Its lines, those counted, those counted off their expected figure and the sum of (counted − expected): kept by the
     * lines' statement triggers (functions/40-stock-takes.sql) in the same statement.
     */
    linesTotal: integer('lines_total').notNull().default(0),
    linesCounted: integer('lines_counted').notNull().default(0),
    linesVaried: integer('lines_varied').notNull().default(0),
    varianceQuantity: bigint('variance_quantity', { mode: 'number' }).notNull().default(0),
    /** Σ of its lines' variance_value, kept by the same triggers. */
    varianceValue: stockValue('variance_value').notNull().default(0),
    created: created(),
    modified: modified(),
  },
  (t) => [
    check('stock_takes_status', sql`${t.status} in ('open','applied','cancelled')`),
    index('stock_takes_created_idx').on(t.created, t.id),
    index('stock_takes_warehouse_idx').on(t.warehouseId),
  ],
);

export const stockTakeLines = pgTable(
  'stock_take_lines',
  {
    stockTakeId: uuid('stock_take_id')
      .notNull()
      .references(() => stockTakes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The balance when the stock take started (0 for a product found on the shelf but not on the sheet). */
    expected: integer('expected').notNull(),
    counted: integer('counted'),
    countedBy: uuid('counted_by').references(() => users.id, { onDelete: 'restrict' }),
    countedAt: timestamp('counted_at', { withTimezone: true, mode: 'date' }),
    /** The product's name in lower case when its line was written: the sheet's order, read a page at a time through the index below. */
    sortName: text('sort_name').notNull().default(''),
    /**
     * Counted off its expected figure (null while uncounted), kept by the database: as a column (not the comparison in
     * each query) it gives the planner real statistics, so the few varied lines of a million are read as few.
     */
    varied: boolean('varied').generatedAlwaysAs(sql`counted <> expected`),
    /**
     * (counted − expected) at the balance's average cost when the count was saved, to the paisa (null while uncounted):
     * written with the count, as ERPNext's Stock Reconciliation values its rows, so a review totals a column instead
     * of probing each varied line's balance. Apply posts at the average cost of its own instant.
     */
    varianceValue: stockValue('variance_value'),
  },
  (t) => [
    primaryKey({ name: 'stock_take_lines_pk', columns: [t.stockTakeId, t.productId] }),
    index('stock_take_lines_sheet_idx').on(t.stockTakeId, t.sortName, t.productId),
    // The review's variance value, and apply, read the lines off their expected figure alone.
    index('stock_take_lines_variance_idx')
      .on(t.stockTakeId, t.productId)
      .where(sql`varied`),
    // The review's 'variances only' pages, in the sheet's order: a page of them without sorting every varied line.
    index('stock_take_lines_varied_sheet_idx')
      .on(t.stockTakeId, t.sortName, t.productId)
      .where(sql`varied`),
    check('stock_take_lines_nonneg', sql`${t.expected} >= 0 and (${t.counted} is null or ${t.counted} >= 0)`),
  ],
);

/**
 * A transfer of stock from one warehouse to another (issue 18): draft → dispatched → (partially_received →) received,
 * or cancelled. Dispatch takes the lines out of the source (ledger `out`, reference type 'transfer'); until received
 * the stock is in transit, in neither warehouse's balance: per line, dispatched − received − returned − damaged.
 * Every step is one SQL function (migration 0010).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    /** Shown as TR-<number>. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity(),
    fromWarehouseId: uuid('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    toWarehouseId: uuid('to_warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('draft'),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    dispatchedBy: uuid('dispatched_by').references(() => users.id, { onDelete: 'restrict' }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'restrict' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'restrict' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    created: created(),
    modified: modified(),
  },
  (t) => [
    check('transfers_status', sql`${t.status} in ('draft','dispatched','partially_received','received','cancelled')`),
    check('transfers_different_warehouses', sql`${t.fromWarehouseId} <> ${t.toWarehouseId}`),
    uniqueIndex('transfers_number_unique').on(t.number),
    index('transfers_created_idx').on(t.created, t.id),
    index('transfers_from_idx').on(t.fromWarehouseId),
    index('transfers_to_idx').on(t.toWarehouseId),
    index('transfers_status_idx').on(t.status),
  ],
);

/** A product of a transfer: what was asked for, and where its units are (in transit = dispatched − the rest). */
export const transferLines = pgTable(
  'transfer_lines',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    dispatched: integer('dispatched').notNull().default(0),
    received: integer('received').notNull().default(0),
    /** Back in the source after a cancel. */
    returned: integer('returned').notNull().default(0),
    /** Written off by the receiver's close. */
    damaged: integer('damaged').notNull().default(0),
    /** The source's average cost at dispatch (shown); the value in transit is dispatched_value − settled_value. */
    unitCost: money('unit_cost').notNull().default(0),
    /** What the dispatched units were worth when they left the source (the sum of its `out` rows' values). */
    dispatchedValue: stockValue('dispatched_value').notNull().default(0),
    /** The part of it that has arrived, gone back or been written off (the value of those `in` rows). */
    settledValue: stockValue('settled_value').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'transfer_lines_pk', columns: [t.transferId, t.productId] }),
    check(
      'transfer_lines_quantities',
      sql`${t.quantity} >= 1 and ${t.dispatched} >= 0 and ${t.received} >= 0 and ${t.returned} >= 0
    and ${t.damaged} >= 0 and ${t.received} + ${t.returned} + ${t.damaged} <= ${t.dispatched}`,
    ),
    index('transfer_lines_product_idx').on(t.productId),
  ],
);

/** The batches a line of a product that tracks expiry took at dispatch (first expiry first out), and where they went. */
export const transferBatches = pgTable(
  'transfer_batches',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    batchNo: text('batch_no').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    mfgDate: date('mfg_date', { mode: 'string' }),
    dispatched: integer('dispatched').notNull(),
    received: integer('received').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    damaged: integer('damaged').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'transfer_batches_pk', columns: [t.transferId, t.productId, t.batchNo] }),
    check(
      'transfer_batches_quantities',
      sql`${t.dispatched} >= 1 and ${t.received} >= 0 and ${t.returned} >= 0 and ${t.damaged} >= 0
    and ${t.received} + ${t.returned} + ${t.damaged} <= ${t.dispatched}`,
    ),
  ],
);

/** Each step of a transfer, who took it and when: the transfer page's status history. */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** The status after this step. */
    status: text('status').notNull(),
    performedBy: uuid('performed_by').references(() => users.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    /** The quantities this step moved: [{product_id, quantity}]. */
    lines: jsonb('lines'),
    created: created(),
  },
  (t) => [index('transfer_events_transfer_idx').on(t.transferId, t.id)],
);

/**
 * Which definition of the SQL functions (src/server/db/functions, applied after the migrations at every start) this
 * database holds: the hash of those files. A start with other files replaces them all in one transaction.
 */
export const schemaFunctions = pgTable('schema_functions', {
  hash: text('hash').primaryKey(),
  applied: timestamp('applied', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Who changed what, append-only (a trigger refuses any update or delete of a row): one row per create, update,
 * delete or workflow step of a record, the fields that changed with their old and new values (`changes`:
 * { field: [old, new] }), the person (id, and the name they had then) and when. Written by the API in the
 * transaction of the change itself.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    /** What a person calls the record (a product's name, an order's number), as it was then: it outlives a delete. */
    recordLabel: text('record_label'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    note: text('note').notNull().default(''),
    /** No foreign key: an entry outlives its author's account, and names them as they were. */
    userId: uuid('user_id'),
    userName: text('user_name'),
    /** The warehouse the record belongs to, where it belongs to one: what a warehouse-scoped reader may see. */
    warehouseId: uuid('warehouse_id'),
    created: created(),
  },
  (t) => [index('record_history_record_idx').on(t.resource, t.recordId, t.id), index('record_history_created_idx').on(t.created, t.id)],
);

/** The last number given per resource (and year): 'PO-2026-00042' is the 42nd purchase order of 2026. */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    resource: text('resource').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ name: 'document_numbers_pk', columns: [t.resource, t.year] })],
);

/**
 * How far the ledger has been announced to live screens (issue 32, src/server/live/ledger-announcer.ts): the last seq
 * announced, and the seqs below it not yet seen (a transaction still open when the ledger was read), each with the
 * snapshot's xmax then: once every transaction older than that has ended, a seq still unseen was rolled back.
 */
export const liveLedgerCursor = pgTable(
  'live_ledger_cursor',
  {
    id: smallint('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    holes: jsonb('holes').$type<{ seq: number; xmax: string }[]>().notNull().default([]),
  },
  (t) => [check('live_ledger_cursor_one_row', sql`${t.id} = 1`)],
);
