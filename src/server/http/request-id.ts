import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config.js';
import { trustsPeer } from './trust-proxy.js';
import { localiseErrorBody } from './error-language.js';
import { languageOfHeader } from '../../domain/i18n/languages.js';

/** What an incoming X-Request-Id may look like to be kept: short, and nothing a log line would misread. */
const INCOMING_ID = /^[\w.:@-]{1,64}$/;

/**
 * Fastify's genReqId: every request gets an id that its log lines carry (`reqId`). A trusted proxy's X-Request-Id is
 * kept, so the proxy's access log and ours name a request alike; anyone else's is ignored (a client could otherwise
 * make its requests look like another's in the log).
 */
export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trust);
  return (request) => {
    const incoming = request.headers['x-request-id'];
    if (typeof incoming === 'string' && INCOMING_ID.test(incoming) && trusted(request.socket.remoteAddress ?? '')) return incoming;
    return crypto.randomBytes(8).toString('hex');
  };
}

const isJson = (type: unknown) => typeof type === 'string' && type.includes('json');

/**
 * Every answer names its request in X-Request-Id, and every error body carries it as `request_id`: what a person reads
 * beside an error ('Reference: …') is what an operator finds in the log. Added as the body is sent, so the error
 * handler, the access check, the router's refusals and the 404 handler all carry it. There too the body takes the
 * request's language (Accept-Language) and each message its stable `code`.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // The router's refusals (a malformed address) are answered before onRequest.
    if (!reply.hasHeader('x-request-id')) void reply.header('x-request-id', request.id);
    if (reply.statusCode < 400 || typeof payload !== 'string' || !isJson(reply.getHeader('content-type'))) return done(null, payload);
    try {
      const body: unknown = JSON.parse(payload);
      if (!body || typeof body !== 'object' || Array.isArray(body) || 'request_id' in body) return done(null, payload);
      // The same body in another language: a cache must not answer one language with the other.
      const vary = reply.getHeader('vary');
      void reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
      const localised = localiseErrorBody(body, languageOfHeader(request.headers['accept-language']), reply.statusCode);
      done(null, JSON.stringify({ ...localised, request_id: request.id }));
    } catch {
      done(null, payload);
    }
  });
}
