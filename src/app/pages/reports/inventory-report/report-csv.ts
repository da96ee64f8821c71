import type { CsvCell } from '../shared/csv';
import { comparisonRows } from './ComparisonView';
import type { ComparisonReport, DetailedReport, InventoryReport, MovementsReport, ReportType, SummaryReport } from './report-types';

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

/**
 * The table in the user's language: its header, and a summary's figure names (its first column). The table is made in
 * English (the cost columns are left out by their English names, costs.ts); each English text is found in the language
 * files by its words (tx). Data (names, numbers, ISO dates, movement types as the API writes them) stays as it is.
 */
export function localisedCsv(type: ReportType, { header, rows }: CsvTable, tx: (text: string) => string): CsvTable {
  return {
    header: header.map(tx),
    rows: type === 'summary' ? rows.map(([figure, ...rest]) => [typeof figure === 'string' ? tx(figure) : figure, ...rest]) : rows,
  };
}
