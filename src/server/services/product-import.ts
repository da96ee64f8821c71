import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { categories, subcategories } from '../db/schema.js';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_MAX_ROWS, type ProductCsvColumn } from '../../domain/product-csv.js';
import { productSchema } from '../../domain/schemas/product.js';
import { HttpError } from '../http/errors.js';
import { parseCsv, type CsvRecord } from './csv.js';
import { restoreFormula } from '../../domain/csv.js';
import { findCodeOwners, codeTaken } from './product-codes.js';
import { runIdempotent } from './idempotency.js';
import { rowsOf } from '../db/rows.js';
import { STOP_TRACKING_REFUSED, trackingSwitchRefused } from './product-tracking.js';
import { writeImport, type ImportRow } from './product-import-write.js';

/** `row` is the file's line (the header is line 1), `field` the CSV column. */
export type ImportError = { row: number; field: string; message: string };
export type ImportAnswer = { dry_run: boolean; created: number; updated: number; errors: ImportError[] };

const headerOf = new Map(PRODUCT_CSV_COLUMNS.map((c) => [c.field as string, c.header]));
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A cell as the schema reads it: numbers as numbers when they look like one, so the schema words every other case. */
/** A cell as its text was before an export made it formula-safe (src/domain/csv.ts), then typed by its column. */
function cellValue(column: ProductCsvColumn, cell: string): unknown {
  const raw = restoreFormula(cell);
  const text = raw.trim();
  if (column.kind === 'text') return raw;
  if (text === '') return undefined;
  if (column.kind === 'number') return NUMBER.test(text) ? Number(text) : text;
  const flag = text.toLowerCase();
  return ['true', 'yes', '1'].includes(flag) ? true : ['false', 'no', '0'].includes(flag) ? false : text;
}

type Header = { columns: (ProductCsvColumn | undefined)[]; errors: ImportError[] };

function readHeader(record: CsvRecord): Header {
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  const columns = record.fields.map((raw) => {
    const name = raw.trim().toLowerCase();
    const column = PRODUCT_CSV_COLUMNS.find((c) => c.header === name);
    if (!column)
      errors.push({
        row: record.line,
        field: raw.trim() || '(empty)',
        message: `Unknown column '${raw.trim()}': the columns are ${PRODUCT_CSV_COLUMNS.map((c) => c.header).join(', ')}`,
      });
    else if (seen.has(name)) errors.push({ row: record.line, field: name, message: `Column '${name}' appears twice` });
    seen.add(name);
    return column;
  });
  for (const c of PRODUCT_CSV_COLUMNS) {
    if (c.required && !seen.has(c.header)) errors.push({ row: record.line, field: c.header, message: `Column '${c.header}' is missing` });
  }
  return { columns, errors };
}

type Catalogue = {
  category: Map<string, string>;
  /** `${categoryId}/${lower(name)}` → id. */
  subcategory: Map<string, string>;
};

async function loadNames(db: DbOrTx): Promise<Catalogue> {
  const [cats, subs] = await Promise.all([db.select().from(categories), db.select().from(subcategories)]);
  return {
    category: new Map(cats.map((c) => [c.name.trim().toLowerCase(), c.id])),
    subcategory: new Map(subs.map((s) => [`${s.categoryId}/${s.name.trim().toLowerCase()}`, s.id])),
  };
}

/**
 * Every row through the form's own zod schema, then what only the whole file and the catalogue can tell: names of
 * category and subcategory, a SKU or barcode twice in the file, a barcode already on another product. A row whose
 * SKU the catalogue holds updates that product; any other row creates one. `rows` holds only the rows without an error:
 * what an import would write, and what the dry run counts.
 */
