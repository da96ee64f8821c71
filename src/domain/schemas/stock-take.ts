import { z } from 'zod';
import { MAX_STOCK } from './inventory.js';
import { listQuery, queryFlag, requiredText, optionalKey } from './common.js';
import { wholeNumber } from './stock-rules.js';

export const STOCK_TAKE_STATUSES = ['open', 'applied', 'cancelled'] as const;
export type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number];

export const COUNTED_MESSAGE = 'Counted quantity must be a whole number of 0 or more';

export const stockTakeCreateSchema = z.object({
  warehouse_id: requiredText('Warehouse', 64),
  category_id: z
    .string({ error: 'Category must be text' })
    .trim()
    .max(64)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  /** Expected stock hidden on the count sheet (the default: counters count what they see). */
  blind: z.boolean({ error: 'blind must be true or false' }).optional().default(true),
});
export type StockTakeCreateInput = z.infer<typeof stockTakeCreateSchema>;

export const countedQuantity = z
  .number({ error: COUNTED_MESSAGE })
  .int(COUNTED_MESSAGE)
  .min(0, COUNTED_MESSAGE)
  .max(MAX_STOCK, `Counted quantity must be at most ${MAX_STOCK}`);

export const stockTakeCountsSchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: requiredText('Product', 64),
        /** null clears a count (the line is then not counted). */
        counted: countedQuantity.nullable(),
      }),
    )
    .min(1, 'Send at least one counted line')
    .max(5000, 'At most 5000 lines at once'),
});
export type StockTakeCountsInput = z.infer<typeof stockTakeCountsSchema>;

export const stockTakeListQuery = listQuery.extend({
  status: z.enum(STOCK_TAKE_STATUSES, { error: `status must be one of: ${STOCK_TAKE_STATUSES.join(', ')}` }).optional(),
  warehouse_id: optionalKey,
});

/** A stock take's lines come a page at a time: a count of a whole warehouse may hold a million of them. */
export const STOCK_TAKE_LINES_PAGE = { limit: 50, maxLimit: 500 } as const;

export const stockTakeShowQuery = z.object({
  only_variances: queryFlag,
  /** Only the lines nobody counted yet. */
  uncounted: queryFlag,
  /** Lines whose product's name contains this text, or whose SKU or barcode is exactly it. */
  q: z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
  /** The page that holds this product's line (when it is on the sheet), instead of `page`. */
  at_product: optionalKey,
  page: wholeNumber('page', 1, 1_000_000).default(1),
  /** 0: the header and totals alone. */
  limit: wholeNumber('limit', 0, STOCK_TAKE_LINES_PAGE.maxLimit).default(STOCK_TAKE_LINES_PAGE.limit),
});
export type StockTakeShowQuery = z.infer<typeof stockTakeShowQuery>;

/** A stock take's header, as GET /stock-takes lists it and its page shows it. */
export type StockTakeSummary = {
  _id: string;
  warehouse_id: string;
  warehouse_name: string;
  category_id: string | null;
  category_name: string | null;
  blind: boolean;
  status: StockTakeStatus;
  created_by_name: string | null;
  applied_at: string | null;
  created: string;
  lines_total: number;
  lines_counted: number;
};
