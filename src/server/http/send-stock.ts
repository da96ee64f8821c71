import type { FastifyReply } from 'fastify';
import type { CurrentUser } from '../auth/access.js';
import { withoutCosts } from '../auth/cost-fields.js';
import type { StockAnswer } from '../services/stock-ledger.js';

/**
 * A stock function's answer is JSON text already (built by the database), so Fastify's serialization hooks do not see
 * it: the cost fields are dropped here for a caller without 'costs: see'.
 */
export const sendStock = (reply: FastifyReply, answer: StockAnswer, user: CurrentUser, alsoCosts: readonly string[] = []) => {
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  return sendJsonText(reply.status(answer.status), answer.body, user, alsoCosts);
};

/** Any JSON text the database built, without the cost fields for a caller who may not see them. */
export const sendJsonText = (reply: FastifyReply, body: string, user: CurrentUser, alsoCosts: readonly string[] = []) =>
  reply.type('application/json; charset=utf-8').send(user.seesCosts === false ? JSON.stringify(withoutCosts(JSON.parse(body), alsoCosts)) : body);
