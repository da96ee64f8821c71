import { categoriesResource } from './categories.js';
import { citiesResource } from './cities.js';
import { handlingChargesResource } from './handling-charges.js';
import { inventoryResource } from './inventory.js';
import { productsResource } from './products.js';
import { subcategoriesResource } from './subcategories.js';
import { usersResource } from './users.js';
import { warehousesResource } from './warehouses.js';
import { purchaseOrdersResource } from './purchase-orders.js';
// new-resource: imports

/**
 * Every declared resource, read by the policy, the API and the SPA. `npm run new-resource` appends here.
 */
export const DECLARED_RESOURCES = [
  productsResource,
  usersResource,
  citiesResource,
  warehousesResource,
  inventoryResource,
  handlingChargesResource,
  categoriesResource,
  subcategoriesResource,
  purchaseOrdersResource,
  // new-resource: entries
] as const;

export type DeclaredResource = (typeof DECLARED_RESOURCES)[number];
export type DeclaredName = DeclaredResource['name'];
