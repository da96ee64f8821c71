import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { handlingCharges } from '../db/schema.js';
import type { HandlingChargeInput } from '../../domain/schemas/handling-charge.js';
import { notFound, requireId } from '../http/errors.js';
import type { CrudService } from '../http/crud-routes.js';
import { countRows, offsetOf, searchFilter, sortOrder } from './list-helpers.js';

export type HandlingChargeOut = { _id: string; charge_type: string; amount: number; created: Date; modified: Date };

const toApi = (row: typeof handlingCharges.$inferSelect): HandlingChargeOut => ({
  _id: row.id, charge_type: row.chargeType, amount: row.amount, created: row.created, modified: row.modified,
});

const sortable = { charge_type: handlingCharges.chargeType, amount: handlingCharges.amount, created: handlingCharges.created };

export function handlingChargeService(db: Db): CrudService<HandlingChargeInput, HandlingChargeInput, HandlingChargeOut> {
  return {
    sortFields: Object.keys(sortable),
    async list(query) {
      const where = searchFilter(query.q, [handlingCharges.chargeType]);
      const [rows, total] = await Promise.all([
        db.select().from(handlingCharges).where(where)
          .orderBy(...sortOrder(query, sortable, [desc(handlingCharges.created), desc(handlingCharges.id)]))
          .limit(query.limit).offset(offsetOf(query)),
        countRows(db, handlingCharges, where),
      ]);
      return { rows: rows.map(toApi), total };
    },
    async get(id) {
      const [row] = await db.select().from(handlingCharges).where(eq(handlingCharges.id, requireId(id, 'Handling charge'))).limit(1);
      if (!row) throw notFound('Handling charge');
      return toApi(row);
    },
    async create(input) {
      const [row] = await db.insert(handlingCharges).values({ chargeType: input.charge_type, amount: input.amount }).returning();
      return toApi(row!);
    },
    async update(id, input) {
      const [row] = await db.update(handlingCharges)
        .set({ chargeType: input.charge_type, amount: input.amount, modified: sql`now()` })
        .where(eq(handlingCharges.id, requireId(id, 'Handling charge'))).returning();
      if (!row) throw notFound('Handling charge');
      return toApi(row);
    },
    async remove(id) {
      const [row] = await db.delete(handlingCharges).where(eq(handlingCharges.id, requireId(id, 'Handling charge'))).returning({ id: handlingCharges.id });
      if (!row) throw notFound('Handling charge');
    },
  };
}
