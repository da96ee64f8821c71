import { sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { restoreFormula } from '../../../domain/csv.js';
import {
  NO_SELLER,
  REPLENISHMENT_CSV_COLUMNS,
  REPLENISHMENT_IMPORT_MAX_ROWS,
  leadTimeDays,
  orderMultiple,
  type ReplenishmentCsvHeader,
  type SettingsImportError,
} from '../../../domain/schemas/replenishment.js';
import { MIN_ABOVE_MAX_MESSAGE, stockLevel } from '../../../domain/schemas/stock-rules.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError } from '../../http/errors.js';
import { parseCsv, type CsvRecord } from '../csv.js';
import { findRecords, findSellers, findWarehouses, findProducts } from './settings-lookups.js';

/** What one row sets on its record; a setting it leaves out keeps the record's value. */
export type SettingsChange = {
  line: number;
  inventoryId: string;
  warehouseId: string;
  minimum_stock: number;
  maximum_stock: number;
  lead_time_days: number;
  order_multiple: number;
  preferred_seller_id: string | null;
  changed: boolean;
};

const NUMBER_RULES: Partial<Record<ReplenishmentCsvHeader, ZodType<number>>> = {
  minimum_stock: stockLevel('Minimum stock'),
  maximum_stock: stockLevel('Maximum stock'),
  lead_time_days: leadTimeDays,
  order_multiple: orderMultiple,
};

type Header = { columns: (ReplenishmentCsvHeader | undefined)[]; errors: SettingsImportError[] };

function readHeader(record: CsvRecord): Header {
  const errors: SettingsImportError[] = [];
  const seen = new Set<string>();
  const names = REPLENISHMENT_CSV_COLUMNS.map((c) => c.header);
  const columns = record.fields.map((raw) => {
    const name = raw.trim().toLowerCase();
    const column = names.find((n) => n === name);
    if (!column)
      errors.push({ row: record.line, field: raw.trim() || '(empty)', message: `Unknown column '${raw.trim()}': the columns are ${names.join(', ')}` });
    else if (seen.has(name)) errors.push({ row: record.line, field: name, message: `Column '${name}' appears twice` });
    seen.add(name);
    return column;
  });
  for (const c of REPLENISHMENT_CSV_COLUMNS) {
    if (c.required && !seen.has(c.header)) errors.push({ row: record.line, field: c.header, message: `Column '${c.header}' is missing` });
  }
  return { columns, errors };
}

type Cells = Partial<Record<ReplenishmentCsvHeader, string>>;

/**
 * Every row of a replenishment settings CSV checked, each bad cell reported by row and column: the warehouse by name, the
 * product by SKU, barcode or name, the preferred seller by e-mail or phone; the numbers by the inventory record's own
 * rules; the minimum not above a maximum that is set, as the record would end up. A known warehouse outside the caller's
 * scope is a 403 for the whole file. `changes` holds the rows without an error: what an import would write.
 */
export async function validateSettings(
  db: DbOrTx,
  csv: string,
  inScope: (warehouseId: string) => boolean,
): Promise<{ changes: SettingsChange[]; errors: SettingsImportError[] }> {
  const parsed = parseCsv(csv);
  if (parsed.error) return { changes: [], errors: [{ row: parsed.error.line, field: 'file', message: parsed.error.message }] };
  const [head, ...records] = parsed.records;
  if (!head) return { changes: [], errors: [{ row: 1, field: 'file', message: 'The file is empty: it needs a header row and one row per inventory record' }] };
  const header = readHeader(head);
  if (header.errors.length) return { changes: [], errors: header.errors };
  if (!records.length) return { changes: [], errors: [{ row: 2, field: 'file', message: 'The file has no rows' }] };
  if (records.length > REPLENISHMENT_IMPORT_MAX_ROWS) {
    throw new HttpError(413, `The file has ${records.length} rows: at most ${REPLENISHMENT_IMPORT_MAX_ROWS} per import`);
  }

  const errors: SettingsImportError[] = [];
  const rows = records.flatMap((record) => {
    if (record.fields.length !== header.columns.length) {
      errors.push({ row: record.line, field: 'row', message: `Expected ${header.columns.length} fields as in the header, found ${record.fields.length}` });
      return [];
    }
    const cells: Cells = {};
    header.columns.forEach((column, i) => {
      const text = restoreFormula(record.fields[i]!).trim();
      if (column && text !== '') cells[column] = text;
    });
    return [{ line: record.line, cells }];
  });

  const [warehouses, products, sellers] = await Promise.all([
    findWarehouses(
      db,
      rows.map((r) => r.cells.warehouse ?? ''),
    ),
    findProducts(
      db,
      rows.map((r) => r.cells.product ?? ''),
    ),
    findSellers(db),
  ]);
  const picked = rows.map(({ line, cells }) => {
    const fail = (field: string, message: string): undefined => {
      errors.push({ row: line, field, message });
      return undefined;
    };
    const warehouse = cells.warehouse === undefined ? fail('warehouse', 'Warehouse is required') : warehouses.pick(cells.warehouse, fail);
    if (warehouse && !inScope(warehouse.id)) throw new HttpError(403, `Row ${line}: ${warehouse.name} is not one of your assigned warehouses`);
    const product = cells.product === undefined ? fail('product', 'Product is required') : products.pick(cells.product, fail);
    const numbers: Partial<Record<ReplenishmentCsvHeader, number>> = {};
    for (const [column, rule] of Object.entries(NUMBER_RULES) as [ReplenishmentCsvHeader, ZodType<number>][]) {
      const text = cells[column];
      if (text === undefined) continue;
      const result = rule.safeParse(text);
      if (result.success) numbers[column] = result.data;
      else fail(column, result.error.issues[0]!.message);
    }
    const sellerText = cells.preferred_seller;
    const seller = sellerText === undefined ? undefined : sellerText.toLowerCase() === NO_SELLER ? null : (sellers.pick(sellerText, fail) ?? undefined);
    return { line, warehouse, product, numbers, seller: seller === undefined ? undefined : seller && seller.id };
  });

  const found = await findRecords(
    db,
    picked.flatMap((p) => (p.warehouse && p.product ? [{ warehouseId: p.warehouse.id, productId: p.product.id }] : [])),
  );
  const firstRow = new Map<string, number>();
  const changes: SettingsChange[] = [];
  for (const p of picked) {
    if (!p.warehouse || !p.product) continue;
    const pair = `${p.warehouse.id}/${p.product.id}`;
    const record = found.get(pair);
    if (firstRow.has(pair)) {
      errors.push({ row: p.line, field: 'product', message: `${p.product.name} in ${p.warehouse.name} is also on row ${firstRow.get(pair)}` });
      continue;
    }
    firstRow.set(pair, p.line);
    if (!record) {
      errors.push({ row: p.line, field: 'product', message: `${p.product.name} has no inventory record in ${p.warehouse.name}: add it on Inventory first` });
      continue;
    }
    const next = {
      minimum_stock: p.numbers.minimum_stock ?? record.minimum_stock,
      maximum_stock: p.numbers.maximum_stock ?? record.maximum_stock,
      lead_time_days: p.numbers.lead_time_days ?? record.lead_time_days,
      order_multiple: p.numbers.order_multiple ?? record.order_multiple,
      preferred_seller_id: p.seller === undefined ? record.preferred_seller_id : p.seller,
    };
    if (next.maximum_stock > 0 && next.minimum_stock > next.maximum_stock) {
      errors.push({ row: p.line, field: 'minimum_stock', message: MIN_ABOVE_MAX_MESSAGE });
      continue;
    }
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== record[k]);
    changes.push({ line: p.line, inventoryId: record.id, warehouseId: p.warehouse.id, ...next, changed });
  }
  errors.sort((a, b) => a.row - b.row);
  const faulty = new Set(errors.map((e) => e.row));
  return { changes: changes.filter((c) => !faulty.has(c.line)), errors };
}

/** The rows written in one statement: each record's five settings, as checked. */
export async function writeSettings(tx: DbOrTx, changes: SettingsChange[]): Promise<void> {
  const changed = changes
    .filter((c) => c.changed)
    .map((c) => ({
      id: c.inventoryId,
      minimum_stock: c.minimum_stock,
      maximum_stock: c.maximum_stock,
      lead_time_days: c.lead_time_days,
      order_multiple: c.order_multiple,
      preferred_seller_id: c.preferred_seller_id,
    }));
  if (!changed.length) return;
  rowsOf(
    await tx.execute(sql`
    update inventory i set minimum_stock = s.minimum_stock, maximum_stock = s.maximum_stock, lead_time_days = s.lead_time_days,
           order_multiple = s.order_multiple, preferred_seller_id = s.preferred_seller_id, modified = now()
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)
           as s(id uuid, minimum_stock int, maximum_stock int, lead_time_days int, order_multiple int, preferred_seller_id uuid)
     where i.id = s.id`),
  );
}
