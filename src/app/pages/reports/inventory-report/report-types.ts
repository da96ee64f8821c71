import type { InventoryRecord, StockMovement } from '../../inventory/shared/types';

export type ReportType = 'summary' | 'detailed' | 'movements' | 'comparison';

type Summary = { total_products: number; low_stock_count: number; out_of_stock_count: number; total_value: number };
type MovementStatistics = {
  total_in: number;
  total_out: number;
  total_adjustments: number;
  total_returns: number;
  total_damaged: number;
  movement_count: number;
  total_value_in: number;
  total_value_out: number;
};
type DailyTotal = {
  date: string;
  movement_count: number;
  total_in: number;
  total_out: number;
  total_adjustments: number;
  total_returns: number;
  total_damaged: number;
};
type Comparison = {
  period: { start_date: string; end_date: string };
  opening_stock: Record<string, number>;
  closing_stock: Record<string, number>;
  current_stock: { product_id: string; product_name: string; opening_stock: number; closing_stock: number; current_stock: number }[];
};

/**
 * GET /inventory/report (SPEC.md section 3, plus the totals the API adds). The API computes only the sections its
 * report_type shows; the others are null.
 */
export type InventoryReport = {
  report_type: ReportType;
  period: { start_date: string; end_date: string };
  summary: Summary | null;
  movement_statistics: MovementStatistics | null;
  recent_movements: StockMovement[] | null;
  inventory_items: InventoryRecord[] | null;
  movements: Record<string, StockMovement[]> | null;
  daily_totals: DailyTotal[] | null;
  comparison: Comparison | null;
  generated_at: string;
};

/** The sections of each view, present in a report of that type. */
export type SummaryReport = InventoryReport & { summary: Summary; movement_statistics: MovementStatistics; recent_movements: StockMovement[] };
export type DetailedReport = InventoryReport & { summary: Summary; inventory_items: InventoryRecord[] };
export type MovementsReport = InventoryReport & {
  movement_statistics: MovementStatistics;
  recent_movements: StockMovement[];
  movements: Record<string, StockMovement[]>;
  daily_totals: DailyTotal[];
};
export type ComparisonReport = InventoryReport & { comparison: Comparison };