export async function validateImport(db: DbOrTx, csv: string): Promise<{ rows: ImportRow[]; errors: ImportError[] }> {
  const parsed = parseCsv(csv);
  if (parsed.error) return { rows: [], errors: [{ row: parsed.error.line, field: 'file', message: parsed.error.message }] };
  const [head, ...records] = parsed.records;
  if (!head) return { rows: [], errors: [{ row: 1, field: 'file', message: 'The file is empty: it needs a header row and one row per product' }] };
  const header = readHeader(head);
  if (header.errors.length) return { rows: [], errors: header.errors };
  if (!records.length) return { rows: [], errors: [{ row: 2, field: 'file', message: 'The file has no product rows' }] };
  if (records.length > PRODUCT_IMPORT_MAX_ROWS) {
    throw new HttpError(413, `The file has ${records.length} product rows: at most ${PRODUCT_IMPORT_MAX_ROWS} per import`);
  }

  const names = await loadNames(db);
  const errors: ImportError[] = [];
  const rows: (ImportRow & { line: number })[] = [];
  const firstSku = new Map<string, number>();
  const firstBarcode = new Map<string, number>();

  for (const record of records) {
    const fail = (field: string, message: string) => errors.push({ row: record.line, field, message });
    if (record.fields.length !== header.columns.length) {
      fail('row', `Expected ${header.columns.length} fields as in the header, found ${record.fields.length}`);
      continue;
    }
    const input: Record<string, unknown> = {};
    header.columns.forEach((column, i) => {
      if (column) input[column.field] = cellValue(column, record.fields[i]!);
    });
    const result = productSchema.safeParse(input);
    if (!result.success) {
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const field = headerOf.get(String(issue.path[0] ?? '')) ?? String(issue.path[0] ?? 'row');
        if (seen.has(field)) continue;
        seen.add(field);
        fail(field, issue.message);
      }
    }
    const value = result.success ? result.data : undefined;
    const categoryText = typeof input.category === 'string' ? input.category.trim() : '';
    const subText = typeof input.subcategory === 'string' ? input.subcategory.trim() : '';
    const categoryId = categoryText ? names.category.get(categoryText.toLowerCase()) : undefined;
    if (categoryText && !categoryId) fail('category', `Category '${categoryText}' not found`);
    const subcategoryId = categoryId && subText ? names.subcategory.get(`${categoryId}/${subText.toLowerCase()}`) : undefined;
    if (categoryId && subText && !subcategoryId) fail('subcategory', `Subcategory '${subText}' not found in ${categoryText}`);

    const sku = value?.sku;
    if (sku) {
      const other = firstSku.get(sku.toLowerCase());
      if (other !== undefined) fail('sku', `SKU ${sku} is also on row ${other}`);
      else firstSku.set(sku.toLowerCase(), record.line);
    }
    const barcode = value?.barcode;
    if (barcode) {
      const other = firstBarcode.get(barcode);
      if (other !== undefined) fail('barcode', `Barcode ${barcode} is also on row ${other}`);
      else firstBarcode.set(barcode, record.line);
    }
    if (value && categoryId && subcategoryId) rows.push({ ...value, categoryId, subcategoryId, targetId: null, line: record.line });
  }

  const owners = await findCodeOwners(db, [...firstSku.keys()], [...firstBarcode.keys()]);
  const bySku = new Map(owners.filter((o) => o.sku).map((o) => [o.sku!.toLowerCase(), o]));
  const byBarcode = new Map(owners.filter((o) => o.barcode).map((o) => [o.barcode!, o]));
  for (const row of rows) {
    row.targetId = (row.sku && bySku.get(row.sku.toLowerCase())?.id) || null;
    const holder = row.barcode ? byBarcode.get(row.barcode) : undefined;
    if (holder && holder.id !== row.targetId) {
      errors.push({
        row: row.line,
        field: 'barcode',
        message: `Barcode ${row.barcode} is already used by ${holder.productname}${holder.sku ? ` (SKU ${holder.sku})` : ''}`,
      });
    }
  }
  for (const row of await datedStockBlocksStop(db, rows)) {
    errors.push({ row: row.line, field: 'tracks_expiry', message: STOP_TRACKING_REFUSED });
  }
  errors.sort((a, b) => a.row - b.row);
  // A row that parsed but failed a later check (a SKU or barcode twice, a barcode taken) is not one to import.
  const faulty = new Set(errors.map((e) => e.row));
  return { rows: rows.filter((row) => !faulty.has(row.line)), errors };
}

/** Rows that switch off expiry tracking of a product whose dated batches still hold stock (the switch's trigger refuses). */
async function datedStockBlocksStop<R extends ImportRow>(db: DbOrTx, rows: R[]): Promise<R[]> {
  const stopping = rows.filter((r) => r.targetId !== null && r.tracks_expiry === false);
  if (!stopping.length) return [];
  const held = await db.execute(sql`
    select distinct b.product_id from stock_batches b
     where b.product_id in (select (jsonb_array_elements_text(${JSON.stringify(stopping.map((r) => r.targetId))}::jsonb))::uuid)
       and b.batch_no <> 'OPENING' and b.current_stock > 0`);
  const blocked = new Set(rowsOf<{ product_id: string }>(held).map((r) => r.product_id));
  return stopping.filter((r) => blocked.has(r.targetId!));
}

const countsOf = (rows: ImportRow[]) => ({
  created: rows.filter((r) => r.targetId === null).length,
  updated: rows.filter((r) => r.targetId !== null).length,
});

export function productImportService(db: Db) {
  return {
    /** Validates only: what an import of this file would do, and every error. Writes nothing. */
    async dryRun(csv: string): Promise<ImportAnswer> {
      const { rows, errors } = await validateImport(db, csv);
      return { dry_run: true, ...countsOf(rows), errors };
    },

    /**
     * All rows or none, in one transaction: validated again inside it (the catalogue may have changed since the dry
     * run), under a lock that lines up concurrent imports. At most once per Idempotency-Key.
     */
    async apply(csv: string, userId: string, key: string | string[] | undefined) {
      const payload = { dry_run: false, sha256: crypto.createHash('sha256').update(csv).digest('hex') };
      try {
        return await runIdempotent(db, { key, userId, route: 'POST /products/import', payload }, async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product_import'))`);
          const { rows, errors } = await validateImport(tx, csv);
          if (errors.length) {
            const answer = { message: `The file has ${errors.length} error(s): nothing was imported`, dry_run: false, created: 0, updated: 0, errors };
            return { status: 400, body: answer };
          }
          const done = await writeImport(tx, rows);
          return { status: 200, body: { dry_run: false, ...done, errors: [] } satisfies ImportAnswer };
        });
      } catch (error) {
        throw trackingSwitchRefused(error) ?? codeTaken(error) ?? error;
      }
    },
  };
}
