import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, pgCode } from './errors.js';
import { localiseErrorBody } from './error-language.js';
import { languageOfHeader } from '../../domain/i18n/languages.js';

type FieldError = { field: string; message: string };

function fieldOf(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || fallback;
}

/** Whether a message already says which field it is about ('End date is required', 'end_date cannot be…' for end_date). */
function namesItsField(message: string, field: string): boolean {
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? field;
  const escape = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [name, name.replace(/_/g, ' ')].some((words) => new RegExp(`\\b${escape(words)}\\b`, 'i').test(message));
}

/**
 * The one line a person reads for a refused body: each problem once, prefixed by its field only where the message does
 * not name it already (never 'end_date: end_date cannot be before start_date'). `errors` keeps field and message apart.
 */
export function validationSummary(errors: readonly FieldError[]): string {
  const lines = errors.map((e) => (namesItsField(e.message, e.field) ? e.message : `${e.field}: ${e.message}`));
  return [...new Set(lines)].join('; ');
}

/** Errors the router answers before any route runs (a malformed URL, a path segment past the length limit). */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'The address is too long'] : [400, 'The address is malformed'];
  // Answered before the request's hooks may run: in its language and with its code here.
  void reply.status(status).send(localiseErrorBody({ message }, languageOfHeader(request.headers['accept-language']), status));
}

/**
 * Errors Node's HTTP parser meets before there is a request (an address or headers over its 16 KB: 431, a malformed
 * request: 400): answered with the body every other error has, as the API document says.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message]: [number, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, "The request's address or headers are too large"]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is malformed'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every error leaves as JSON `{message, errors?}`; only a defect of ours is a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, error.validationContext ?? 'body'),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({ message: validationSummary(errors), errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'Malformed JSON in request body' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'Request body is too large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Unsupported content type: send JSON' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: error.message || 'Too many requests. Please try again later.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const code = pgCode(error);
    if (code === '40001' || code === '40P01') {
      return reply.status(409).send({ message: 'The record was changed by someone else at the same time. Please try again.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
