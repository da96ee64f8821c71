import { productListQuery, type ProductInput, type ProductPatch } from '../../domain/schemas/product.js';
import type { Db } from '../db/client.js';
import type { CrudService } from '../http/crud-routes.js';
import { PRODUCT_SORT_FIELDS, type ProductListQuery } from './product-query.js';
import type { WarningLog } from '../http/types.js';
import { productService } from './product-service.js';

/**
 * products' own service as the declared CRUD routes serve it: its sorts (stock included), its list parameters
 * (warehouse, category, subcategory, stock status, barcode) and its bodies, validated by the routes before they reach it.
 */
export function productCrud(db: Db, log: WarningLog): CrudService<Record<string, unknown>, Record<string, unknown>, unknown> {
  const products = productService(db, log);
  return {
    sortFields: PRODUCT_SORT_FIELDS,
    listQuery: productListQuery.shape,
    list: ({ warehouse_id, ...query }) => products.list({ ...query, warehouseId: warehouse_id } as ProductListQuery),
    exportRows: ({ warehouse_id, ...query }) => products.exportRows({ ...query, warehouseId: warehouse_id } as ProductListQuery),
    get: (id) => products.get(id),
    create: (input, by) => products.create(input as ProductInput, by),
    update: (id, patch, by) => products.update(id, patch as ProductPatch, by),
    remove: (id, by) => products.remove(id, by),
  };
}
