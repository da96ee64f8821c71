import { csvCell } from './csv.js';
import type { ProductInput } from './schemas/product.js';

/**
 * The product CSV, declared once: the import reads these columns, its template and the product list's export write
 * them, so export → edit → import round-trips. A new product field is one line here (and its column in the
 * import's write, src/server/services/product-import-write.ts).
 */
export type ProductCsvColumn = {
  header: string;
  /** The field of the shared product schema the column fills. */
  field: keyof ProductInput;
  kind: 'text' | 'number' | 'boolean';
  /** Must be in the file's header row. */
  required: boolean;
};

export const PRODUCT_CSV_COLUMNS: readonly ProductCsvColumn[] = [
  { header: 'sku', field: 'sku', kind: 'text', required: false },
  { header: 'barcode', field: 'barcode', kind: 'text', required: false },
  { header: 'productname', field: 'productname', kind: 'text', required: true },
  { header: 'product_hindi', field: 'product_hindi', kind: 'text', required: false },
  { header: 'category', field: 'category', kind: 'text', required: true },
  { header: 'subcategory', field: 'subcategory', kind: 'text', required: true },
  { header: 'brand', field: 'product_keyword', kind: 'text', required: true },
  { header: 'unit', field: 'unit', kind: 'text', required: true },
  { header: 'unit_value', field: 'unit_value', kind: 'text', required: true },
  { header: 'price', field: 'price', kind: 'number', required: true },
  { header: 'discount_price', field: 'discount_price', kind: 'number', required: true },
  { header: 'description', field: 'product_description', kind: 'text', required: true },
  { header: 'tracks_expiry', field: 'tracks_expiry', kind: 'boolean', required: false },
];

/** Largest CSV the import takes (413 beyond): 10,000 products of ~200 bytes are ~2 MB. */
export const PRODUCT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most data rows in one file (413 beyond). */
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;

/** The template's two example rows (valid EAN-13 check digits). */
export const PRODUCT_CSV_EXAMPLES: Record<string, string>[] = [
  {
    sku: 'TEA-ASSAM-500',
    barcode: '8901234567906',
    productname: 'Assam Gold Leaf Tea',
    product_hindi: 'असम चाय',
    category: 'Snacks & Beverages',
    subcategory: 'Tea & Coffee',
    brand: 'Tea Estate Co',
    unit: 'g',
    unit_value: '500',
    price: '320',
    discount_price: '295',
    description: 'Strong Assam leaf tea, 500 g pack.',
    tracks_expiry: 'false',
  },
  {
    sku: 'RICE-SONA-5',
    barcode: '8901234567913',
    productname: 'Sona Masoori Rice',
    product_hindi: 'सोना मसूरी चावल',
    category: 'Staples',
    subcategory: 'Rice',
    brand: 'Southern Fields',
    unit: 'kg',
    unit_value: '5',
    price: '799.50',
    discount_price: '749',
    description: 'Aged sona masoori, "everyday", 5 kg bag.',
    tracks_expiry: '',
  },
];

/** One CSV field: formula-safe and quoted when it holds a comma, quote, line break or edge space (RFC 4180). */
export const csvField = (value: unknown): string => csvCell(value === null || value === undefined ? '' : typeof value === 'number' ? value : String(value));

/** A whole CSV file in the product columns, from rows keyed by header. */
export function productCsv(rows: Record<string, unknown>[]): string {
  const lines = [PRODUCT_CSV_COLUMNS.map((c) => c.header).join(',')];
  for (const row of rows) lines.push(PRODUCT_CSV_COLUMNS.map((c) => csvField(row[c.header])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
