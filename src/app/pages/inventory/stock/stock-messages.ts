/** SPEC.md section 8. */
export const STOCK_UPDATED = 'Stock updated successfully!';
export const NO_CITY = 'Warehouse does not have a city assigned.';
