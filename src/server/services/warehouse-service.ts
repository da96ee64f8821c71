import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cities, inventory, stockMovements, warehouses } from '../db/schema.js';
import type { WarehouseInput } from '../../domain/schemas/warehouse.js';
import { WAREHOUSE_STATUSES } from '../../domain/constants.js';
import { HttpError, badRequest, conflict, notFound, requireId, requireRef } from '../http/errors.js';
import type { CurrentUser } from '../auth/access.js';
import { OUT_OF_SCOPE_MESSAGE, warehouseFilter, warehouseInScope } from '../auth/warehouse-scope.js';
import type { CrudService } from '../http/crud-routes.js';
import { countRows, equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter } from './list-helpers.js';

export type WarehouseOut = {
  _id: string; name: string; city_id: string; city: string | null; address: string; status: string;
  description: string | null; contact_person: string; contact_phone: string; contact_email: string;
  created: Date; modified: Date;
};

type Row = { w: typeof warehouses.$inferSelect; cityName: string | null };

const toApi = ({ w, cityName }: Row): WarehouseOut => ({
  _id: w.id, name: w.name, city_id: w.cityId, city: cityName, address: w.address, status: w.status,
  description: w.description, contact_person: w.contactPerson, contact_phone: w.contactPhone,
  contact_email: w.contactEmail, created: w.created, modified: w.modified,
});

const sortable = { name: warehouses.name, status: warehouses.status, city: cities.name, created: warehouses.created };
const filterable: Record<string, EqualityFilter> = {
  city_id: { column: warehouses.cityId, kind: 'id' }, status: { column: warehouses.status, values: WAREHOUSE_STATUSES },
};

export function warehouseService(db: Db): CrudService<WarehouseInput, WarehouseInput, WarehouseOut> {
  const select = () =>
    db.select({ w: warehouses, cityName: cities.name }).from(warehouses).leftJoin(cities, eq(cities.id, warehouses.cityId));

  async function toRow(input: WarehouseInput) {
    const cityId = requireRef(input.city_id, 'city_id', 'City');
    const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1);
    if (!city) throw badRequest('city_id', 'City not found');
    return {
      name: input.name, cityId, address: input.address, status: input.status, description: input.description ?? null,
      contactPerson: input.contact_person, contactPhone: input.contact_phone, contactEmail: input.contact_email,
    };
  }

  /** Another warehouse than the caller's (scope 'assigned') is not found, like an unknown one. */
  async function get(id: string, by?: CurrentUser) {
    const [row] = await select().where(and(eq(warehouses.id, requireId(id, 'Warehouse')), warehouseFilter(by?.warehouses ?? null, warehouses.id))).limit(1);
    if (!row) throw notFound('Warehouse');
    return toApi(row);
  }

  /** A change to a warehouse outside the caller's scope is refused (403); with scope 'assigned' no new one is made. */
  async function assertWritable(by: CurrentUser | undefined, warehouseId: string | null) {
    const scope = by?.warehouses ?? null;
    if (!scope) return;
    if (warehouseId === null) throw new HttpError(403, 'Only a user who sees every warehouse may add one');
    const [known] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, warehouseId)).limit(1);
    if (known && !(await warehouseInScope(db, scope, warehouseId))) throw new HttpError(403, OUT_OF_SCOPE_MESSAGE);
  }

  return {
    sortFields: Object.keys(sortable),
    filterFields: Object.keys(filterable),
    async list(query, by) {
      const scope = warehouseFilter(by?.warehouses ?? null, warehouses.id);
      const text = searchFilter(query.q, [warehouses.name, warehouses.address, warehouses.contactPerson, cities.name]);
      const where = and(text, equalityFilters(query, filterable), scope);
      const [rows, total] = await Promise.all([
        select().where(where)
          .orderBy(...sortOrder(query, sortable, [desc(warehouses.created), desc(warehouses.id)]))
          .limit(query.limit).offset(offsetOf(query)),
        where
          ? db.select({ n: count() }).from(warehouses).leftJoin(cities, eq(cities.id, warehouses.cityId)).where(where).then(([r]) => Number(r?.n ?? 0))
          : countRows(db, warehouses, undefined),
      ]);
      return { rows: rows.map(toApi), total };
    },
    get,
    async create(input, by) {
      await assertWritable(by, null);
      const [row] = await db.insert(warehouses).values(await toRow(input)).returning();
      return get(row!.id);
    },
    async update(id, input, by) {
      const warehouseId = requireId(id, 'Warehouse');
      await assertWritable(by, warehouseId);
      const [row] = await db.update(warehouses).set({ ...(await toRow(input)), modified: sql`now()` })
        .where(eq(warehouses.id, warehouseId)).returning({ id: warehouses.id });
      if (!row) throw notFound('Warehouse');
      return get(warehouseId);
    },
    async remove(id, by) {
      const warehouseId = requireId(id, 'Warehouse');
      await assertWritable(by, warehouseId);
      await get(warehouseId);
      await db.transaction(async (tx) => {
        const [stocked] = await tx.select({ n: count() }).from(inventory)
          .where(and(eq(inventory.warehouseId, warehouseId), gt(inventory.currentStock, 0)));
        if (Number(stocked?.n) > 0) throw conflict(`This warehouse holds stock of ${stocked!.n} product(s). Move or remove the stock before deleting it.`);
        const [moved] = await tx.select({ n: count() }).from(stockMovements).where(eq(stockMovements.warehouseId, warehouseId));
        if (Number(moved?.n) > 0) throw conflict('This warehouse has stock movement history, which must be kept. Set it inactive instead.');
        await tx.delete(inventory).where(eq(inventory.warehouseId, warehouseId));
        await tx.delete(warehouses).where(eq(warehouses.id, warehouseId));
      });
    },
  };
}
