import { z } from 'zod';
import { idParam } from '../../domain/schemas/common.js';
import { TRANSFER_STATUSES, transferCancelSchema, transferCreateSchema, transferListQuery, transferReceiveSchema } from '../../domain/schemas/transfer.js';
import type { Action } from '../../domain/policy.js';
import { userOf } from '../auth/access.js';
import { created, errorWith, idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { sendJsonText, sendStock } from '../http/send-stock.js';
import { transferService } from '../services/transfer-service.js';

const perm = (action: Action) => ({ access: { resource: 'transfers' as const, action } });
const tags = ['transfers'];

/** A step the transfer's status does not allow names that status; a dispatch short of stock names the product. */
const transferConflict = {
  409: errorWith(
    'TransferConflict',
    'Conflicts with the transfer: a step its `status` does not allow, or (dispatch) not enough stock of `product_id`, of which `available` are there',
    {
      status: z.enum(TRANSFER_STATUSES).optional(),
      product_id: z.string().optional(),
      product_name: z.string().optional(),
      available: z.number().optional(),
    },
  ),
};

export const transferRoutes: RouteModule = (app, { database }) => {
  const transfers = transferService(database.db);

  app.get('/transfers', { config: perm('list'), schema: { tags, querystring: transferListQuery } }, async (request) => {
    const { rows, total } = await transfers.list(request.query, userOf(request).warehouses ?? null);
    return { data: rows, total, page: request.query.page, limit: request.query.limit };
  });

  app.post(
    '/transfers',
    { config: perm('create'), schema: { tags, headers: idempotencyKeyHeader, body: transferCreateSchema, response: created } },
    async (request, reply) => sendStock(reply, await transfers.create(request.body, userOf(request), request.headers['idempotency-key']), userOf(request)),
  );

  // A draft edited: the create's body, while it is a draft (else 409 with its status); 'create' is the permission to draft one.
  app.put(
    '/transfers/:id',
    { config: perm('create'), schema: { tags, params: idParam, headers: idempotencyKeyHeader, body: transferCreateSchema, response: transferConflict } },
    async (request, reply) =>
      sendStock(reply, await transfers.update(request.params.id, request.body, userOf(request), request.headers['idempotency-key']), userOf(request)),
  );

  app.get('/transfers/:id', { config: perm('show'), schema: { tags, params: idParam } }, async (request, reply) => {
    const user = userOf(request);
    const body = await transfers.get(request.params.id, user.warehouses ?? null);
    // JSON text from the database: Fastify's serialization hooks do not see it, so costs are dropped here.
    return sendJsonText(reply, body, user);
  });

  app.post(
    '/transfers/:id/dispatch',
    { config: perm('dispatch'), schema: { tags, params: idParam, headers: idempotencyKeyHeader, response: transferConflict } },
    async (request, reply) =>
      sendStock(reply, await transfers.dispatch(request.params.id, {}, userOf(request), request.headers['idempotency-key']), userOf(request)),
  );

  app.post(
    '/transfers/:id/receive',
    { config: perm('receive'), schema: { tags, params: idParam, headers: idempotencyKeyHeader, body: transferReceiveSchema, response: transferConflict } },
    async (request, reply) =>
      sendStock(reply, await transfers.receive(request.params.id, request.body, userOf(request), request.headers['idempotency-key']), userOf(request)),
  );

  app.post(
    '/transfers/:id/cancel',
    {
      config: perm('cancel'),
      schema: { tags, params: idParam, headers: idempotencyKeyHeader, body: transferCancelSchema.nullish(), response: transferConflict },
    },
    async (request, reply) =>
      sendStock(
        reply,
        await transfers.cancel(request.params.id, request.body ?? { note: undefined }, userOf(request), request.headers['idempotency-key']),
        userOf(request),
      ),
  );
};
