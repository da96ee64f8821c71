import { addDays, businessDay } from '../../../domain/business-days.js';
import { inputSchemaOf } from '../../../domain/resource.js';
import type { CreatedOrder, ReplenishmentOrdersAnswer, ReplenishmentOrdersInput } from '../../../domain/schemas/replenishment.js';
import type { CurrentUser } from '../../auth/access.js';
import { assertWarehouseWritable } from '../../auth/warehouse-scope.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { ServedResource } from '../../served-resources.js';
import { declaredService } from '../declared-service.js';
import type { DeclaredTables } from '../declared-refs.js';
import { runIdempotent, type Outcome } from '../idempotency.js';
import { requireWarehouse } from '../inventory-records.js';
import { planOrders, type PlannedOrder } from './order-plan.js';

type Row = Record<string, unknown>;

/** The declared purchase orders, as the API serves them: the orders drafted here go through their own create. */
export type PurchaseOrders = { served: ServedResource; tables: DeclaredTables };

/** An order's refusal in the request's words: its `lines.2.quantity` is the request's line, its seller the first line's. */
function inRequestTerms(error: unknown, order: PlannedOrder): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors = error.errors.map(({ field, message }) => {
    const line = /^lines\.(\d+)\.(.+)$/.exec(field);
    if (line) return { field: `lines.${order.lines[Number(line[1])]?.index ?? line[1]}.${line[2]}`, message };
    return field === 'seller_id' ? { field: `lines.${order.lines[0]!.index}.seller_id`, message } : { field, message };
  });
  return new HttpError(error.statusCode, error.message, errors, error.headers, error.extra);
}

/**
 * POST /replenishment/orders: one DRAFT purchase order per seller into the warehouse, all in one transaction and at
 * most once per Idempotency-Key. Each is created by the purchase orders' own create (number, GST rate and HSN code of
 * each line, the 'created' history entry), its body checked by their declaration's rule; expected on today + the
 * longest lead time of its lines, tomorrow at the earliest. Any refusal writes nothing.
 */
export async function createReplenishmentOrders(db: Db, purchaseOrders: PurchaseOrders, input: ReplenishmentOrdersInput, by: CurrentUser,
  key: string | string[] | undefined): Promise<Outcome & { replayed: boolean }> {
  await assertWarehouseWritable(db, by.warehouses ?? null, input.warehouse_id);
  const { spec, part } = purchaseOrders.served;
  const orderBody = inputSchemaOf(spec);
  return runIdempotent(db, { key, userId: by.id, route: 'POST /replenishment/orders', payload: input }, async (tx): Promise<Outcome> => {
    const warehouse = await requireWarehouse(tx, input.warehouse_id);
    const plan = await planOrders(tx, warehouse.id, input);
    // The purchase orders' service on this transaction: each create is a savepoint inside it.
    const service = declaredService(tx, spec, part, purchaseOrders.tables);
    const today = businessDay(new Date());
    const orders: CreatedOrder[] = [];
    for (const order of plan) {
      const expectedOn = addDays(today, Math.max(1, order.leadTimeDays));
      const body = orderBody.safeParse({
        seller_id: order.sellerId, warehouse_id: warehouse.id, expected_on: expectedOn, notes: 'Created from replenishment suggestions',
        lines: order.lines.map(({ product_id, quantity, unit_cost }) => ({ product_id, quantity, unit_cost })),
      });
      if (!body.success) {
        const errors = body.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
        throw inRequestTerms(new HttpError(400, errors.map((e) => e.message).join('; '), errors), order);
      }
      let made: Row;
      try {
        made = await service.create(body.data as Row, by);
      } catch (error) {
        throw inRequestTerms(error, order);
      }
      orders.push({
        _id: String(made._id), number: String(made.number), seller_id: order.sellerId,
        seller_name: (made.seller_name as string | null) ?? null, expected_on: expectedOn, lines: order.lines.length,
      });
    }
    return { status: 201, body: { orders } satisfies ReplenishmentOrdersAnswer };
  });
}
