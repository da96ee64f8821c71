/**
 * Live screens (issue 32): how soon a committed change reaches every subscribed browser. Two real API processes on one
 * throwaway PostgreSQL server, 200 clients subscribed to GET /api/events (half on each process), and changes at a steady
 * rate through the API (a product's price, a stock delivery, alternately, on alternate processes). For every change ×
 * subscriber: the time from the writer's answer (the commit is before it) to the event's arrival, and from the request
 * being sent (an upper bound). Beside it, in the same run, the bare database path: two plain connections LISTENing on
 * the same channel, timed the same way (a stock delivery is announced there by the ledger's announcer, within 200 ms). Then each API process's memory per idle subscriber (its RSS with 0 and with
 * `--idle` subscribers).
 *
 *   npm run bench:live -- [--subscribers 200] [--rate 50] [--seconds 30] [--idle 1000]
 */
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { openDatabase } from '../src/server/db/client.js';
import { rowsOf } from '../src/server/db/rows.js';
import { APP_EVENTS_CHANNEL } from '../src/server/live/event-hub.js';
import { openSse, type SseStream } from '../tests/support/sse-client.js';
import { startBenchProcesses } from './support/two-processes.js';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '200' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    idle: { type: 'string', default: '1000' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const RATE = Number(values.rate);
const CHANGES = RATE * Number(values.seconds);
const IDLE = Number(values.idle);

const { url, secret, servers, stop } = await startBenchProcesses({ DB_POOL_SIZE: '8' });
const streams: SseStream[] = [];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (n: number) => Math.round(n);
  return {
    label,
    samples: sorted.length,
    'p50 ms': f(percentile(sorted, 50)),
    'p95 ms': f(percentile(sorted, 95)),
    'p99 ms': f(percentile(sorted, 99)),
    'max ms': f(sorted.at(-1) ?? NaN),
  };
};
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which change an event is: its record and how many events of that record came before (changes of one record never overlap). */
const counters = () => {
  const seen = new Map<string, number>();
  return (recordId: string) => {
    const n = seen.get(recordId) ?? 0;
    seen.set(recordId, n + 1);
    return `${recordId}#${n}`;
  };
};

