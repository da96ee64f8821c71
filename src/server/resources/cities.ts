import { cities, users, warehouses } from '../db/schema.js';
import type { ServerPartModule } from '../served-resources.js';

/** SPEC.md's words for what keeps a city: its warehouses and its users. */
export default {
  table: cities,
  usedBy: [
    { table: warehouses, column: warehouses.cityId, message: (n) => `This city has ${n} warehouse(s). Move or delete them before deleting the city.` },
    { table: users, column: users.cityId, message: (n) => `This city has ${n} user(s). Move them to another city before deleting it.` },
  ],
} satisfies ServerPartModule;
