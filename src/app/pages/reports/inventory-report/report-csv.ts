import type { CsvCell } from '../shared/csv';
import { comparisonRows } from './ComparisonView';
import type { ComparisonReport, DetailedReport, InventoryReport, MovementsReport, SummaryReport } from './report-types';

export type CsvTable = { header: string[]; rows: CsvCell[][] };

const movementHeader = ['Date', 'Product', 'Warehouse', 'Type', 'Quantity', 'Unit Cost', 'Total Value', 'Reason', 'Reference'];
const movementRow = (m: MovementsReport['recent_movements'][number]): CsvCell[] => [
  m.created,
  m.product_name,
  m.warehouse_name,
  m.movement_type,
  m.quantity,
  m.unit_cost,
  m.total_value,
  m.movement_reason,
  m.reference_id,
];

/** The rows of the view on screen (the report's own type), as a spreadsheet wants them (raw numbers, ISO dates). */
export function reportCsv(whole: InventoryReport): CsvTable {
  switch (whole.report_type) {
    case 'summary': {
      const report = whole as SummaryReport;
      const s = report.summary;
      const m = report.movement_statistics;
      return {
        header: ['Figure', 'Value'],
        rows: [
          ['Period start', report.period.start_date],
          ['Period end', report.period.end_date],
          ['Inventory records', s.total_products],
          ['Low stock', s.low_stock_count],
          ['Out of stock', s.out_of_stock_count],
          ['Total value', s.total_value],
          ['Stock in', m.total_in],
          ['Stock out', m.total_out],
          ['Adjustments', m.total_adjustments],
          ['Returns', m.total_returns],
          ['Damaged', m.total_damaged],
          ['Movements', m.movement_count],
        ],
      };
    }
    case 'detailed': {
      const report = whole as DetailedReport;
      return {
        header: ['Product', 'Warehouse', 'Location', 'Current Stock', 'Min Stock', 'Max Stock', 'Unit Cost', 'Total Value', 'Out of Stock', 'Low Stock'],
        rows: report.inventory_items.map((i) => [
          i.product_name,
          i.warehouse_name,
          i.location,
          i.current_stock,
          i.minimum_stock,
          i.maximum_stock,
          i.unit_cost,
          i.total_value,
          i.out_of_stock,
          i.low_stock_alert,
        ]),
      };
    }
    case 'movements':
      return { header: movementHeader, rows: (whole as MovementsReport).recent_movements.map(movementRow) };
    case 'comparison': {
      const report = whole as ComparisonReport;
      return {
        header: ['Product', `Opening ${report.comparison.period.start_date}`, `Closing ${report.comparison.period.end_date}`, 'Change', 'Current Stock'],
        rows: comparisonRows(report).map((r) => [r.product_name, r.opening_stock, r.closing_stock, r.change, r.current_stock]),
      };
    }
  }
}
