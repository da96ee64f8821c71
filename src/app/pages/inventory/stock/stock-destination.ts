/**
 * SPEC.md section 4: after a stock update, to /inventory-by-city/{city_id}?warehouse_id=… when the screen was
 * opened with both in the query (or, on the add screen, through the warehouse's city); else `fallback`.
 */
export function stockDestination(cityId: string | null | undefined, warehouseId: string | null | undefined, fallback: string): string {
  if (!cityId || !warehouseId) return fallback;
  return `/inventory-by-city/${encodeURIComponent(cityId)}?${new URLSearchParams({ warehouse_id: warehouseId }).toString()}`;
}