try {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = 'admin@demo.local'`));
  const token = await createTokenSigner(secret).sign({ sub: user!.id, role: 'admin', firstname: 'Bench' });
  const products = rowsOf<{ id: string; price: string }>(await database.db.execute(sql`select id, price::text from products order by id limit 100`));
  const pairs = rowsOf<{ product_id: string; warehouse_id: string }>(
    await database.db.execute(sql`
    select i.product_id, i.warehouse_id from inventory i join products p on p.id = i.product_id
     where not p.tracks_expiry order by i.product_id, i.warehouse_id limit 100`),
  );
  const [seller] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where role = 'seller' order by email limit 1`));

  // --- memory per idle subscriber -------------------------------------------------------------------------------
  const median = async (pid: number) => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      await settle(400);
      samples.push(rssKb(pid));
    }
    return samples.sort((a, b) => a - b)[2]!;
  };
  const auth = { authorization: `Bearer ${token}` };
  // Warm each process's stream path first: its first stream loads code that later ones share.
  for (const server of servers) (await openSse(`${server.url}/api/events`, auth, { keep: false })).close();
  const before = await Promise.all(servers.map((s) => median(s.child.pid!)));
  const idle: SseStream[] = [];
  for (let i = 0; i < IDLE; i++) idle.push(await openSse(`${servers[i % 2]!.url}/api/events`, auth, { keep: false }));
  await Promise.all(idle.map((s) => s.ready));
  const during = await Promise.all(servers.map((s) => median(s.child.pid!)));
  for (const stream of idle) stream.close();
  const perSubscriberKb = during.map((kb, i) => (kb - before[i]!) / (IDLE / 2));

  // --- latency ------------------------------------------------------------------------------------------------------
  const received: Map<string, number>[] = [];
  for (let s = 0; s < SUBSCRIBERS; s++) {
    const arrivals = new Map<string, number>();
    received.push(arrivals);
    const which = counters();
    streams.push(
      await openSse(`${servers[s % 2]!.url}/api/events`, auth, {
        keep: false,
        onEvent: (m) => {
          if (m.event !== 'change') return;
          const { record_id } = JSON.parse(m.data) as { record_id: string };
          arrivals.set(which(record_id), performance.now());
        },
      }),
    );
  }
  await Promise.all(streams.map((s) => s.ready));

  // The database alone: plain connections LISTENing on the channel the API processes listen on.
  const bare: Map<string, number>[] = [];
  const listeners: pg.Client[] = [];
  for (let l = 0; l < 2; l++) {
    const arrivals = new Map<string, number>();
    bare.push(arrivals);
    const which = counters();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // A payload is one event (a history entry) or several (the ledger's announcer).
    client.on('notification', (n) => {
      const at = performance.now();
      for (const event of [JSON.parse(n.payload ?? '{}') as { record_id: string }].flat()) arrivals.set(which(event.record_id), at);
    });
    await client.query(`listen ${APP_EVENTS_CHANNEL}`);
    listeners.push(client);
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const send = (base: string, method: string, path: string, body: unknown) =>
    new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const text = JSON.stringify(body);
      const req = http.request(
        `${base}/api${path}`,
        { method, agent, headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
        (res) => {
          let data = '';
          res.on('data', (chunk) => (data += String(chunk)));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null }));
        },
      );
      req.on('error', reject);
      req.end(text);
    });

  type Change = { key: string; sent: number; answered: number };
  const changes: Change[] = [];
  const which = counters();
  const t0 = performance.now();
  const writes: Promise<void>[] = [];
  let failed = 0;
  for (let i = 0; i < CHANGES; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await settle(wait);
    const server = servers[i % 2]!;
    const k = Math.floor(i / 2);
    const sent = performance.now();
    writes.push(
      (async () => {
        if (i % 2 === 0) {
          const product = products[k % products.length]!;
          const price = Number(product.price) + ((Math.floor(k / products.length) % 2) + 1);
          const { status } = await send(server.url, 'PATCH', `/products/${product.id}`, { price });
          if (status !== 200) return void failed++;
          changes.push({ key: `products:${product.id}`, sent, answered: performance.now() });
        } else {
          const pair = pairs[k % pairs.length]!;
          const { status, json } = await send(server.url, 'POST', '/inventory/add-stock', {
            ...pair,
            quantity: 1,
            unit_cost: 10,
            movement_reason: 'purchase',
            reference_id: `LIVE-${i}`,
            reference_type: 'invoice',
            notes: 'bench',
            seller_id: seller!.id,
          });
          if (status !== 200) return void failed++;
          changes.push({ key: `inventory:${(json as { inventory: { _id: string } }).inventory._id}`, sent, answered: performance.now() });
        }
      })(),
    );
  }
  await Promise.all(writes);
  const elapsed = (performance.now() - t0) / 1000;
  await settle(3000);
  agent.destroy();

  // Changes of one record come one after another: the n-th answer for a record is its n-th event.
  changes.sort((a, b) => a.answered - b.answered);
  const keyed = changes.map((c) => ({ ...c, event: which(c.key.split(':')[1]!) }));
  const fromAnswer: number[] = [];
  const fromSend: number[] = [];
  const bareFromAnswer: number[] = [];
  let missing = 0;
  for (const change of keyed) {
    for (const arrivals of received) {
      const at = arrivals.get(change.event);
      if (at === undefined) missing++;
      else {
        fromAnswer.push(at - change.answered);
        fromSend.push(at - change.sent);
      }
    }
    for (const arrivals of bare) {
      const at = arrivals.get(change.event);
      if (at !== undefined) bareFromAnswer.push(at - change.answered);
    }
  }

  console.log(
    `\n${changes.length} changes in ${elapsed.toFixed(1)} s (${(changes.length / elapsed).toFixed(1)}/s; ${failed} refused), 2 API processes, ${SUBSCRIBERS} subscribers (${SUBSCRIBERS / 2} per process):`,
  );
  console.table([
    summary('API stream: writer answered → event at a subscriber', fromAnswer),
    summary('API stream: request sent → event at a subscriber', fromSend),
    summary('bare LISTEN (baseline): writer answered → notification', bareFromAnswer),
  ]);
  console.log(`Deliveries missing: ${missing} of ${changes.length * SUBSCRIBERS}`);
  console.log(
    `p99 from the answer: ${Math.round(
      percentile(
        [...fromAnswer].sort((a, b) => a - b),
        99,
      ),
    )} ms (target < 1000 ms)`,
  );
  console.log(
    `Memory per idle subscriber: ${perSubscriberKb.map((kb) => `${kb.toFixed(1)} KB`).join(' · ')} (RSS ${before.map((kb) => `${Math.round(kb / 1024)}`).join(' · ')} MB with none, ${during.map((kb) => `${Math.round(kb / 1024)}`).join(' · ')} MB with ${IDLE / 2} each)`,
  );
  for (const client of listeners) await client.end();
  await database.close();
} finally {
  for (const stream of streams) stream.close();
  await stop();
}
