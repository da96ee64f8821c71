import { z } from 'zod';
import { MAX_STOCK } from './inventory.js';
import { listQuery, optionalText, requiredText, optionalKey } from './common.js';

export const TRANSFER_STATUSES = ['draft', 'dispatched', 'partially_received', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

const quantity = (label: string, min: number) => {
  const message = `${label} must be a whole number of ${min} or more`;
  return z.number({ error: message }).int(message).min(min, message).max(MAX_STOCK, `${label} must be at most ${MAX_STOCK}`);
};

const lines = <T extends z.ZodType>(quantitySchema: T, min: number) =>
  z
    .array(z.object({ product_id: requiredText('Product', 64), quantity: quantitySchema }), { error: 'lines must be a list' })
    .min(min, 'Add at least one product')
    .max(500, 'At most 500 products in one transfer')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((line, i) => {
        if (seen.has(line.product_id)) ctx.addIssue({ code: 'custom', path: [i, 'product_id'], message: 'This product is listed twice' });
        seen.add(line.product_id);
      });
    });

export const transferCreateSchema = z
  .object({
    from_warehouse_id: requiredText('From warehouse', 64),
    to_warehouse_id: requiredText('To warehouse', 64),
    lines: lines(quantity('Quantity', 1), 1),
    notes: optionalText('Notes', 1000),
  })
  .superRefine((t, ctx) => {
    if (t.from_warehouse_id === t.to_warehouse_id) {
      ctx.addIssue({ code: 'custom', path: ['to_warehouse_id'], message: 'The destination must be another warehouse than the source' });
    }
  });
export type TransferCreateInput = z.infer<typeof transferCreateSchema>;

/** What a receiver says arrived of one product: a whole number, 0 included (nothing of it came). */
export const receivedQuantity = quantity('Received quantity', 0);

/** Closing short needs a note (the SQL function transfer_receive says the same). */
export const CLOSE_NOTE_MESSAGE = 'Say what happened to the units that did not arrive';

export const transferReceiveSchema = z.object({
  /** Received now, per product; a product left out receives nothing now. */
  lines: lines(receivedQuantity, 0).optional().default([]),
  /** Close the transfer: what is still in transit after this receipt is written off as damaged (needs `note`). */
  close: z.boolean({ error: 'close must be true or false' }).optional().default(false),
  note: optionalText('Note', 1000),
});
export type TransferReceiveInput = z.infer<typeof transferReceiveSchema>;

export const transferCancelSchema = z.object({ note: optionalText('Note', 1000) });
export type TransferCancelInput = z.infer<typeof transferCancelSchema>;

export const transferListQuery = listQuery.extend({
  status: z.enum(TRANSFER_STATUSES, { error: `status must be one of: ${TRANSFER_STATUSES.join(', ')}` }).optional(),
  /** Transfers from or to this warehouse. */
  warehouse_id: optionalKey,
  from_warehouse_id: optionalKey,
  to_warehouse_id: optionalKey,
});
export type TransferListQuery = z.infer<typeof transferListQuery>;

/** A transfer as GET /transfers lists it; in_transit_value is a cost figure, absent for a role without `costs: see`. */
export type TransferSummary = {
  _id: string;
  number: number;
  reference: string;
  status: TransferStatus;
  notes: string;
  from_warehouse_id: string;
  from_warehouse_name: string;
  to_warehouse_id: string;
  to_warehouse_name: string;
  created_by_name: string | null;
  created: string;
  dispatched_at: string | null;
  received_at: string | null;
  lines: number;
  quantity: number;
  in_transit_quantity: number;
  in_transit_value?: number;
};
