/**
 * GET /reports/warehouse-sale-purchase (SPEC.md section 3, plus the per-day quantity, the warehouse's name and each
 * movement's reference), paged (issue 33): a page of days, each with its totals, its number of movements and the first
 * of them; the sections' totals over the whole period. The money figures are costs: absent for a role without
 * 'costs: see'. A return to the seller is a purchase with a negative quantity and value; `purchase_order_id` comes to a
 * role that may open purchase orders.
 */
export type SalePurchaseItem = {
  _id: string;
  created: string;
  product_id: string;
  product_name: string;
  quantity: number;
  unit_cost?: number;
  total_value?: number;
  reference_type?: string | null;
  reference_id?: string | null;
  purchase_order_id?: string | null;
};
export type SalePurchaseDay = { total?: number; total_quantity: number; item_count?: number; items: SalePurchaseItem[] };
export type SectionTotals = { total?: number; total_quantity: number; item_count: number };
export type SalePurchaseSection = 'purchases' | 'sales';
export type SalePurchaseReport = {
  warehouse_id: string;
  warehouse_name: string;
  period: { start_date: string; end_date: string };
  purchases: Record<string, SalePurchaseDay>;
  sales: Record<string, SalePurchaseDay>;
  totals?: Record<SalePurchaseSection, SectionTotals>;
  page?: number;
  limit?: number;
  days_total?: number;
};

export type SalePurchaseQuery = { warehouse_id: string; start_date: string; end_date: string };

/** A section's grand totals: the server's, over the whole period, else (a report of one page) its days' sum. */
export function totalsOf(days: Record<string, SalePurchaseDay>, fromServer?: SectionTotals) {
  if (fromServer) return { value: fromServer.total ?? 0, quantity: fromServer.total_quantity, items: fromServer.item_count };
  return Object.values(days).reduce(
    (sum, day) => ({
      value: Math.round((sum.value + (day.total ?? 0)) * 100) / 100,
      quantity: sum.quantity + day.total_quantity,
      items: sum.items + (day.item_count ?? day.items.length),
    }),
    { value: 0, quantity: 0, items: 0 },
  );
}
