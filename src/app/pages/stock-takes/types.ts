import type { StockTakeStatus, StockTakeSummary } from '../../../domain/schemas/stock-take';

export type { StockTakeStatus };

/** As the API lists it (src/domain), with the id Refine adds. */
export type StockTake = StockTakeSummary & { id?: string };

export type StockTakeLine = {
  product_id: string;
  productname: string;
  sku: string | null;
  barcode: string | null;
  /** null in a blind count for whoever may only count (the API keeps it from them until the count is applied). */
  expected: number | null;
  counted: number | null;
  variance: number | null;
  unit_cost: number;
  variance_value: number | null;
  counted_by_name: string | null;
  counted_at: string | null;
};

export type StockTakeTotals = {
  lines: number;
  counted: number;
  not_counted: number;
  variances: number | null;
  variance_quantity: number | null;
  /** Absent without 'costs: see'. */
  variance_value?: number | null;
};

export type StockTakeDetail = StockTake & { lines: StockTakeLine[]; totals: StockTakeTotals; expected_hidden?: boolean };

/** A page of lines: `lines_matching` is how many lines the filter keeps; the totals are every line's. */
export type StockTakePage = StockTakeDetail & { page: number; limit: number; lines_matching: number };

export type StockTakeLinesQuery = {
  page?: number;
  limit?: number;
  q?: string;
  only_variances?: boolean;
  uncounted?: boolean;
  at_product?: string;
};
