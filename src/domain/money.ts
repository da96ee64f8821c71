import { CURRENCY, LOCALE } from './constants.js';

const inr = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** No figure to show (a cost the role may not see, a value not loaded): a dash, never '₹NaN' nor a made-up ₹0.00. */
export const NO_FIGURE = '—';

/** INR in en-IN grouping with 2 decimals, e.g. ₹1,23,456.70. */
export function formatINR(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return NO_FIGURE;
  return inr.format(Number(value));
}

/** True when a number has at most two decimals (money and unit costs). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
