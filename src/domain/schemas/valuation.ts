import { z } from 'zod';
import { listQuery, sortParam } from './common.js';

export const VALUATION_GROUPS = ['product', 'category', 'warehouse'] as const;
export type ValuationGroup = (typeof VALUATION_GROUPS)[number];
/** stock_value and average_cost are cost figures: a role without `costs: see` may not sort by them. */
export const VALUATION_SORTS = ['name', 'quantity', 'stock_value', 'average_cost'] as const;
export const VALUATION_COST_SORTS: readonly string[] = ['stock_value', 'average_cost'];

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const EARLIEST = '2000-01-01';
const LATEST = '2100-12-31';
const isRealDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/** GET /reports/stock-valuation: quantity and value held at the end of a business day, from the ledger. */
export const stockValuationQuery = listQuery.omit({ q: true }).extend({
  as_of: z.preprocess(blank, z.string({ error: 'as_of must be a date (YYYY-MM-DD)' }).trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDay(v), 'as_of must be a date (YYYY-MM-DD)')
    .refine((v) => v >= EARLIEST && v <= LATEST, `as_of must be between ${EARLIEST} and ${LATEST}`)
    .optional()),
  warehouse_id: z.preprocess(blank, z.string().trim().max(64).optional()),
  category_id: z.preprocess(blank, z.string().trim().max(64).optional()),
  group_by: z.preprocess(blank, z.enum(VALUATION_GROUPS, { error: `group_by must be one of: ${VALUATION_GROUPS.join(', ')}` }).default('product')),
  sort: sortParam(VALUATION_SORTS),
  limit: listQuery.shape.limit.default(50),
});
export type StockValuationQuery = z.infer<typeof stockValuationQuery>;
