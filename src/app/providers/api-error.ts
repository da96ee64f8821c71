import type { HttpError } from '@refinedev/core';
import { isAxiosError } from 'axios';

/** SPEC.md section 8: the messages shown when the server gives none. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const CONNECTION_REFUSED_MESSAGE = 'Cannot connect to server. Please ensure the backend server is running.';
export const SESSION_EXPIRED_MESSAGE = 'Unauthorized. Please log in again.';
export const INVALID_RESPONSE_MESSAGE = 'Invalid response format from server';

/**
 * Where the message came from: the server's own words are kept; a bare status may be replaced by the
 * operation's catalogue default ('Failed to fetch cities') once the caller knows the operation.
 */
export type ApiErrorSource = 'server' | 'status' | 'session' | 'network' | 'client';

type FieldErrors = NonNullable<HttpError['errors']>;

/** A Refine HttpError that is also a real Error (stack, instanceof). */
export class ApiError extends Error implements HttpError {
  override name = 'Error';
  constructor(
    message: string,
    public statusCode: number,
    public source: ApiErrorSource,
    public errors?: FieldErrors,
    /** The server's whole answer, for what a refusal adds to its message (the open stock take's id, what to confirm). */
    public body?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  /** The operation's default message, unless the server said something itself. */
  withDefault(message: string | undefined): ApiError {
    if (!message || this.source !== 'status') return this;
    return new ApiError(message, this.statusCode, 'status', this.errors);
  }
}

/** A text the server's answer to a failed request carries beside its message, e.g. `open_stock_take_id`. */
export function answerText(error: unknown, key: string): string | undefined {
  const value = error instanceof ApiError ? error.body?.[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** `{errors: [{field, message}]}` of a 400 becomes Refine's field → message map, so forms mark the fields. */
function fieldErrors(data: unknown): FieldErrors | undefined {
  const list = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return undefined;
  const errors: FieldErrors = {};
  for (const item of list) {
    if (item && typeof item.field === 'string' && typeof item.message === 'string') errors[item.field] = item.message;
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** What a bare status means to a person, when neither the server nor the operation says more (never 'status 409'). */
const STATUS_WORDS: Record<number, string> = {
  400: 'The request was not accepted. Please check what you entered.',
  403: 'Your role may not do this.',
  404: 'Not found: it may have been deleted.',
  409: 'Someone else changed this meanwhile. Please reload and try again.',
  413: 'This is too large to send.',
  429: 'Too many requests. Please wait a moment and try again.',
};
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** Proxies (Vite's dev proxy, a load balancer) answer 502-504 without a JSON body when the API is down. */
const UPSTREAM_DOWN = new Set([502, 503, 504]);

/** Any failure of a request → ApiError with the message SPEC.md section 8 asks for. */
export function toApiError(error: unknown, defaultMessage?: string): ApiError {
  if (error instanceof ApiError) return error.withDefault(defaultMessage);
  // Our own messages are ApiErrors already: anything else is a defect, whose text ('Cannot read properties of…') is not for a person.
  if (!isAxiosError(error)) return new ApiError(defaultMessage ?? UNEXPECTED_ERROR_MESSAGE, 0, 'client');
  const response = error.response;
  if (!response) {
    const refused = error.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(error.message);
    return new ApiError(refused ? CONNECTION_REFUSED_MESSAGE : NETWORK_ERROR_MESSAGE, 0, 'network');
  }
  const fromServer = serverMessage(response.data);
  if (fromServer) return new ApiError(fromServer, response.status, 'server', fieldErrors(response.data), response.data as Record<string, unknown>);
  if (response.status === 401) return new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'session');
  if (UPSTREAM_DOWN.has(response.status)) return new ApiError(CONNECTION_REFUSED_MESSAGE, response.status, 'network');
  return new ApiError(defaultMessage ?? STATUS_WORDS[response.status] ?? UNEXPECTED_ERROR_MESSAGE, response.status, 'status');
}
