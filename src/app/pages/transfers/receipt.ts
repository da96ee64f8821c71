import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { receivedQuantity } from '../../../domain/schemas/transfer';
import type { NumberFieldValue } from '../../components/number-text';
import { zodMessage } from '../../crud/zod-rules';
import type { TransferDetail, TransferLine } from './types';

/** The receive form: what arrived of each product in transit (by product id), whether to close, and why units are missing. */
export type ReceiveValues = { receive?: Record<string, NumberFieldValue>; close?: boolean; note?: string };

/**
 * A received quantity: the API's rule (a whole number, 0 or more, a blank box included), and no more than is in transit;
 * said in the user's language (`t` for this screen's words, `tx` for the shared rule's English).
 */
export const receivedQuantityRules = (line: TransferLine, t: TFunction, tx: (text: string) => string): FormRule[] => [
  {
    validator: async (_rule, value: NumberFieldValue) => {
      const message = zodMessage(receivedQuantity, value);
      if (message) throw new Error(tx(message));
      if ((value as number) > line.in_transit) throw new Error(t('transfers.receive.onlyInTransit', { n: line.in_transit }));
    },
  },
];

/** What the form says will happen: the lines to send (those above 0), the units received and those left in transit. */
export function receiptOf(transfer: TransferDetail, values: ReceiveValues['receive'] = {}) {
  const lines = transfer.lines
    .filter((l) => l.in_transit > 0)
    .map((l) => ({ product_id: l.product_id, quantity: l.product_id in values ? values[l.product_id] : l.in_transit }))
    .filter((l): l is { product_id: string; quantity: number } => typeof l.quantity === 'number' && Number.isInteger(l.quantity) && l.quantity > 0);
  const received = lines.reduce((sum, l) => sum + l.quantity, 0);
  return { lines, received, leftOver: transfer.in_transit_quantity - received };
}
