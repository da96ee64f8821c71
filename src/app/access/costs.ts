import { useCan } from '@refinedev/core';

/** Columns and CSV headers that show a cost figure: hidden, not blank, without 'costs: see'. */
const COST_KEYS: ReadonlySet<string> = new Set([
  'unit_cost',
  'total_value',
  'total_value_in',
  'total_value_out',
  'total_inventory_value',
  'value',
  'variance_value',
  'in_transit_value',
  'stock_value',
  'average_cost',
]);
const COST_HEADERS: ReadonlySet<string> = new Set(['Unit Cost', 'Total Value', 'Total value', 'Value in', 'Value out', 'Value', 'Variance value']);

/** Whether the signed-in role holds 'costs: see' (the API leaves cost figures out of its answers otherwise). */
export function useSeesCosts(): boolean {
  return useCan({ resource: 'costs', action: 'see' }).data?.can === true;
}

/** The columns (table or stat cards) without those that show costs, when costs are not to be seen. */
export function costColumns<T extends { key?: unknown }>(columns: readonly T[], seesCosts: boolean): T[] {
  return seesCosts ? [...columns] : columns.filter((c) => !COST_KEYS.has(String(c.key)));
}

/** A CSV without its cost columns (by header), when costs are not to be seen. */
export function costCsv<C>(header: string[], rows: C[][], seesCosts: boolean): { header: string[]; rows: C[][] } {
  if (seesCosts) return { header, rows };
  const keep = header.map((h, i) => (COST_HEADERS.has(h) ? -1 : i)).filter((i) => i >= 0);
  // A figure/value table (the summary) names its cost figures in the first cell instead.
  const isLabelled = (row: C[]) => row.length === 2 && COST_HEADERS.has(String(row[0]));
  return { header: keep.map((i) => header[i]!), rows: rows.filter((r) => !isLabelled(r)).map((r) => keep.map((i) => r[i]!)) };
}
