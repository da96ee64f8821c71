import { z } from 'zod';
import { listQuery, sortParam } from './common.js';
import { calendarDay } from './dates.js';

export const VALUATION_GROUPS = ['product', 'category', 'warehouse'] as const;
export type ValuationGroup = (typeof VALUATION_GROUPS)[number];
/** stock_value and average_cost are cost figures: a role without `costs: see` may not sort by them (hidden-fields.ts). */
export const VALUATION_SORTS = ['name', 'quantity', 'stock_value', 'average_cost'] as const;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /reports/stock-valuation: quantity and value held at the end of a business day, from the ledger. */
export const stockValuationQuery = listQuery.omit({ q: true }).extend({
  as_of: z.preprocess(blank, calendarDay('as_of').optional()),
  warehouse_id: z.preprocess(blank, z.string().trim().max(64).optional()),
  category_id: z.preprocess(blank, z.string().trim().max(64).optional()),
  group_by: z.preprocess(blank, z.enum(VALUATION_GROUPS, { error: `group_by must be one of: ${VALUATION_GROUPS.join(', ')}` }).default('product')),
  sort: sortParam(VALUATION_SORTS),
  limit: listQuery.shape.limit.default(50),
});
export type StockValuationQuery = z.infer<typeof stockValuationQuery>;

/** One row of the report; stock_value and average_cost are cost figures, absent for a role without `costs: see`. */
export type ValuationRow = {
  warehouse_id: string;
  warehouse_name: string;
  category_id: string | null;
  category_name: string | null;
  product_id: string | null;
  product_name: string | null;
  quantity: number;
  stock_value?: number;
  average_cost?: number | null;
};
