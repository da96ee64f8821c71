export const UNITS = ['g', 'kg', 'pcs', 'pack', 'ml', 'bottle', 'tube', 'box', 'pouch', 'cup', 'jar', 'carton', 'license', 'code', 'strip'] as const;

export const COLOURS = ['standard', 'White', 'Black', 'Red', 'Blue', 'Green', 'Yellow', 'Purple', 'Pink', 'Orange', 'Brown', 'Grey'] as const;

export const PAGE_SIZE = 10;
export const INVENTORY_BY_CITY_PAGE_SIZE = 3;
/** Rows a warehouse shows at once in the city view, each warehouse with its own pager. */
export const INVENTORY_BY_CITY_ROWS = 10;
export const INVENTORY_BY_CITY_MAX_ROWS = 100;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_LIMIT = 10;
export const MAX_LIST_LIMIT = 1000;
export const PASSWORD_MIN_LENGTH = 6;

export const IMAGE_WIDTH_PX = 200;
export const IMAGE_JPEG_QUALITY = 0.9;
/** Largest image we accept, after the browser has resized it to 200 px wide. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Widest and tallest picture accepted: a small file can claim a huge size and cost whoever decodes it. */
export const IMAGE_MAX_SIDE_PX = 4096;

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const MOVEMENT_TYPES = ['in', 'out', 'adjustment', 'return', 'damaged'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** The ledger's row types: SPEC.md's five, and `valuation` (a change of value only, quantity 0: an opening or a revaluation). */
export const LEDGER_MOVEMENT_TYPES = [...MOVEMENT_TYPES, 'valuation'] as const;
export type LedgerMovementType = (typeof LEDGER_MOVEMENT_TYPES)[number];
export const MOVEMENT_REASONS = ['purchase', 'return', 'adjustment'] as const;
export const REFERENCE_TYPES = ['invoice', 'manual'] as const;
export const REPORT_TYPES = ['summary', 'detailed', 'movements', 'comparison'] as const;

export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_DEFAULT_LIMIT = 100;

export const WAREHOUSE_STATUSES = ['active', 'inactive'] as const;
export const WAREHOUSE_ADDRESS_CUT = 30;
/** A list cell (a city's wards) shows this many entries, then '+N more'. */
export const LIST_ENTRIES_SHOWN = 3;

export const CURRENCY = 'INR';
export const LOCALE = 'en-IN';
