/** The API's shapes as the stock screens read them (SPEC.md section 3; `id` is added by the data provider). */
export type InventoryRecord = {
  _id: string;
  id?: string;
  product_id: string;
  product_name: string;
  warehouse_id: string;
  warehouse_name: string;
  location: string;
  current_stock: number;
  minimum_stock: number | null;
  maximum_stock: number | null;
  unit_cost: number;
  notes: string;
  total_value: number;
  out_of_stock: boolean;
  low_stock_alert: boolean;
  /** Held in batches with expiry dates (issue 17). */
  tracks_expiry?: boolean;
  /** Replenishment (issue 31). */
  lead_time_days?: number;
  order_multiple?: number;
  preferred_seller_id?: string | null;
};

export type Warehouse = { _id: string; id?: string; name: string; city_id: string | null; city: string | null; status: string };

export type ProductSuggestion = {
  _id: string;
  productname: string;
  sku?: string | null;
  barcode?: string | null;
  main_image: string[];
  price: number;
  tracks_expiry?: boolean;
};

export type Seller = { _id: string; id?: string; firstname: string; lastname: string; phonenumber: string };

export type StockMovement = {
  _id: string;
  product_id: string;
  product_name: string;
  warehouse_id?: string;
  warehouse_name?: string;
  movement_type: 'in' | 'out' | 'adjustment' | 'return' | 'damaged';
  quantity: number;
  unit_cost: number;
  total_value: number;
  movement_reason: string | null;
  reference_id: string | null;
  reference_type?: string | null;
  /** The purchase order of a receipt or return to the seller, for a caller who may open it (issue 31). */
  purchase_order_id?: string | null;
  created: string;
};
