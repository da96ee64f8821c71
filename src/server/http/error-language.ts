import { codeOfText, translateText } from '../../domain/i18n/catalogue.js';
import type { DisplayLanguage } from '../../domain/i18n/languages.js';

/** The code of an error whose message is not one of the catalogue's (data in it, or a message we never listed). */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  428: 'precondition_required',
  429: 'too_many_requests',
  431: 'headers_too_large',
  500: 'internal_error',
  503: 'unavailable',
};

type ErrorBody = { message?: unknown; code?: unknown; errors?: unknown };
type FieldError = { field?: unknown; message?: unknown; code?: unknown };

const codeOf = (message: unknown, status: number) =>
  (typeof message === 'string' && codeOfText(message)) || CODE_OF_STATUS[status] || (status >= 500 ? 'internal_error' : 'invalid_request');

/**
 * An error body in the request's language, each message with its stable `code` (the catalogue's key: what a client
 * translates by on its own). The services write SPEC.md's English; the words change here, as the answer leaves.
 */
export function localiseErrorBody<T extends ErrorBody>(body: T, language: DisplayLanguage, status: number): T {
  const errors = Array.isArray(body.errors)
    ? (body.errors as FieldError[]).map((e) =>
        e && typeof e === 'object' && typeof e.message === 'string'
          ? { ...e, code: e.code ?? codeOf(e.message, status), message: translateText(e.message, language) }
          : e,
      )
    : body.errors;
  return {
    ...body,
    code: body.code ?? codeOf(body.message, status),
    ...(typeof body.message === 'string' ? { message: translateText(body.message, language) } : {}),
    ...(errors ? { errors } : {}),
  };
}
