import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError, badRequest } from '../http/errors.js';
import { transactionAs } from '../db/actor.js';

/** What a stock-changing request answered: replayed as is to a retry with the same Idempotency-Key. */
export type Outcome = { status: number; body: unknown };

export type IdempotentCall = {
  /** The raw Idempotency-Key header; undefined when the caller sent none. */
  key: string | string[] | undefined;
  userId: string;
  /** e.g. 'POST /inventory/add-stock': a key reused on another route is a different request. */
  route: string;
  /** The validated request body. */
  payload: unknown;
};

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request. Use a new key for a new request.';

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
};

/** What makes two requests with one key the same request: the route and the validated body. */
export const requestHash = (route: string, payload: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([route, canonical(payload)]))
    .digest('hex');

export function parseKey(raw: string | string[]): string {
  const key = (Array.isArray(raw) ? (raw[0] ?? '') : raw).trim();
  if (key.length < 1 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible characters');
  }
  return key;
}

const errorBody = (error: HttpError) => ({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });

/**
 * Runs `work` in a transaction, at most once per (user, Idempotency-Key).
 *
 * The key row is inserted FIRST, in the same transaction as the stock change. A concurrent request with the same
 * key blocks on that insert (unique index) until the first commits, then finds the key taken and replays the
 * stored outcome. A refusal (409, 400 from the service) is stored too: its work is rolled back to a savepoint
 * while the key stays claimed, so a retry gets the same answer.
 */
export async function runIdempotent(db: Db, call: IdempotentCall, work: (tx: Tx) => Promise<Outcome>): Promise<Outcome & { replayed: boolean }> {
  if (call.key === undefined) return { ...(await transactionAs(db, { id: call.userId }, work)), replayed: false };
  const key = parseKey(call.key);
  const hash = requestHash(call.route, call.payload);
  const thisKey = and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.key, key));

  return transactionAs(db, { id: call.userId }, async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ key, userId: call.userId, route: call.route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!first) throw new HttpError(409, 'A request with this Idempotency-Key is being processed. Please retry.');
      if (first.requestHash !== hash) throw new HttpError(422, KEY_REUSED_MESSAGE);
      if (first.statusCode === null) throw new HttpError(409, 'A request with this Idempotency-Key is being processed. Please retry.');
      return { status: first.statusCode, body: first.response, replayed: true };
    }

    let outcome: Outcome;
    try {
      outcome = await tx.transaction(work);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      outcome = { status: error.statusCode, body: errorBody(error) };
    }
    await tx.update(idempotencyKeys).set({ statusCode: outcome.status, response: outcome.body }).where(thisKey);
    return { ...outcome, replayed: false };
  });
}
