export type StockTakeStatus = 'open' | 'applied' | 'cancelled';

export type StockTake = {
  _id: string;
  id?: string;
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
