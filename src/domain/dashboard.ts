/** GET /api/dashboard/summary: every figure of the dashboard, aggregated by the API in one small answer. */
export type DashboardSummary<Instant = string> = {
  counts: {
    users: number;
    products: number;
    inventory_items: number;
    warehouses: number;
    cities: number;
    low_stock: number;
    out_of_stock: number;
  };
  total_inventory_value: number;
  recent_products: { _id: string; productname: string; price: number; discount_price: number; image: string | null }[];
  low_stock_alerts: {
    _id: string;
    product_id: string;
    product_name: string;
    warehouse_id: string;
    warehouse_name: string;
    current_stock: number;
    minimum_stock: number;
    out_of_stock: boolean;
  }[];
  /** Null for a role that may not list users. */
  recent_users: { _id: string; name: string; email: string; role: string; created: Instant }[] | null;
  warehouses: { _id: string; name: string; city: string | null; status: string }[];
  stock_flow: { date: string; stock_in: number; stock_out: number }[];
  /** Stock dispatched by a transfer and not yet received (issue 18): in no warehouse's balance. */
  /** total_value: a cost figure, absent without 'costs: see'. */
  in_transit: { quantity: number; total_value?: number; transfers: number };
  /**
   * Purchase orders still expected from sellers (ordered or partially received) and those of them past their expected
   * day (India time), in the user's warehouses (issue 31); null for a role that may not list purchase orders.
   */
  purchase_orders: { open: number; overdue: number } | null;
  /** Inventory records to reorder (GET /replenishment's rows, over the user's warehouses); null for a role that may not list them. */
  to_reorder: number | null;
  generated_at: string;
};
