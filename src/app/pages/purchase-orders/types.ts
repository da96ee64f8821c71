import type { OrderTaxes } from '../../../domain/schemas/purchase-order';
import type { ApiRecord, HistoryEntry } from '../../resources/types';

/**
 * A purchase order as GET /purchase-orders/{id} answers (src/server/services/purchase-orders/presenter.ts). Cost
 * figures (unit_cost, amount, line_tax, taxes) are absent for a role without 'costs: see'.
 */
export type OrderLine = {
  _id: string;
  product_id: string;
  product_name: string;
  quantity: number;
  received_quantity: number;
  returned_quantity: number;
  due_quantity: number;
  gst_rate: number;
  hsn_code: string;
  /** The product takes a batch and an expiry date when it is received. */
  tracks_expiry?: boolean;
  unit_cost?: number;
  amount?: number;
  line_tax?: number;
};

export type PurchaseOrder = {
  _id: string;
  number: string;
  seller_id: string;
  seller_name: string | null;
  warehouse_id: string;
  warehouse_name: string | null;
  expected_on: string;
  status: string;
  notes: string | null;
  overdue?: boolean;
  lines: OrderLine[];
  units?: number;
  amount?: number;
  taxes?: OrderTaxes;
  history?: HistoryEntry[];
  created?: string;
  modified?: string;
};

/** The page hands every part the record as the data provider has it. */
export const orderOf = (record: ApiRecord) => record as unknown as PurchaseOrder;
