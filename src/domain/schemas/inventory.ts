import { z } from 'zod';
import {
  INVENTORY_BY_CITY_MAX_ROWS,
  INVENTORY_BY_CITY_PAGE_SIZE,
  INVENTORY_BY_CITY_ROWS,
  LEDGER_MOVEMENT_TYPES,
  MAX_LIST_LIMIT,
  MOVEMENT_REASONS,
  MOVEMENT_TYPES,
  REFERENCE_TYPES,
  REPORT_DEFAULT_LIMIT,
  REPORT_TYPES,
} from '../constants.js';
import { businessDay } from '../business-days.js';
import { listQuery, optionalText, queryFlag } from './common.js';
import { inDayRange, isCalendarDay, notADay, outOfRange } from './dates.js';
import { batchFields, batchNoField } from './batches.js';
import { inputSchemaOf, patchSchemaOf } from '../resource.js';
import { inventoryResource } from '../resources/inventory.js';

import {
  MAX_MOVEMENT_QUANTITY,
  MIN_ABOVE_MAX_MESSAGE,
  STOCK_MESSAGES,
  minNotAboveMax,
  numeric,
  required,
  stockLevel,
  unitCost,
  wholeNumber,
} from './stock-rules.js';

export { MAX_STOCK, STOCK_MESSAGES } from './stock-rules.js';

/** POST /inventory/add-stock: the stock movement payload of SPEC.md section 3. */
export const addStockSchema = z
  .object(
    {
      product_id: required(STOCK_MESSAGES.product, 64),
      warehouse_id: required(STOCK_MESSAGES.warehouse, 64),
      quantity: numeric(
        z
          .number({ error: STOCK_MESSAGES.quantity })
          .min(1, STOCK_MESSAGES.quantity)
          .int('Quantity must be a whole number')
          .max(MAX_MOVEMENT_QUANTITY, `Quantity must be at most ${MAX_MOVEMENT_QUANTITY}`),
      ),
      unit_cost: unitCost(STOCK_MESSAGES.unitCost, 0.01),
      movement_reason: z.enum(MOVEMENT_REASONS, { error: STOCK_MESSAGES.reason }),
      reference_id: required(STOCK_MESSAGES.referenceId, 100),
      reference_type: z.enum(REFERENCE_TYPES, { error: STOCK_MESSAGES.referenceType }),
      notes: required(STOCK_MESSAGES.notes, 1000),
      // Beyond SPEC.md's payload: the levels of a record this movement creates (ignored when the record exists).
      minimum_stock: stockLevel('Minimum stock').optional(),
      maximum_stock: stockLevel('Maximum stock').optional(),
      seller_id: z
        .string()
        .trim()
        .max(64)
        .optional()
        .nullable()
        .transform((v) => v || undefined),
      // A product that tracks expiry needs a batch (issue 17).
      ...batchFields,
      // Receiving a batch whose expiry date has passed is a 409 until the person confirms it (it is never sold).
      confirm_expired: z.boolean({ error: 'confirm_expired must be true or false' }).optional(),
    },
    { error: STOCK_MESSAGES.product },
  )
  .superRefine((input, ctx) => {
    if (input.movement_reason === 'purchase' && !input.seller_id) {
      ctx.addIssue({ code: 'custom', path: ['seller_id'], message: STOCK_MESSAGES.seller });
    }
    if (!minNotAboveMax(input)) ctx.addIssue({ code: 'custom', path: ['minimum_stock'], message: MIN_ABOVE_MAX_MESSAGE });
  });
export type AddStockInput = z.infer<typeof addStockSchema>;

/** POST /inventory/adjust-stock: performed_by is always the signed-in user, whatever the body says. */
export const adjustStockSchema = z.object(
  {
    product_id: required(STOCK_MESSAGES.product, 64),
    warehouse_id: required(STOCK_MESSAGES.warehouse, 64),
    new_stock: stockLevel('New stock'),
    notes: optionalText('Notes', 1000),
    // Beyond SPEC.md's payload, all optional: the ledger row keeps why and on what reference the count changed, and
    // what the units found cost each (without it they enter at the average cost; units missing always leave at it).
    movement_reason: z.enum(MOVEMENT_REASONS, { error: STOCK_MESSAGES.reason }).optional(),
    reference_id: optionalText('Reference ID', 100),
    reference_type: z.enum(REFERENCE_TYPES, { error: STOCK_MESSAGES.referenceType }).optional(),
    unit_cost: unitCost(STOCK_MESSAGES.unitCost, 0.01).optional(),
    // A product that tracks expiry counts one batch (a new one needs its expiry date).
    ...batchFields,
  },
  { error: STOCK_MESSAGES.product },
);
export type AdjustStockInput = z.infer<typeof adjustStockSchema>;

