/**
 * Field-level permission 'costs: see'. Without it a response carries no cost figure: these keys are dropped
 * wherever they appear (inventory records, ledger rows, report summaries and items, dashboard value). Sale prices
 * (price, discount_price) are not costs and stay.
 */
export const COST_FIELDS: ReadonlySet<string> = new Set([
  'unit_cost',
  'total_value',
  'total_value_in',
  'total_value_out',
  'total_inventory_value',
  'variance_value',
  'in_transit_value',
  'value_change',
  'stock_value',
  'average_cost',
  'dispatched_value',
  'settled_value',
  'last_purchase_cost',
  'recorded_value',
  'ledger_value',
  'value_total',
  'opening_value',
  'closing_value',
]);

/**
 * A copy of `value` without any cost field, at any depth. Dates and other non-plain objects pass as they are. `also`:
 * keys that are cost figures in one answer only (the expiring stock's `value`), too generic to drop everywhere.
 */
export function withoutCosts<T>(value: T, also: readonly string[] = []): T {
  if (Array.isArray(value)) return value.map((v) => withoutCosts(v, also)) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!COST_FIELDS.has(key) && !also.includes(key)) out[key] = withoutCosts(v, also);
  return out as T;
}
