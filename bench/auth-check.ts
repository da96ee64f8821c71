/**
 * What checking every access token against its user (exists, active, same role, same session version) costs per
 * request, side by side in the same run with the token-only check of the previous design:
 *   - token only: signature and expiry (the previous design);
 *   - this design: the user's state from a per-process cache kept fresh by LISTEN/NOTIFY (the hot path);
 *   - this design without the cache: one primary-key look-up per request (what the cache saves).
 * GET /api/auth/me through the real app (inject, no network), on PGlite and on a throwaway PostgreSQL server.
 *
 *   npm run bench:auth-check -- [--requests 10000] [--concurrency 16] [--rounds 3]
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { createTokenSigner } from '../src/server/auth/tokens.js';
import { dbPolicySource, ensurePolicySeeded } from '../src/server/auth/db-policy-source.js';
import { dbSessionSource, type SessionSource } from '../src/server/auth/sessions.js';
import { setPasswordHashCost } from '../src/server/auth/passwords.js';
import { users } from '../src/server/db/schema.js';
import { seedDemo } from '../src/server/seed/seed-demo.js';
import { findPostgresBin, startCluster } from '../tests/support/postgres-cluster.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '16' }, rounds: { type: 'string', default: '3' } },
});
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
const signer = createTokenSigner(crypto.randomBytes(32).toString('hex'));
setPasswordHashCost('low');

/** The previous design: a valid signature was enough. */
const tokenOnly: SessionSource = { accepts: async () => true, invalidate: () => {}, invalidateFamily: () => {}, close: async () => {} };

async function appWith(database: Database, sessions: SessionSource) {
  const app = await buildApp({ database, signer, policy: dbPolicySource(database.db), sessions, config: { loginRateLimit: 1e6 } });
  await app.ready();
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@demo.local'));
  const token = await signer.sign({ sub: admin!.id, role: 'admin', firstname: admin!.firstname, sv: admin!.sessionVersion });
  const call = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  };
  for (let i = 0; i < 500; i++) await call(); // warm up
  return { app, call };
}

/** One timed run of REQUESTS calls, CONCURRENCY at a time: microseconds per request and p50/p99 latency. */
async function timed(call: () => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { us: (seconds / REQUESTS) * 1e6, p50: latencies[Math.floor(latencies.length * 0.5)]!, p99: latencies[Math.floor(latencies.length * 0.99)]! };
}

/** The check alone, without HTTP: today's signature check, and what this design adds to it. */
async function checkAlone(label: string, database: Database) {
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@demo.local'));
  const token = await signer.sign({ sub: admin!.id, role: 'admin', firstname: admin!.firstname, sv: admin!.sessionVersion });
  const claims = (await signer.verify(token))!;
  const cached = await dbSessionSource(database);
  const uncached = await dbSessionSource(database, 0);
  // More distinct tokens than the signer keeps verified (1,000), taken in turn: each verify checks a signature.
  const now = Math.floor(Date.now() / 1000);
  const fresh = await Promise.all(
    Array.from({ length: 5_000 }, (_, i) =>
      signer.sign({ sub: admin!.id, role: 'admin', firstname: admin!.firstname, sv: admin!.sessionVersion }, { issuedAt: now - i }),
    ),
  );
  let turn = 0;
  const perCall = async (n: number, f: () => Promise<unknown>) => {
    for (let i = 0; i < 200; i++) await f();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await f();
    return ((performance.now() - t0) / n) * 1000;
  };
  const rows = [
    {
      database: label,
      step: 'verify a new JWT: its HS256 signature (previous design: all of it)',
      'µs per call': await perCall(20_000, () => signer.verify(fresh[turn++ % fresh.length]!)),
    },
    { database: label, step: 'verify a JWT seen before (the verified-token cache)', 'µs per call': await perCall(200_000, () => signer.verify(token)) },
    { database: label, step: 'user state from the cache (added by this design)', 'µs per call': await perCall(200_000, () => cached.accepts(claims)) },
    { database: label, step: 'user state from the database (a cache miss)', 'µs per call': await perCall(2_000, () => uncached.accepts(claims)) },
  ];
  await cached.close();
  await uncached.close();
  return rows.map((r) => ({ ...r, 'µs per call': Number(r['µs per call'].toFixed(r['µs per call'] < 10 ? 2 : 0)) }));
}
const checks: Record<string, unknown>[] = [];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The three checks in turn, ROUNDS times, so a busy moment of the machine hits them alike; medians of the rounds. */
async function compare(label: string, database: Database) {
  await ensurePolicySeeded(database.db);
  await seedDemo(database.db);
  const designs = [
    { check: 'token only (previous design)', ...(await appWith(database, tokenOnly)) },
    { check: 'token + user state, cached (this design)', ...(await appWith(database, await dbSessionSource(database))) },
    { check: 'token + user state, no cache', ...(await appWith(database, await dbSessionSource(database, 0))) },
  ];
  const results = designs.map(() => [] as Awaited<ReturnType<typeof timed>>[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, design] of designs.entries()) results[i]!.push(await timed(design.call));
  }
  for (const design of designs) await design.app.close();
  checks.push(...(await checkAlone(label, database)));
  const base = median(results[0]!.map((r) => r.us));
  return designs.map((design, i) => {
    const us = median(results[i]!.map((r) => r.us));
    return {
      database: label,
      check: design.check,
      'µs per request': Math.round(us),
      'vs token only': `${us - base >= 0 ? '+' : ''}${Math.round(us - base)} µs`,
      'req/s': Math.round(1e6 / us),
      'p50 ms': median(results[i]!.map((r) => r.p50)).toFixed(2),
      'p99 ms': median(results[i]!.map((r) => r.p99)).toFixed(2),
    };
  });
}

const rows: Record<string, unknown>[] = [];
const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  rows.push(...(await compare('PGlite', pglite)));
} finally {
  await pglite.close();
}

const bin = findPostgresBin();
if (bin) {
  const cluster = await startCluster(bin);
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    const postgres = await openDatabase({ kind: 'postgres', url: cluster.url('bench'), poolSize: 10 });
    try {
      rows.push(...(await compare('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
    }
  } finally {
    await cluster.stop();
  }
} else {
  console.warn('No PostgreSQL binaries: PGlite only.');
}
console.log(`GET /api/auth/me: ${REQUESTS} requests, ${CONCURRENCY} at a time, median of ${ROUNDS} interleaved rounds`);
console.table(rows);
console.log('The check alone, one call at a time:');
console.table(checks);
