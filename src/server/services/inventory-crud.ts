import { inventoryListQuery, type InventoryCreateInput, type InventoryListQuery, type InventoryUpdateInput } from '../../domain/schemas/inventory.js';
import type { Db } from '../db/client.js';
import type { CrudService } from '../http/crud-routes.js';
import { INVENTORY_SORT_FIELDS, inventoryService } from './inventory-service.js';

/**
 * inventory's own service as the declared CRUD routes serve it: its sorts and list parameters (warehouse, product,
 * name, location, low and out of stock), the caller's warehouse scope on every call, and a create that an
 * Idempotency-Key makes safe to retry.
 */
export function inventoryCrud(db: Db): CrudService<Record<string, unknown>, Record<string, unknown>, unknown> {
  const records = inventoryService(db);
  return {
    sortFields: INVENTORY_SORT_FIELDS,
    listQuery: inventoryListQuery.omit({ page: true, limit: true, q: true, sort: true, order: true }).shape,
    list: (query, by) => records.list(query as InventoryListQuery, by?.warehouses),
    exportRows: (query, by) => records.exportRows(query as InventoryListQuery, by?.warehouses),
    get: (id, by) => records.get(id, by?.warehouses),
    create: async (input, by) => (await records.create(input as InventoryCreateInput, by, undefined)).body,
    createOnce: (input, by, key) => records.create(input as InventoryCreateInput, by, key),
    update: (id, input, by) => records.update(id, input as InventoryUpdateInput, by),
    remove: (id, by) => records.remove(id, by),
  };
}
