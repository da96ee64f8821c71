import { z } from 'zod';
import { listQuery, optionalKey } from './common.js';
import { MAX_UNIT_COST, STOCK_MESSAGES, required, unitCost, wholeNumber } from './stock-rules.js';

/** Replenishment (issue 31): how far back the average daily outflow looks, in days. */
export const OUTFLOW_WINDOW_DAYS = 28;
export const MAX_LEAD_TIME_DAYS = 365;
/** The database's bound too (inventory_order_multiple). */
export const MAX_ORDER_MULTIPLE = 100_000;
/** A page of suggestions. */
export const REPLENISHMENT_MAX_LIMIT = 100;
/** Lines of one POST /replenishment/orders: a purchase order holds at most 500 of them, a request up to ten orders' worth. */
export const REPLENISHMENT_MAX_LINES = 5_000;
export const ORDER_MAX_LINES = 500;

export const LEAD_TIME_MESSAGE = `Lead time must be a whole number of days from 0 to ${MAX_LEAD_TIME_DAYS}`;
export const ORDER_MULTIPLE_MESSAGE = `Order multiple must be a whole number from 1 to ${MAX_ORDER_MULTIPLE}`;

/** An inventory record's replenishment settings, as its declaration and the CSV import check them. */
export const leadTimeDays = wholeNumber('Lead time', 0, MAX_LEAD_TIME_DAYS, LEAD_TIME_MESSAGE);
export const orderMultiple = wholeNumber('Order multiple', 1, MAX_ORDER_MULTIPLE, ORDER_MULTIPLE_MESSAGE);
/** A seller's id; blank or null: none. */
export const preferredSeller = z
  .string({ error: 'Preferred seller must be a seller' })
  .trim()
  .max(64, 'Preferred seller not found')
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /replenishment: one warehouse's suggestions, optionally one preferred seller's or one category's, a page at a time. */
export const replenishmentQuery = z.object({
  warehouse_id: z.preprocess(blank, z.string({ error: STOCK_MESSAGES.warehouse }).trim().min(1, STOCK_MESSAGES.warehouse).max(64)),
  seller_id: optionalKey,
  category_id: optionalKey,
  page: listQuery.shape.page,
  limit: listQuery.shape.limit.unwrap().max(REPLENISHMENT_MAX_LIMIT, `limit must be at most ${REPLENISHMENT_MAX_LIMIT}`).default(20),
});

/** One suggestion as GET /replenishment answers it. `last_purchase_cost`: only for a role that sees costs. */
export type ReplenishmentRow = {
  inventory_id: string;
  warehouse_id: string;
  product_id: string;
  product_name: string;
  sku: string | null;
  category_id: string;
  category_name: string;
  on_hand: number;
  on_order: number;
  in_transit: number;
  /** Units out per day over the last 28 days (2 decimals). */
  daily_outflow: number;
  /** on_hand / daily_outflow (1 decimal); 0 when nothing is on hand; null when nothing went out. */
  days_of_cover: number | null;
  projected_stock: number;
  minimum_stock: number;
  maximum_stock: number;
  lead_time_days: number;
  order_multiple: number;
  suggested_quantity: number;
  preferred_seller_id: string | null;
  preferred_seller_name: string | null;
  last_purchase_cost?: number | null;
};
export type ReplenishmentAnswer = { data: ReplenishmentRow[]; total: number; page: number; limit: number };

const orderLine = z.object(
  {
    product_id: required(STOCK_MESSAGES.product, 64),
    quantity: wholeNumber('Quantity', 1, 1_000_000, 'Quantity must be a whole number of at least 1'),
    /** Default: the inventory record's preferred seller. */
    seller_id: z
      .string({ error: 'Seller must be a seller' })
      .trim()
      .max(64, 'Seller not found')
      .nullable()
      .optional()
      .transform((v) => v || undefined),
    /** Default: the product's last purchase cost, else the record's average cost. */
    unit_cost: unitCost(`Unit cost must be a number from 0.01 to ${MAX_UNIT_COST}`, 0.01).optional(),
  },
  { error: 'Each line must be an object' },
);

/** POST /replenishment/orders: draft purchase orders into one warehouse, one per seller. */
export const replenishmentOrdersSchema = z.object({
  warehouse_id: required(STOCK_MESSAGES.warehouse, 64),
  lines: z
    .array(orderLine, { error: 'Lines must be a list' })
    .min(1, 'Choose at least one product to order')
    .max(REPLENISHMENT_MAX_LINES, `At most ${REPLENISHMENT_MAX_LINES} lines`),
});
export type ReplenishmentOrdersInput = z.infer<typeof replenishmentOrdersSchema>;
export type CreatedOrder = { _id: string; number: string; seller_id: string; seller_name: string | null; expected_on: string; lines: number };
export type ReplenishmentOrdersAnswer = { orders: CreatedOrder[] };

/**
 * The replenishment settings CSV (POST /inventory/replenishment-settings/import): a record named by its warehouse
 * (name) and product (SKU, barcode or name), then the settings to change. A column left out of the header, or a blank
 * cell, keeps the record's value; `preferred_seller` 'none' clears it.
 */
export const REPLENISHMENT_CSV_COLUMNS = [
  { header: 'warehouse', required: true },
  { header: 'product', required: true },
  { header: 'minimum_stock', required: false },
  { header: 'maximum_stock', required: false },
  { header: 'lead_time_days', required: false },
  { header: 'order_multiple', required: false },
  { header: 'preferred_seller', required: false },
] as const;
export type ReplenishmentCsvHeader = (typeof REPLENISHMENT_CSV_COLUMNS)[number]['header'];
export const NO_SELLER = 'none';
export const REPLENISHMENT_IMPORT_MAX_ROWS = 20_000;

/** `row`: the file's line (the header is line 1); `field`: the CSV column. */
export type SettingsImportError = { row: number; field: string; message: string };
export type SettingsImportAnswer = { dry_run: boolean; updated: number; unchanged: number; errors: SettingsImportError[] };
