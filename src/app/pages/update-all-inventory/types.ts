/** POST /inventory/test-update-all-inventory: what the reconciliation of one warehouse did. */
export type ReconcileResult = {
  message: string;
  warehouse_id: string;
  warehouse_name: string;
  /** Balance rows created (0 stock) for products the warehouse had none of. */
  created: number;
  /** Balances reset to the sum of their ledger rows. */
  corrected: number;
  drift: { product_id: string; product_name: string; recorded_stock: number; ledger_stock: number }[];
};

/** GET /inventory/update-all-preview: what the update would create in the warehouse, before it runs. */
export type UpdateAllPreview = { warehouse_id: string; warehouse_name: string; to_create: number; records: number };
