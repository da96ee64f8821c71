import { useState } from 'react';
import type { ReplenishmentRow } from '../../../domain/schemas/replenishment';
import type { NumberFieldValue } from '../../components/number-text';

/** The quantity as typed: a number, nothing, or text that is not one. */
type Picked = { row: ReplenishmentRow; quantity: NumberFieldValue };
const isQuantity = (q: NumberFieldValue): q is number => typeof q === 'number' && Number.isInteger(q) && q >= 1;

/** A row can be ordered only from a seller: its record's preferred one. */
export const orderable = (row: ReplenishmentRow) => row.preferred_seller_id !== null;

/**
 * The rows chosen to order, across pages, each with its quantity (the suggestion until changed). Choosing another
 * warehouse or filter starts again (the caller clears it).
 */
export function useOrderSelection() {
  const [picked, setPicked] = useState<ReadonlyMap<string, Picked>>(new Map());

  const add = (rows: readonly ReplenishmentRow[]) =>
    setPicked((current) => {
      const next = new Map(current);
      for (const row of rows) if (orderable(row) && !next.has(row.inventory_id)) next.set(row.inventory_id, { row, quantity: row.suggested_quantity });
      return next;
    });
  const remove = (ids: readonly string[]) =>
    setPicked((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });

  const entries = [...picked.values()];
  return {
    keys: [...picked.keys()],
    count: picked.size,
    /** The page's rows as the table reports them selected now. */
    setPage(pageRows: readonly ReplenishmentRow[], selectedKeys: readonly string[]) {
      const chosen = new Set(selectedKeys);
      add(pageRows.filter((r) => chosen.has(r.inventory_id)));
      remove(pageRows.filter((r) => !chosen.has(r.inventory_id)).map((r) => r.inventory_id));
    },
    add,
    clear: () => setPicked(new Map()),
    /** Undefined: the row is not chosen. */
    quantityOf: (row: ReplenishmentRow): { value: NumberFieldValue } | undefined => {
      const entry = picked.get(row.inventory_id);
      return entry ? { value: entry.quantity } : undefined;
    },
    setQuantity: (row: ReplenishmentRow, quantity: NumberFieldValue) =>
      setPicked((current) => {
        const entry = current.get(row.inventory_id);
        return entry ? new Map(current).set(row.inventory_id, { ...entry, quantity }) : current;
      }),
    /** Every chosen quantity is a whole number of at least 1. */
    valid: entries.every((e) => isQuantity(e.quantity)),
    lines: () => entries.map((e) => ({ product_id: e.row.product_id, quantity: Number(e.quantity) })),
    /** The sellers the orders go to, in the order their first line was chosen; `unnamed` for one without a name. */
    sellers: (unnamed: string) => [...new Map(entries.map((e) => [e.row.preferred_seller_id!, e.row.preferred_seller_name ?? unnamed])).values()],
  };
}
