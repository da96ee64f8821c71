import type { FastifyReply } from 'fastify';
import { idParam } from '../../domain/schemas/common.js';
import {
  transferCancelSchema, transferCreateSchema, transferListQuery, transferReceiveSchema,
} from '../../domain/schemas/transfer.js';
import type { Action } from '../../domain/policy.js';
import { userOf } from '../auth/access.js';
import { created, idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import type { StockAnswer } from '../services/stock-ledger.js';
import { transferService } from '../services/transfer-service.js';

const perm = (action: Action) => ({ access: { resource: 'transfers' as const, action } });
const tags = ['transfers'];

/** The answer arrives from the database as JSON text: sent as it is. */
const sendAnswer = (reply: FastifyReply, answer: StockAnswer) => {
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
};

export const transferRoutes: RouteModule = (app, { database }) => {
  const transfers = transferService(database.db);

  app.get('/transfers', { config: perm('list'), schema: { tags, querystring: transferListQuery } }, async (request) => {
    const { rows, total } = await transfers.list(request.query);
    return { data: rows, total, page: request.query.page, limit: request.query.limit };
  });

  app.post('/transfers', { config: perm('create'), schema: { tags, headers: idempotencyKeyHeader, body: transferCreateSchema, response: created } },
    async (request, reply) => sendAnswer(reply, await transfers.create(request.body, userOf(request), request.headers['idempotency-key'])));

  app.get('/transfers/:id', { config: perm('show'), schema: { tags, params: idParam } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await transfers.get(request.params.id)));

  app.post('/transfers/:id/dispatch', { config: perm('dispatch'), schema: { tags, params: idParam, headers: idempotencyKeyHeader } },
    async (request, reply) => sendAnswer(reply, await transfers.dispatch(request.params.id, {}, userOf(request), request.headers['idempotency-key'])));

  app.post('/transfers/:id/receive', { config: perm('receive'), schema: { tags, params: idParam, headers: idempotencyKeyHeader, body: transferReceiveSchema } },
    async (request, reply) => sendAnswer(reply, await transfers.receive(request.params.id, request.body, userOf(request), request.headers['idempotency-key'])));

  app.post('/transfers/:id/cancel', { config: perm('cancel'), schema: { tags, params: idParam, headers: idempotencyKeyHeader, body: transferCancelSchema.nullish() } },
    async (request, reply) => sendAnswer(reply, await transfers.cancel(request.params.id, request.body ?? { note: undefined }, userOf(request), request.headers['idempotency-key'])));
};
