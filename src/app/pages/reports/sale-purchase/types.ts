/**
 * GET /reports/warehouse-sale-purchase (SPEC.md section 3, plus the per-day quantity, the warehouse's name and each
 * movement's reference). The money figures are costs: absent for a role without 'costs: see'. A return to the seller is
 * a purchase with a negative quantity and value; `purchase_order_id` comes to a role that may open purchase orders.
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
export type SalePurchaseDay = { total?: number; total_quantity: number; items: SalePurchaseItem[] };
export type SalePurchaseReport = {
  warehouse_id: string;
  warehouse_name: string;
  period: { start_date: string; end_date: string };
  purchases: Record<string, SalePurchaseDay>;
  sales: Record<string, SalePurchaseDay>;
};

export type SalePurchaseQuery = { warehouse_id: string; start_date: string; end_date: string };

/** A section's grand totals (`value` means something only to a role that sees costs). */
export function totalsOf(days: Record<string, SalePurchaseDay>) {
  return Object.values(days).reduce(
    (sum, day) => ({
      value: Math.round((sum.value + (day.total ?? 0)) * 100) / 100,
      quantity: sum.quantity + day.total_quantity,
      items: sum.items + day.items.length,
    }),
    { value: 0, quantity: 0, items: 0 },
  );
}
