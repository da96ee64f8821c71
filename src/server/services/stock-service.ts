import type { Database } from '../db/client.js';
import type { AddStockInput, AdjustStockInput, RemoveStockInput, RevalueStockInput } from '../../domain/schemas/inventory.js';
import type { WriteOffExpiredInput } from '../../domain/schemas/batches.js';
import type { CurrentUser } from '../auth/access.js';
import { parseKey, requestHash } from './idempotency.js';
import { runStockRequest, type StockAnswer, type StockRequestKind } from './stock-ledger.js';

/** add-stock, adjust-stock, remove-stock, revalue and write-off: each one SQL statement, at most once per Idempotency-Key. */
export function stockService(database: Database) {
  const request =
    (kind: StockRequestKind, route: string) =>
    (input: object, by: CurrentUser, rawKey: string | string[] | undefined): Promise<StockAnswer> => {
      const key = rawKey === undefined ? null : parseKey(rawKey);
      return runStockRequest(database, { kind, actor: by.id, route, key, requestHash: key && requestHash(route, input), input });
    };
  const add = request('add', 'POST /inventory/add-stock');
  const adjust = request('adjust', 'POST /inventory/adjust-stock');
  const remove = request('remove', 'POST /inventory/remove-stock');
  const writeOff = request('write-off-expired', 'POST /inventory/write-off-expired');
  const revalue = request('revalue', 'POST /inventory/revalue');
  return {
    addStock: (input: AddStockInput, by: CurrentUser, key: string | string[] | undefined) => add(input, by, key),
    /** Sets the stock to new_stock: the row is locked, so the difference it records is exact. */
    adjustStock: (input: AdjustStockInput, by: CurrentUser, key: string | string[] | undefined) => adjust(input, by, key),
    removeStock: (input: RemoveStockInput, by: CurrentUser, key: string | string[] | undefined) => remove(input, by, key),
    /** Every expired batch of the warehouse leaves as one `damaged` row (reason 'expired'), in one statement. */
    writeOffExpired: (input: WriteOffExpiredInput, by: CurrentUser, key: string | string[] | undefined) => writeOff(input, by, key),
    /** The record's stock is worth unit_cost a unit from now on: one `valuation` row (quantity 0) with the reason. */
    revalue: (input: RevalueStockInput, by: CurrentUser, key: string | string[] | undefined) => revalue(input, by, key),
  };
}
