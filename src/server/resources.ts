import { getTableName, gt, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { isWarehouseScoped } from '../domain/policy.js';
import { DECLARED_RESOURCES, type DeclaredName } from '../domain/resources/index.js';
import * as generated from './db/declared-schema.js';
import { tableNameOf } from './db/declared-table.js';
import { categories, cities, handlingCharges, inventory, products, stockMovements, subcategories, users, warehouses } from './db/schema.js';
import type { ServerPart } from './services/declared-service.js';
import { inventoryCrud } from './services/inventory-crud.js';
import { productCrud } from './services/product-crud.js';
import { userService } from './services/user-service.js';

const productsNoun = { singular: 'product', plural: 'products' };

/**
 * Declarations whose table predates them (or that other tables refer to), what keeps their rows from deletion and
 * what goes with them, the warehouse scope of a resource listed in WAREHOUSE_SCOPED, and a special resource's own service.
 */
const HAND_WRITTEN: Partial<Record<DeclaredName, ServerPart>> = {
  cities: {
    table: cities,
    usedBy: [
      { table: warehouses, column: warehouses.cityId, message: (n) => `This city has ${n} warehouse(s). Move or delete them before deleting the city.` },
      { table: users, column: users.cityId, message: (n) => `This city has ${n} user(s). Move them to another city before deleting it.` },
    ],
  },
  warehouses: {
    table: warehouses,
    scope: { column: warehouses.id },
    usedBy: [
      {
        table: inventory, column: inventory.warehouseId, where: gt(inventory.currentStock, 0),
        message: (n) => `This warehouse holds stock of ${n} product(s). Move or remove the stock before deleting it.`,
      },
      { table: stockMovements, column: stockMovements.warehouseId, message: () => 'This warehouse has stock movement history, which must be kept. Set it inactive instead.' },
    ],
    // Records of products it never held (no stock, no movement) go with it.
    cascade: [{ table: inventory, column: inventory.warehouseId }],
  },
  // Its own service applies the caller's warehouse scope on every call (src/server/auth/warehouse-scope.ts).
  inventory: { table: inventory, service: ({ database }) => inventoryCrud(database.db) },
  products: { table: products, service: ({ database, log }) => productCrud(database.db, log) },
  users: { table: users, service: ({ database, sessions }) => userService(database.db, sessions) },
  'handling-charges': { table: handlingCharges },
  categories: { table: categories, usedBy: [{ table: products, column: products.categoryId, noun: productsNoun }] },
  subcategories: { table: subcategories, usedBy: [{ table: products, column: products.subcategoryId, noun: productsNoun }] },
};

const generatedTables = (Object.values(generated) as unknown[]).filter((t): t is PgTable => is(t, PgTable));

/**
 * A declaration's server part, checked at start-up: it has a table, and a warehouse scope exactly where WAREHOUSE_SCOPED
 * lists the resource (the access hook sets a caller's scope only there: a scope without the entry would see everything).
 * A part with its own service applies the caller's scope itself, as inventory's does.
 */
export function checkedPart(name: string, part: Partial<ServerPart>): ServerPart {
  if (!part.table) throw new Error(`Resource '${name}' has no table: run npm run new-resource or add it to src/server/resources.ts`);
  const scoped = isWarehouseScoped(name);
  if ((part.scope && !scoped) || (scoped && !part.scope && !part.service)) {
    throw new Error(`Resource '${name}': a scope in src/server/resources.ts goes with an entry in WAREHOUSE_SCOPED`);
  }
  return part as ServerPart;
}

/** The server part of every declared resource: its hand-written part, else its generated table. */
export const serverParts: ReadonlyMap<string, ServerPart> = new Map(
  DECLARED_RESOURCES.map((spec) => [
    spec.name,
    checkedPart(spec.name, HAND_WRITTEN[spec.name] ?? { table: generatedTables.find((t) => getTableName(t) === tableNameOf(spec)) }),
  ]),
);
