import { z } from 'zod';
import { MAX_STOCK } from './inventory.js';
import { listQuery, queryFlag, requiredText, optionalKey } from './common.js';

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

export const stockTakeShowQuery = z.object({ only_variances: queryFlag });

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