export const REMOVAL_TYPES = ['out', 'damaged'] as const;

/** POST /inventory/remove-stock: sales (out) from the ordering system and damaged goods. */
export const removeStockSchema = z.object(
  {
    product_id: required(STOCK_MESSAGES.product, 64),
    warehouse_id: required(STOCK_MESSAGES.warehouse, 64),
    quantity: wholeNumber('Quantity', 1, MAX_MOVEMENT_QUANTITY, STOCK_MESSAGES.quantity),
    movement_type: z.enum(REMOVAL_TYPES, { error: "Movement type must be 'out' or 'damaged'" }),
    // No unit cost: stock leaves at its average cost (a unit cost sent is not taken).
    reference_id: optionalText('Reference ID', 100),
    reference_type: z.enum(REFERENCE_TYPES, { error: "Reference type must be 'invoice' or 'manual'" }).optional(),
    notes: optionalText('Notes', 1000),
    // Damaged goods of a product that tracks expiry name their batch; sales are taken first-expiry-first-out.
    ...batchNoField,
  },
  { error: STOCK_MESSAGES.product },
);
export type RemoveStockInput = z.infer<typeof removeStockSchema>;

/** POST /inventory/revalue: an admin's correction of what the stock held is worth, with the reason. */
export const revalueStockSchema = z.object(
  {
    product_id: required(STOCK_MESSAGES.product, 64),
    warehouse_id: required(STOCK_MESSAGES.warehouse, 64),
    unit_cost: unitCost('Unit cost is required and must be 0 or more', 0),
    notes: required('Say why the stock is revalued', 1000),
    reference_id: optionalText('Reference ID', 100),
  },
  { error: STOCK_MESSAGES.product },
);
export type RevalueStockInput = z.infer<typeof revalueStockSchema>;

/** POST /inventory, from the declaration. product_name is accepted for the legacy client and ignored: the product's own name is used. */
export const inventoryCreateSchema = inputSchemaOf(inventoryResource);
export type InventoryCreateInput = z.infer<typeof inventoryCreateSchema>;

/** PUT /inventory/{id}, from the declaration: omitted fields keep their value; a changed current_stock becomes an adjustment. */
export const inventoryUpdateSchema = patchSchemaOf(inventoryResource);
export type InventoryUpdateInput = z.infer<typeof inventoryUpdateSchema>;

/** Query text that is blank counts as absent (the client sends only non-empty filters, but be lenient). */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const queryText = (max = 200) => z.preprocess(blankAsMissing, z.string().trim().max(max).optional());

export const inventoryListQuery = listQuery.extend({
  product_name: queryText(),
  location: queryText(),
  warehouse: queryText(64),
  warehouse_id: queryText(64),
  product_id: queryText(64),
  low_stock_only: queryFlag,
  out_of_stock_only: queryFlag,
});
export type InventoryListQuery = z.infer<typeof inventoryListQuery>;

export const inventoryLookupQuery = z.object({
  product_id: z.string({ error: STOCK_MESSAGES.product }).trim().min(1, STOCK_MESSAGES.product),
  warehouse_id: z.string({ error: STOCK_MESSAGES.warehouse }).trim().min(1, STOCK_MESSAGES.warehouse),
});

export const movementListQuery = z.object({
  page: listQuery.shape.page,
  limit: listQuery.shape.limit,
  product_id: queryText(64),
  warehouse_id: queryText(64),
  movement_type: z.preprocess(
    blankAsMissing,
    z.enum(LEDGER_MOVEMENT_TYPES, { error: `movement_type must be one of: ${LEDGER_MOVEMENT_TYPES.join(', ')}` }).optional(),
  ),
});
export type MovementListQuery = z.infer<typeof movementListQuery>;

const count = (field: string, min: number, max?: number) => {
  const base = z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, min === 0 ? `${field} must be 0 or more` : `${field} must be at least ${min}`);
  return numeric(max === undefined ? base : base.max(max, `${field} must be at most ${max}`));
};

/** limit/skip page the city's warehouses; rows_limit/rows_skip page the rows inside each of them; q searches products. */
export const inventoryByCityQuery = z.object({
  limit: count('limit', 1, MAX_LIST_LIMIT).default(INVENTORY_BY_CITY_PAGE_SIZE),
  skip: count('skip', 0).default(0),
  warehouse_id: queryText(64),
  q: queryText(),
  rows_limit: count('rows_limit', 1, INVENTORY_BY_CITY_MAX_ROWS).default(INVENTORY_BY_CITY_ROWS),
  rows_skip: count('rows_skip', 0).default(0),
});
export type InventoryByCityQuery = z.infer<typeof inventoryByCityQuery>;

