import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cities, users, warehouses } from '../db/schema.js';
import type { CityInput } from '../../domain/schemas/city.js';
import { conflict, notFound, requireId } from '../http/errors.js';
import type { CrudService } from '../http/crud-routes.js';
import { countRows, equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter } from './list-helpers.js';

export type CityOut = {
  _id: string; name: string; state: string; district: string; pincode: string; wards: string[];
  is_active: boolean; created: Date; modified: Date;
};

const toApi = (row: typeof cities.$inferSelect): CityOut => ({
  _id: row.id, name: row.name, state: row.state, district: row.district, pincode: row.pincode,
  wards: row.wards, is_active: row.isActive, created: row.created, modified: row.modified,
});

const toRow = (input: CityInput) => ({
  name: input.name, state: input.state, district: input.district, pincode: input.pincode,
  wards: input.wards, isActive: input.is_active,
});

const sortable = { name: cities.name, state: cities.state, district: cities.district, pincode: cities.pincode, created: cities.created };
const filterable: Record<string, EqualityFilter> = { state: { column: cities.state, kind: 'contains' }, is_active: { column: cities.isActive, kind: 'boolean' } };

export function cityService(db: Db): CrudService<CityInput, CityInput, CityOut> {
  async function get(id: string) {
    const [row] = await db.select().from(cities).where(eq(cities.id, requireId(id, 'City'))).limit(1);
    if (!row) throw notFound('City');
    return toApi(row);
  }
  return {
    sortFields: Object.keys(sortable),
    filterFields: Object.keys(filterable),
    async list(query) {
      const where = and(searchFilter(query.q, [cities.name, cities.state, cities.district, cities.pincode]), equalityFilters(query, filterable));
      const [rows, total] = await Promise.all([
        db.select().from(cities).where(where)
          .orderBy(...sortOrder(query, sortable, [desc(cities.created), desc(cities.id)]))
          .limit(query.limit).offset(offsetOf(query)),
        countRows(db, cities, where),
      ]);
      return { rows: rows.map(toApi), total };
    },
    get,
    async create(input) {
      const [row] = await db.insert(cities).values(toRow(input)).returning();
      return toApi(row!);
    },
    async update(id, input) {
      const [row] = await db.update(cities).set({ ...toRow(input), modified: sql`now()` })
        .where(eq(cities.id, requireId(id, 'City'))).returning();
      if (!row) throw notFound('City');
      return toApi(row);
    },
    async remove(id) {
      const cityId = requireId(id, 'City');
      await get(cityId);
      const [[wh], [us]] = await Promise.all([
        db.select({ n: count() }).from(warehouses).where(eq(warehouses.cityId, cityId)),
        db.select({ n: count() }).from(users).where(eq(users.cityId, cityId)),
      ]);
      if (Number(wh?.n) > 0) throw conflict(`This city has ${wh!.n} warehouse(s). Move or delete them before deleting the city.`);
      if (Number(us?.n) > 0) throw conflict(`This city has ${us!.n} user(s). Move them to another city before deleting it.`);
      await db.delete(cities).where(eq(cities.id, cityId));
    },
  };
}

