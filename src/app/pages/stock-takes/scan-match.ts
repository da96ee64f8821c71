/** What the count sheet's scan box finds for a barcode, an SKU or a name. */

export type ScanCandidate = { _id: string; productname: string; sku: string | null; barcode: string | null; onSheet: boolean };

export type ScanOutcome = { kind: 'one'; product: ScanCandidate } | { kind: 'several'; products: ScanCandidate[] } | { kind: 'none' };

type Named = { _id: string; productname: string; sku?: string | null; barcode?: string | null };

const fold = (text: string) => text.trim().toLocaleLowerCase();

/** A barcode exactly, or an SKU whatever its case (the API's rule: SKUs are unique whatever their case). */
export const hasCode = (p: Named, code: string): boolean => p.barcode === code.trim() || (Boolean(p.sku) && fold(p.sku!) === fold(code));

export const candidate = (p: Named, onSheet: boolean): ScanCandidate => ({
  _id: p._id,
  productname: p.productname,
  sku: p.sku ?? null,
  barcode: p.barcode ?? null,
  onSheet,
});

const outcome = (found: ScanCandidate[]): ScanOutcome =>
  found.length === 0 ? { kind: 'none' } : found.length === 1 ? { kind: 'one', product: found[0]! } : { kind: 'several', products: found };

/**
 * `sheet`: the lines of the count; `catalogue`: what the product search answered for the same text (names that contain
 * it, English or Hindi, and an exact SKU or barcode), which may hold products not on the sheet yet. A barcode or SKU
 * wins outright; then a name typed in full; then every product whose name contains the text, the sheet's first.
 */
export function resolveScan(code: string, sheet: ScanCandidate[], catalogue: ScanCandidate[]): ScanOutcome {
  const onSheet = new Set(sheet.map((p) => p._id));
  const all = [...sheet, ...catalogue.filter((p) => !onSheet.has(p._id))];
  const byCode = all.filter((p) => hasCode(p, code));
  if (byCode.length > 0) return outcome(byCode);
  const text = fold(code);
  const named = all.filter((p) => fold(p.productname) === text);
  if (named.length === 1) return outcome(named);
  const inCatalogue = new Set(catalogue.map((p) => p._id));
  return outcome(all.filter((p) => fold(p.productname).includes(text) || inCatalogue.has(p._id)));
}
