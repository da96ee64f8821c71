import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { DECLARED_RESOURCES, type DeclaredName } from '../domain/resources/index.js';
import * as generated from './db/declared-schema.js';
import { tableNameOf } from './db/declared-table.js';
import { categories, cities, handlingCharges, products, subcategories, users, warehouses } from './db/schema.js';
import type { ServerPart } from './services/declared-service.js';

const productsNoun = { singular: 'product', plural: 'products' };

/** Declarations whose table predates them (or that other tables refer to), and what keeps their rows from deletion. */
const HAND_WRITTEN: Partial<Record<DeclaredName, ServerPart>> = {
  cities: {
    table: cities,
    usedBy: [
      { table: warehouses, column: warehouses.cityId, message: (n) => `This city has ${n} warehouse(s). Move or delete them before deleting the city.` },
      { table: users, column: users.cityId, message: (n) => `This city has ${n} user(s). Move them to another city before deleting it.` },
    ],
  },
  'handling-charges': { table: handlingCharges },
  categories: { table: categories, usedBy: [{ table: products, column: products.categoryId, noun: productsNoun }] },
  subcategories: { table: subcategories, usedBy: [{ table: products, column: products.subcategoryId, noun: productsNoun }] },
};

const generatedTables = (Object.values(generated) as unknown[]).filter((t): t is PgTable => is(t, PgTable));

/** The server part of every declared resource: its hand-written part, else its generated table. */
export const serverParts: ReadonlyMap<string, ServerPart> = new Map(
  DECLARED_RESOURCES.map((spec) => {
    const part = HAND_WRITTEN[spec.name] ?? { table: generatedTables.find((t) => getTableName(t) === tableNameOf(spec))! };
    if (!part.table) throw new Error(`Resource '${spec.name}' has no table: run npm run new-resource or add it to src/server/resources.ts`);
    return [spec.name, part];
  }),
);
