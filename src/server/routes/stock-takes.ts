import { z } from 'zod';
import { idParam } from '../../domain/schemas/common.js';
import { stockTakeCountsSchema, stockTakeCreateSchema, stockTakeListQuery, stockTakeShowQuery } from '../../domain/schemas/stock-take.js';
import type { Action } from '../../domain/policy.js';
import { userOf } from '../auth/access.js';
import { created, errorWith } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { stockTakeService } from '../services/stock-take-service.js';

const perm = (action: Action) => ({ access: { resource: 'stock-takes' as const, action } });
const tags = ['stock-takes'];

const overlap = errorWith('StockTakeOverlap', 'Conflicts with an open stock take of the same products: `open_stock_take_id` names it', {
  open_stock_take_id: z.string().optional(),
});

export const stockTakeRoutes: RouteModule = (app, { database }) => {
  const takes = stockTakeService(database.db);

  app.get('/stock-takes', { config: perm('list'), schema: { tags, querystring: stockTakeListQuery } }, async (request) => {
    const { rows, total } = await takes.list(request.query, userOf(request).warehouses ?? null);
    return { data: rows, total, page: request.query.page, limit: request.query.limit };
  });

  app.post(
    '/stock-takes',
    { config: perm('create'), schema: { tags, body: stockTakeCreateSchema, response: { ...created, 409: overlap } } },
    async (request, reply) => reply.status(201).send(await takes.create(request.body, userOf(request))),
  );

  app.get('/stock-takes/:id', { config: perm('show'), schema: { tags, params: idParam, querystring: stockTakeShowQuery } }, (request) =>
    takes.get(request.params.id, request.query, userOf(request)),
  );

  app.put('/stock-takes/:id/counts', { config: perm('count'), schema: { tags, params: idParam, body: stockTakeCountsSchema } }, (request) =>
    takes.saveCounts(request.params.id, request.body, userOf(request)),
  );

  app.post('/stock-takes/:id/count-uncounted-as-zero', { config: perm('count'), schema: { tags, params: idParam } }, (request) =>
    takes.countUncountedAsZero(request.params.id, userOf(request)),
  );

  app.post('/stock-takes/:id/apply', { config: perm('apply'), schema: { tags, params: idParam } }, async (request, reply) => {
    const outcome = await takes.apply(request.params.id, userOf(request));
    if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(outcome.status).send(outcome.body);
  });

  app.post('/stock-takes/:id/cancel', { config: perm('cancel'), schema: { tags, params: idParam } }, (request) =>
    takes.cancel(request.params.id, userOf(request)),
  );
};
