import { z } from 'zod';
import { optionalText } from './common.js';
import { batchFields, batchNoField } from './batches.js';
import { MAX_MOVEMENT_QUANTITY, STOCK_MESSAGES, required, wholeNumber } from './stock-rules.js';

/** One line of a delivery: which product, how many arrived, and its batch where the product tracks expiry. */
const receiptLine = z.object(
  {
    product_id: required(STOCK_MESSAGES.product, 64),
    quantity: wholeNumber('Quantity', 1, MAX_MOVEMENT_QUANTITY, STOCK_MESSAGES.quantity),
    ...batchFields,
    confirm_expired: z.boolean({ error: 'confirm_expired must be true or false' }).optional(),
  },
  { error: 'Each line must be an object' },
);

/** POST /purchase-orders/{id}/receive: what one delivery brought (never more of a line than is still due). */
export const receiptSchema = z.object({
  lines: z.array(receiptLine, { error: 'Lines must be a list' }).min(1, 'Add at least one line to receive').max(500, 'At most 500 lines'),
  notes: optionalText('Notes', 1000),
});
export type ReceiptInput = z.infer<typeof receiptSchema>;

/** POST /purchase-orders/{id}/return: units sent back to the seller (from a batch named, else first-expiry-first-out). */
export const sellerReturnSchema = z.object({
  lines: z
    .array(
      z.object(
        {
          product_id: required(STOCK_MESSAGES.product, 64),
          quantity: wholeNumber('Quantity', 1, MAX_MOVEMENT_QUANTITY, STOCK_MESSAGES.quantity),
          ...batchNoField,
        },
        { error: 'Each line must be an object' },
      ),
      { error: 'Lines must be a list' },
    )
    .min(1, 'Add at least one line to return')
    .max(500, 'At most 500 lines'),
  notes: optionalText('Notes', 1000),
});
export type SellerReturnInput = z.infer<typeof sellerReturnSchema>;

/** One GST rate's figures on a purchase order. */
export type RateTotals = { rate: number; taxable: number; cgst: number; sgst: number; igst: number; tax: number };

/** A purchase order's GST as the API answers it (src/server/services/purchase-orders/taxes.ts computes it). */
export type OrderTaxes = {
  /** 'intra': seller and warehouse in one state (CGST + SGST); 'inter': IGST. */
  supply: 'intra' | 'inter';
  seller_state: string | null;
  warehouse_state: string | null;
  rates: RateTotals[];
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
};
