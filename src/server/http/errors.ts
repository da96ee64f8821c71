/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    /** Sent with the answer, e.g. Retry-After on a 429 or 503. */
    readonly headers?: Record<string, string>,
    /** More of the body, for a client to act on (e.g. the id of the open stock take a new one overlaps). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A 429 or 503 that tells the caller when to try again. */
export const retryLater = (status: 429 | 503, message: string, seconds: number) =>
  new HttpError(status, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

export const badRequest = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);
export const notFound = (entity: string) => new HttpError(404, `${entity} not found`);
export const conflict = (message: string) => new HttpError(409, message);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An id from a URL: a malformed one cannot name a record, so it is a 404 like an unknown one. */
export function requireId(id: string, entity: string): string {
  if (!isUuid(id)) throw notFound(entity);
  return id.toLowerCase();
}

/** A reference in a body (city_id, warehouse_id...): malformed or unknown is the caller's mistake, a 400. */
export function requireRef(value: string, field: string, label: string): string {
  if (!isUuid(value)) throw badRequest(field, `${label} not found`);
  return value.toLowerCase();
}

/** PostgreSQL error code of a driver error, through drizzle's wrapping. */
export function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
