import type { AdjustFormData } from './stock-validation';

/**
 * POST /inventory/adjust-stock takes notes only, so the reason and reference the form asks for are kept in
 * the ledger row's notes: "Damaged in transit (reason: return, invoice INV-12)".
 */
export function adjustNotes({ notes, movement_reason, reference_type, reference_id }: AdjustFormData): string {
  return `${notes} (reason: ${movement_reason}, ${reference_type} ${reference_id})`;
}
