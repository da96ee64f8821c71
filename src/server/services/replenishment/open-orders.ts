import { sql } from 'drizzle-orm';
import { warehouseFilterRaw, type WarehouseScope } from '../../auth/warehouse-scope.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Purchase orders still expected from their sellers (ordered or partially received) and those of them overdue: expected
 * before `today` (the business day, India time, as the orders' own `overdue` flag has it). One count over the open
 * orders' partial index.
 */
export async function openPurchaseOrders(db: DbOrTx, scope: WarehouseScope, today: string): Promise<{ open: number; overdue: number }> {
  const [row] = rowsOf<{ open: number; overdue: number }>(
    await db.execute(sql`
    select count(*)::int as open, (count(*) filter (where o.expected_on < ${today}::date))::int as overdue
      from purchase_orders o
     where o.status in ('ordered', 'partially_received') and ${warehouseFilterRaw(scope, 'o.warehouse_id')}`),
  );
  return row ?? { open: 0, overdue: 0 };
}
