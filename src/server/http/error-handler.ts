import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, pgCode } from './errors.js';

type FieldError = { field: string; message: string };

function fieldOf(instancePath: string, fallback: string): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || fallback;
}

/** Errors the router answers before any route runs (a malformed URL, a path segment past the length limit). */
export function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send({ message: 'The address is too long' });
  else void reply.status(400).send({ message: 'The address is malformed' });
}

/** Every error leaves as JSON `{message, errors?}`; only a defect of ours is a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, error.validationContext ?? 'body'),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({ message: errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors });
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
