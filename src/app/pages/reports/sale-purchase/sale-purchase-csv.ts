import type { CsvCell } from '../shared/csv';
import type { SalePurchaseDay, SalePurchaseReport } from './types';

export const SALE_PURCHASE_HEADER = ['Section', 'Date', 'Time', 'Product', 'Quantity', 'Unit Cost', 'Total Value'];

function section(name: string, days: Record<string, SalePurchaseDay>): CsvCell[][] {
  return Object.entries(days)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([date, day]) => [
      ...day.items.map((item): CsvCell[] => [name, date, item.created, item.product_name, item.quantity, item.unit_cost, item.total_value]),
      [name, date, '', 'Day total', day.total_quantity, '', day.total],
    ]);
}

/** Every movement of both sections, each day followed by its total. */
export function salePurchaseCsv(report: SalePurchaseReport): CsvCell[][] {
  return [...section('Purchases', report.purchases), ...section('Sales', report.sales)];
}
