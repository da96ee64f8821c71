import type { Dayjs } from 'dayjs';
import { BATCH_MESSAGES } from '../../../domain/schemas/batches';
import type { NumberFieldValue } from '../../components/number-text';
import { businessDay } from '../../../domain/business-days';
import { batchPayload } from '../inventory/stock/batch-validation';
import type { OrderLine } from './types';

/** What one row of the receive or return dialog holds as typed. */
export type StepLineValues = { quantity?: NumberFieldValue; batch_no?: string; expiry_date?: Dayjs | null };
export type StepLinesValues = { lines?: StepLineValues[]; note?: string };

export const QUANTITY_MISSING = 'Enter a quantity (0 leaves this line out)';
export const QUANTITY_WHOLE = 'Quantity must be a whole number, 0 or more';
export const NOTHING_TO_RECEIVE = 'Nothing to receive: enter a quantity above 0 on at least one line';
export const NOTHING_TO_RETURN = 'Nothing to return: enter a quantity above 0 on at least one line';
/** The API's words when a line asks for more than it may (src/server/services/purchase-orders/receipts.ts). */
export const moreThanDue = (due: number) => `Only ${due} due`;
export const moreThanReturnable = (left: number) => `Only ${left} can be returned`;

/** The lines a delivery may bring: those with something still due. */
export const receivableLines = (lines: readonly OrderLine[]) => lines.filter((l) => l.due_quantity > 0);
/** What may still go back of a line: received and not yet returned. */
export const returnable = (line: OrderLine) => line.received_quantity - line.returned_quantity;
export const returnableLines = (lines: readonly OrderLine[]) => lines.filter((l) => returnable(l) > 0);

/** A typed quantity against the most a line takes: blank, not a whole number of 0 or more, or too many; else null. */
export function quantityProblem(value: NumberFieldValue, most: number, tooMany: (most: number) => string): string | null {
  if (value === undefined) return QUANTITY_MISSING;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return QUANTITY_WHOLE;
  return value > most ? tooMany(most) : null;
}

/** A row's typed quantity when it is one to send (a whole number above 0); else 0. */
const taken = (values: StepLineValues | undefined) => {
  const q = values?.quantity;
  return typeof q === 'number' && Number.isInteger(q) && q > 0 ? q : 0;
};

/** The batch fields of a received row, required where the product tracks expiry and something arrived; else null. */
export const batchNoProblem = (line: OrderLine, values: StepLineValues | undefined) =>
  line.tracks_expiry && taken(values) > 0 && !values?.batch_no?.trim() ? BATCH_MESSAGES.batchNo : null;
export const expiryProblem = (line: OrderLine, values: StepLineValues | undefined) =>
  line.tracks_expiry && taken(values) > 0 && !values?.expiry_date ? BATCH_MESSAGES.expiry : null;

/** A line of a step's body, and which row of the form it came from (the API's 'lines.N' names the body's line N). */
type Sent<L> = { lines: L[]; rowOf: number[] };

function collect<L>(lines: readonly OrderLine[], values: StepLinesValues, lineOf: (line: OrderLine, v: StepLineValues, q: number) => L): Sent<L> {
  const sent: Sent<L> = { lines: [], rowOf: [] };
  lines.forEach((line, row) => {
    const v = values.lines?.[row] ?? {};
    const quantity = taken(v);
    if (!quantity) return;
    sent.lines.push(lineOf(line, v, quantity));
    sent.rowOf.push(row);
  });
  return sent;
}

export type ReceiptLine = { product_id: string; quantity: number; batch_no?: string; expiry_date?: string; confirm_expired?: true };

/** The receipt the dialog sends: the rows above 0 (a 0 leaves a line out), their batch where the product tracks expiry. */
export function receiptOf(lines: readonly OrderLine[], values: StepLinesValues) {
  return collect<ReceiptLine>(lines, values, (line, v, quantity) => {
    if (!line.tracks_expiry) return { product_id: line.product_id, quantity };
    const { batch_no, expiry_date } = batchPayload(v);
    return { product_id: line.product_id, quantity, ...(batch_no && { batch_no }), ...(expiry_date && { expiry_date }) };
  });
}

/** The received rows whose batch has already expired on the business's calendar: each needs a yes before it is sent. */
export const expiredBatches = (lines: readonly ReceiptLine[], now = new Date()) =>
  lines.flatMap((line, i) =>
    line.expiry_date && line.expiry_date < businessDay(now) ? [{ index: i, batchNo: line.batch_no ?? '', day: line.expiry_date }] : [],
  );

export type ReturnLine = { product_id: string; quantity: number; batch_no?: string };

/** The return the dialog sends: the rows above 0, from the batch chosen (none: the server takes the earliest expiry first). */
export function returnOf(lines: readonly OrderLine[], values: StepLinesValues) {
  return collect<ReturnLine>(lines, values, (line, v, quantity) => ({
    product_id: line.product_id,
    quantity,
    ...(v.batch_no ? { batch_no: v.batch_no } : {}),
  }));
}

/** A note as typed, when there is one: both the step's history (`note`) and the ledger rows' notes (`notes`) keep it. */
export const noteFields = (note: string | undefined) => (note?.trim() ? { note, notes: note } : {});
