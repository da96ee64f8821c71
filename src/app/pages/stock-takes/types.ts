export type StockTakeStatus = 'open' | 'applied' | 'cancelled';

export type StockTake = {
  _id: string; id?: string; warehouse_id: string; warehouse_name: string; category_id: string | null; category_name: string | null;
  blind: boolean; status: StockTakeStatus; created_by_name: string | null; applied_at: string | null; created: string;
  lines_total: number; lines_counted: number;
};

export type StockTakeLine = {
  product_id: string; productname: string; sku: string | null; barcode: string | null; expected: number;
  counted: number | null; variance: number | null; unit_cost: number; variance_value: number | null;
  counted_by_name: string | null; counted_at: string | null;
};

export type StockTakeTotals = {
  lines: number; counted: number; not_counted: number; variances: number; variance_quantity: number; variance_value: number;
};

export type StockTakeDetail = StockTake & { lines: StockTakeLine[]; totals: StockTakeTotals };