export const updateAllInventorySchema = z.object({ warehouse_id: required(STOCK_MESSAGES.warehouse, 64) });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export { businessDay };

/** YYYY-MM-DD, or an ISO date-time taken as the business day it falls on; either within the shared range (dates.ts). */
const day = (field: string) =>
  z
    .string({ error: notADay(field) })
    .trim()
    .transform((v, ctx) => {
      const found = DATE_ONLY.test(v) ? (isCalendarDay(v) ? v : null) : ISO_DATETIME.test(v) && !Number.isNaN(Date.parse(v)) ? businessDay(new Date(v)) : null;
      if (found && inDayRange(found)) return found;
      ctx.addIssue({ code: 'custom', message: found ? outOfRange(field) : notADay(field) });
      return z.NEVER;
    });

const optionalDay = (field: string) => z.preprocess(blankAsMissing, day(field).optional());
const requiredDay = (field: string, label: string) => z.preprocess(blankAsMissing, z.string({ error: `${label} is required` })).pipe(day(field));

const endNotBeforeStart = (q: { start_date?: string; end_date?: string }) => !q.start_date || !q.end_date || q.end_date >= q.start_date;
const END_BEFORE_START = { message: 'end_date cannot be before start_date', path: ['end_date'] };

export const inventoryReportQuery = z
  .object({
    start_date: optionalDay('start_date'),
    end_date: optionalDay('end_date'),
    report_type: z.preprocess(blankAsMissing, z.enum(REPORT_TYPES, { error: `report_type must be one of: ${REPORT_TYPES.join(', ')}` }).default('summary')),
    limit: numeric(
      z
        .number({ error: 'limit must be a number from 1 to 1000' })
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`),
    ).default(REPORT_DEFAULT_LIMIT),
    movement_type: z.preprocess(blankAsMissing, z.enum(MOVEMENT_TYPES, { error: `movement_type must be one of: ${MOVEMENT_TYPES.join(', ')}` }).optional()),
    warehouse_id: queryText(64),
    product_id: queryText(64),
    low_stock_only: queryFlag,
    out_of_stock_only: queryFlag,
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type InventoryReportQuery = z.infer<typeof inventoryReportQuery>;

/** The sale-purchase report's pages: of days (its groups), and of each day's movements (its items). */
export const SALE_PURCHASE_PAGE = { days: 31, maxDays: 366, items: 20, maxItems: 100 } as const;

const salePurchaseWarehouse = z.string({ error: 'Warehouse is required' }).trim().min(1, 'Warehouse is required').max(64);

/**
 * SPEC.md section 5: warehouse, start date and end date are all required. Paged (issue 33): `page`/`limit` over the
 * days that had a purchase or a sale, and at most `items_limit` movements of each (a day's `item_count` says how many).
 */
export const salePurchaseQuery = z
  .object({
    warehouse_id: salePurchaseWarehouse,
    start_date: requiredDay('start_date', 'Start date'),
    end_date: requiredDay('end_date', 'End date'),
    page: wholeNumber('page', 1, 100_000).default(1),
    limit: wholeNumber('limit', 1, SALE_PURCHASE_PAGE.maxDays).default(SALE_PURCHASE_PAGE.days),
    items_limit: wholeNumber('items_limit', 0, SALE_PURCHASE_PAGE.maxItems).default(SALE_PURCHASE_PAGE.items),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type SalePurchaseQuery = z.infer<typeof salePurchaseQuery>;

/** Every row of the report, for its download (no paging). */
export const salePurchaseDownloadQuery = z
  .object({ warehouse_id: salePurchaseWarehouse, start_date: requiredDay('start_date', 'Start date'), end_date: requiredDay('end_date', 'End date') })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type SalePurchaseDownloadQuery = z.infer<typeof salePurchaseDownloadQuery>;

export const SALE_PURCHASE_SECTIONS = ['purchases', 'sales'] as const;

/** One day's movements of one section, a page at a time: what a day shows beyond the report's first items. */
export const salePurchaseItemsQuery = z.object({
  warehouse_id: salePurchaseWarehouse,
  day: requiredDay('day', 'Day'),
  section: z.preprocess(blankAsMissing, z.enum(SALE_PURCHASE_SECTIONS, { error: `section must be one of: ${SALE_PURCHASE_SECTIONS.join(', ')}` })),
  page: wholeNumber('page', 1, 100_000).default(1),
  limit: wholeNumber('limit', 1, SALE_PURCHASE_PAGE.maxItems).default(SALE_PURCHASE_PAGE.items),
});
export type SalePurchaseItemsQuery = z.infer<typeof salePurchaseItemsQuery>;
