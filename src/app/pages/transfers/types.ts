import type { TransferStatus, TransferSummary } from '../../../domain/schemas/transfer';

export type { TransferStatus };

/** As the API lists it (src/domain), with the id Refine adds. */
export type Transfer = TransferSummary & { id?: string };

export type TransferBatch = {
  batch_no: string;
  expiry_date: string | null;
  mfg_date: string | null;
  dispatched: number;
  received: number;
  returned: number;
  damaged: number;
  in_transit: number;
};

export type TransferLine = {
  product_id: string;
  product_name: string;
  sku: string | null;
  tracks_expiry: boolean;
  quantity: number;
  dispatched: number;
  received: number;
  returned: number;
  damaged: number;
  in_transit: number;
  unit_cost: number;
  in_transit_value?: number;
  batches: TransferBatch[];
};

export type TransferEvent = {
  action: 'created' | 'edited' | 'dispatched' | 'received' | 'closed' | 'cancelled';
  status: TransferStatus;
  performed_by_name: string | null;
  note: string;
  at: string;
  lines: { product_id: string; quantity: number; damaged?: number }[] | null;
};

export type TransferDetail = Omit<Transfer, 'lines' | 'quantity'> & {
  created_by_name: string | null;
  dispatched_by_name: string | null;
  received_by_name: string | null;
  cancelled_by_name: string | null;
  cancelled_at: string | null;
  modified: string;
  lines: TransferLine[];
  history: TransferEvent[];
};
