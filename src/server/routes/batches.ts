import { idParam } from '../../domain/schemas/common.js';
import { expiringDownloadQuery, expiringQuery, writeOffExpiredSchema } from '../../domain/schemas/batches.js';
import { expiringReport } from '../services/expiring-report.js';
import { userOf } from '../auth/access.js';
import { assertWarehouseWritable } from '../auth/warehouse-scope.js';
import { withoutCosts } from '../auth/cost-fields.js';
import { sendStock } from '../http/send-stock.js';
import { idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { batchService } from '../services/batch-service.js';
import { stockService } from '../services/stock-service.js';

const tags = ['inventory'];
/** A batch's `value` (quantity × unit cost) is a cost figure in these answers. */
const BATCH_VALUE = ['value'];

/** Perishables (issue 17): batches of a record, the expiring stock, and the write-off of what has expired. */
export const batchRoutes: RouteModule = (app, { database }) => {
  const batches = batchService(database.db);
  const expiring = expiringReport(database.db);
  const stock = stockService(database);

  app.get(
    '/inventory/expiring',
    { config: { access: { resource: 'inventory', action: 'list' } }, schema: { tags, querystring: expiringQuery } },
    async (request) => {
      const user = userOf(request);
      const answer = await expiring.page(request.query, user.warehouses ?? null);
      return user.seesCosts === false ? withoutCosts(answer, BATCH_VALUE) : answer;
    },
  );

  app.get(
    '/inventory/expiring.csv',
    { config: { access: { resource: 'inventory', action: 'list' } }, schema: { tags, querystring: expiringDownloadQuery } },
    (request, reply) => {
      const user = userOf(request);
      return expiring.download(reply, request.query, user.warehouses ?? null, user.seesCosts !== false);
    },
  );

  app.get('/inventory/:id/batches', { config: { access: { resource: 'inventory', action: 'show' } }, schema: { tags, params: idParam } }, (request) =>
    batches.ofRecord(request.params.id, userOf(request).warehouses ?? null),
  );

  app.post(
    '/inventory/write-off-expired',
    { config: { access: { resource: 'stock', action: 'write-off' } }, schema: { tags, headers: idempotencyKeyHeader, body: writeOffExpiredSchema } },
    async (request, reply) => {
      const user = userOf(request);
      await assertWarehouseWritable(database.db, user.warehouses ?? null, request.body.warehouse_id);
      return sendStock(reply, await stock.writeOffExpired(request.body, user, request.headers['idempotency-key']), user, BATCH_VALUE);
    },
  );
};
