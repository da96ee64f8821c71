import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { ledgerSequence } from '../db/ledger-sequence.js';
import type { EventHub } from '../live/event-hub.js';

/** Seconds: from a cached answer to a slow report or a large import. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Why a sign-in was refused, by its answer's status. */
const SIGN_IN_REFUSALS: Record<number, string> = { 400: 'invalid_input', 401: 'wrong_credentials', 403: 'may_not_sign_in', 429: 'throttled', 503: 'busy' };
const SIGN_IN_ROUTE = '/api/auth/login';

export type AppMetrics = {
  registry: Registry;
  /** More gauges for the registry (the backups' age and last result). */
  addGauge: (name: string, help: string, read: () => number | null) => void;
  /** The Prometheus text of everything, as a scrape reads it. */
  scrape: () => Promise<string>;
  /** A cycle of the ledger's announcer (live/ledger-announcer.ts): one that read the cursor (and the ledger), or one its idle sequence spared. */
  ledgerCycle: (kind: 'read' | 'idle') => void;
};

/**
 * This process's metrics for Prometheus (prom-client, a registry per app): requests and their latency by route
 * PATTERN ('/api/products/:id', never the address asked for: one series per route, whatever the ids) and status, the
 * database's statement times and pool, refused sign-ins, stock movements written, live-screen subscribers, memory and
 * event-loop lag (prom-client's process and Node.js metrics). No label carries a user, an address or a secret.
 */
export function registerMetrics(app: FastifyInstance, deps: { database: Database; events: EventHub }): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'auth_sign_in_failures_total',
    help: 'Refused sign-ins (POST /api/auth/login), by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched addresses share one series: an address is never a label.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (route === SIGN_IN_ROUTE && reply.statusCode >= 400) signInFailures.inc({ reason: SIGN_IN_REFUSALS[reply.statusCode] ?? 'other' });
    done();
  });

  const ledgerCycles = new Counter({
    name: 'live_ledger_cycles_total',
    help: "Cycles of this process's ledger announcer: 'idle' while the ledger's sequence stays where the cursor caught up with it, else 'read'",
    labelNames: ['kind'],
    registers: [registry],
  });

  const queryTime = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of each database statement',
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const stopTiming = deps.database.observeQueries((seconds) => queryTime.observe(seconds));
  app.addHook('onClose', (_app, done) => {
    stopTiming();
    done();
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state (none on the embedded database)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = deps.database.poolStats();
      if (!stats) return;
      for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
    },
  });

  let movementsSeen: number | null = null;
  new Counter({
    name: 'stock_movements_written_total',
    help: 'Stock movements written to the ledger by every API process (its identity sequence: a rolled-back write counts too)',
    registers: [registry],
    async collect() {
      const written = await ledgerSequence(deps.database.db);
      // A counter only goes up: mirrors the sequence from its value at the first scrape of this process.
      if (movementsSeen === null) this.inc(written);
      else if (written > movementsSeen) this.inc(written - movementsSeen);
      movementsSeen = written;
    },
  });
  new Gauge({
    name: 'sse_subscribers',
    help: 'Live-screen streams (GET /api/events) open on this process',
    registers: [registry],
    collect() {
      this.set(deps.events.subscriberCount);
    },
  });

  let defaults = false;
  return {
    registry,
    ledgerCycle: (kind) => ledgerCycles.inc({ kind }),
    addGauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const value = read();
          if (value === null) this.reset();
          else this.set(value);
        },
      });
    },
    async scrape() {
      // Memory, CPU, event-loop lag, GC: started at the first scrape, so a process nobody scrapes does not measure them.
      if (!defaults) {
        collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
        defaults = true;
      }
      return registry.metrics();
    },
  };
}
