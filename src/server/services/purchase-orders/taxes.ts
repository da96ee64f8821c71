import type { OrderTaxes, RateTotals } from '../../../domain/schemas/purchase-order.js';

/**
 * GST on a purchase order as an Indian buyer books it: each line's taxable amount (quantity × unit cost, to the
 * paisa) and its tax at the line's rate; within one state the tax is split half CGST, half SGST (the odd paisa to
 * SGST), across states it is all IGST. Figures per rate, then for the order.
 */
export type TaxedLine = { quantity: number; unit_cost: number; gst_rate: number };

/** To the paisa, half away from zero, as PostgreSQL's round(numeric, 2) (so the API and SQL sums agree). */
export const paisa = (value: number): number => (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;

const sameState = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export function lineTax(line: TaxedLine): { taxable: number; tax: number } {
  const taxable = paisa(line.quantity * line.unit_cost);
  return { taxable, tax: paisa((taxable * line.gst_rate) / 100) };
}

export function orderTaxes(lines: readonly TaxedLine[], sellerState: string | null, warehouseState: string | null): OrderTaxes {
  // An unknown state on either side cannot prove an intra-state supply: IGST, which the seller can always invoice.
  const supply = sameState(sellerState, warehouseState) ? 'intra' : 'inter';
  const byRate = new Map<number, RateTotals>();
  for (const line of lines) {
    const { taxable, tax } = lineTax(line);
    const entry = byRate.get(line.gst_rate) ?? { rate: line.gst_rate, taxable: 0, cgst: 0, sgst: 0, igst: 0, tax: 0 };
    entry.taxable = paisa(entry.taxable + taxable);
    entry.tax = paisa(entry.tax + tax);
    byRate.set(line.gst_rate, entry);
  }
  const rates = [...byRate.values()]
    .sort((a, b) => a.rate - b.rate)
    .map((r) => {
      const cgst = supply === 'intra' ? paisa(Math.floor(r.tax * 50 + 1e-9) / 100) : 0;
      return { ...r, cgst, sgst: supply === 'intra' ? paisa(r.tax - cgst) : 0, igst: supply === 'inter' ? r.tax : 0 };
    });
  const sum = (key: keyof Omit<RateTotals, 'rate'>) => paisa(rates.reduce((s, r) => s + r[key], 0));
  const taxable = sum('taxable');
  const tax = sum('tax');
  return {
    supply,
    seller_state: sellerState,
    warehouse_state: warehouseState,
    rates,
    taxable,
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    tax,
    total: paisa(taxable + tax),
  };
}
