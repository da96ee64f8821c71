import { inventoryStatusLabel } from '../../../../domain/resources/inventory';
import type { InventoryRecord } from './types';

export type StockStatus = { label: 'Out of Stock' | 'Low Stock' | 'In Stock'; color: 'red' | 'orange' | 'green' };

const OUT: StockStatus = { label: 'Out of Stock', color: 'red' };
const LOW: StockStatus = { label: 'Low Stock', color: 'orange' };
const IN: StockStatus = { label: 'In Stock', color: 'green' };

const BY_LABEL: Record<StockStatus['label'], StockStatus> = { 'Out of Stock': OUT, 'Low Stock': LOW, 'In Stock': IN };

/** SPEC.md section 4: Out of Stock, then Low Stock, then In Stock (the rule the CSV export writes too). */
export function inventoryStatus(record: Pick<InventoryRecord, 'out_of_stock' | 'low_stock_alert'>): StockStatus {
  return BY_LABEL[inventoryStatusLabel(record)];
}

/** The city view shows only Out of Stock or In Stock. */
export function cityInventoryStatus(record: Pick<InventoryRecord, 'out_of_stock'>): StockStatus {
  return record.out_of_stock ? OUT : IN;
}

/** SPEC.md section 4: at or below the minimum, a missing minimum counting as 0. */
export const isAtOrBelowMinimum = (current: number, minimum: number | null | undefined) => current <= (minimum ?? 0);

/** The stock panel of the add and adjust screens: Low Stock when at or below the minimum (empty shelves say so). */
export function panelStatus(current: number, minimum: number | null | undefined): StockStatus {
  if (current === 0) return OUT;
  return isAtOrBelowMinimum(current, minimum) ? LOW : IN;
}
