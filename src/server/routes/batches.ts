import { idParam } from '../../domain/schemas/common.js';
import { expiringQuery, writeOffExpiredSchema } from '../../domain/schemas/batches.js';
import { userOf } from '../auth/access.js';
import { idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { batchService } from '../services/batch-service.js';
import { stockService } from '../services/stock-service.js';

const tags = ['inventory'];

/** Perishables (issue 17): batches of a record, the expiring stock, and the write-off of what has expired. */
export const batchRoutes: RouteModule = (app, { database }) => {
  const batches = batchService(database.db);
  const stock = stockService(database.db);

  app.get('/inventory/expiring', { config: { access: { resource: 'inventory', action: 'list' } }, schema: { tags, querystring: expiringQuery } },
    (request) => batches.expiring(request.query));

  app.get('/inventory/:id/batches', { config: { access: { resource: 'inventory', action: 'show' } }, schema: { tags, params: idParam } },
    (request) => batches.ofRecord(request.params.id));

  app.post(
    '/inventory/write-off-expired',
    { config: { access: { resource: 'stock', action: 'write-off' } }, schema: { tags, headers: idempotencyKeyHeader, body: writeOffExpiredSchema } },
    async (request, reply) => {
      const answer = await stock.writeOffExpired(request.body, userOf(request), request.headers['idempotency-key']);
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
    },
  );
};
