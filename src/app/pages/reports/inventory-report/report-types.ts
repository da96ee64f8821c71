import type { InventoryRecord, StockMovement } from '../../inventory/shared/types';

export type ReportType = 'summary' | 'detailed' | 'movements' | 'comparison';

/** GET /inventory/report (SPEC.md section 3, plus the totals the API adds). */
export type InventoryReport = {
  report_type: ReportType;
  period: { start_date: string; end_date: string };
  summary: { total_products: number; low_stock_count: number; out_of_stock_count: number; total_value: number };
  movement_statistics: {
    total_in: number; total_out: number; total_adjustments: number; total_returns: number; total_damaged: number;
    movement_count: number; total_value_in: number; total_value_out: number;
  };
  recent_movements: StockMovement[];
  inventory_items: InventoryRecord[];
  movements: Record<string, StockMovement[]>;
  daily_totals: {
    date: string; movement_count: number; total_in: number; total_out: number; total_adjustments: number; total_returns: number; total_damaged: number;
  }[];
  comparison: {
    period: { start_date: string; end_date: string };
    opening_stock: Record<string, number>;
    closing_stock: Record<string, number>;
    current_stock: { product_id: string; product_name: string; opening_stock: number; closing_stock: number; current_stock: number }[];
  };
  generated_at: string;
};
