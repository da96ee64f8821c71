import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { PolicySource } from '../auth/access.js';
import type { SessionSource } from '../auth/sessions.js';
import type { AccessClaims, TokenSigner } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { audienceOf, receives, type Audience } from './event-audience.js';
import type { AppEvent, EventHub } from './event-hub.js';
import type { LiveChange } from '../../domain/live-change.js';

export type EventStreamDeps = { hub: EventHub; policy: PolicySource; sessions: SessionSource; signer: TokenSigner; db: Db };

/** A client that reads slower than events come is dropped past this much unsent: it reconnects and catches up. */
const MAX_UNSENT_BYTES = 1024 * 1024;
/** A comment this often keeps proxies and load balancers from closing an idle stream. */
const KEEP_ALIVE_TICKS = 20;
/** How long the client waits before reconnecting (the SSE `retry` field). */
const RETRY_MS = 2000;

/** What a client receives of an event: the first warehouse names where it happened. */
const publicEvent = ({ warehouses, ...event }: AppEvent): LiveChange => ({ ...event, warehouse_id: warehouses[0] ?? null });

async function warehousesOf(db: Db, userId: string): Promise<Set<string>> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select warehouse_id as id from user_warehouses where user_id = ${userId}::uuid`));
  return new Set(rows.map((r) => r.id));
}

/**
 * One client's stream of changes (GET /api/events). It hears only what its role may list, and of a warehouse-scoped
 * resource only its warehouses'; each second it checks that its token and session still hold (a logout, a revoked
 * user, an expired token end the stream: `end`, then close) and that the policy has not narrowed what it may hear.
 */
export async function openEventStream(
  deps: EventStreamDeps,
  response: ServerResponse,
  token: string,
  claims: AccessClaims,
  lastEventId: string | undefined,
): Promise<void> {
  let warehouses = await warehousesOf(deps.db, claims.sub);
  let audience: Audience = audienceOf(await deps.policy.current(), claims.role, warehouses);
  let ticks = 0;
  let closed = false;
  let unsubscribe = () => {};

  const write = (text: string) => {
    if (closed) return;
    response.write(text);
    if (response.writableLength > MAX_UNSENT_BYTES) close();
  };
  const send = (event: AppEvent) => {
    if (receives(audience, event)) write(`id: ${event.id}\nevent: change\ndata: ${JSON.stringify(publicEvent(event))}\n\n`);
  };
  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    response.end();
  };
  const end = (reason: 'expired' | 'revoked') => {
    write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    close();
  };

  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx buffers answers unless told not to: a buffered stream is no stream.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  write(`retry: ${RETRY_MS}\n\n`);

  // Catch up first, then hear what comes: both at once (no await between), so nothing is sent twice or missed.
  if (lastEventId !== undefined) {
    const missed = deps.hub.since(lastEventId);
    if (missed === null) write('event: reset\ndata: {}\n\n');
    else for (const event of missed) send(event);
  }
  unsubscribe = deps.hub.subscribe({
    hear(event) {
      send(event);
      // Its own warehouses were reassigned: what it may hear from now on changes with them.
      if (event.resource === 'users' && event.record_id === claims.sub) {
        void warehousesOf(deps.db, claims.sub).then((now) => {
          warehouses = now;
          audience = { ...audience, warehouses };
        });
      }
    },
    reset: () => write('event: reset\ndata: {}\n\n'),
    close,
    tick() {
      void (async () => {
        const still = (await deps.signer.verify(token)) !== null;
        if (!still) return end('expired');
        if (!(await deps.sessions.accepts(claims))) return end('revoked');
        const policy = await deps.policy.current();
        if (!policy.signIn[claims.role]) return end('revoked');
        audience = audienceOf(policy, claims.role, warehouses);
        if (++ticks % KEEP_ALIVE_TICKS === 0) write(': ping\n\n');
      })().catch(() => close());
    },
  });
  response.on('close', close);
}
