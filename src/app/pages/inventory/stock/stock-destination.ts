/**
 * SPEC.md section 4: after a stock update, to /inventory-by-city/{city_id}?warehouse_id=… when the screen was
 * opened with both in the query (or, on the add screen, through the warehouse's city); else `fallback`. Given the
 * product changed, the view opens searched to it: a warehouse's rows are paged, and it may not be on the first page.
 */
export function stockDestination(cityId: string | null | undefined, warehouseId: string | null | undefined, fallback: string, productName?: string): string {
  if (!cityId || !warehouseId) return fallback;
  const query = new URLSearchParams({ warehouse_id: warehouseId, ...(productName ? { q: productName } : {}) });
  return `/inventory-by-city/${encodeURIComponent(cityId)}?${query.toString()}`;
}
