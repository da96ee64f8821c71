/**
 * What the benches share: a database of either kind (in-memory PGlite, or a database on a throwaway PostgreSQL
 * cluster), the real API on it (Fastify inject, no network), the SQL each request sends, and a timer.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { dbPolicySource, ensurePolicySeeded } from '../../src/server/auth/db-policy-source.js';
import { setPasswordHashCost } from '../../src/server/auth/passwords.js';
import { createTokenSigner } from '../../src/server/auth/tokens.js';
import type { Api } from '../../src/server/http/types.js';
import { seedDemo } from '../../src/server/seed/seed-demo.js';
import { findPostgresBin, startCluster, type Cluster } from '../../tests/support/postgres-cluster.js';

export type Kind = 'postgres' | 'pglite';
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
export type Statement = { text: string; params: unknown[] };
export type Timing = { p50: number; p95: number };
export type RawQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

let cluster: Cluster | undefined;

/** One throwaway PostgreSQL server per bench run, stopped by `stopBenchCluster`. */
async function benchCluster(): Promise<Cluster> {
  if (cluster) return cluster;
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');
  cluster = await startCluster(bin);
  return cluster;
}

export function stopBenchCluster(): void {
  cluster?.stop();
  cluster = undefined;
}

export type BenchDb = {
  kind: Kind;
  database: Database;
  url?: string;
  /** Runs statements exactly as given, straight on the driver: the raw-SQL baseline. */
  raw: (statements: Statement[]) => Promise<void>;
  /** Records the SQL the API sends while `fn` runs (one request at a time), less the access policy's and session check's reads. */
  capture: (fn: () => Promise<unknown>) => Promise<Statement[]>;
  /** Runs `fn` on one connection inside a transaction that is then rolled back: a write's baseline that leaves no trace. */
  rolledBack: <T>(fn: (query: RawQuery) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** `pgliteDir`: the embedded database in a folder on disk, as the product keeps it (in memory otherwise). */
export async function openBenchDb(kind: Kind, poolSize = 10, pgliteDir: string | null = null): Promise<BenchDb> {
  let recording: Statement[] | null = null;
  // The policy (re-read every 2 s) and the caller's session state (every 1 s) are the API's cost, not the request's;
  // the live updates' ledger pump (a background job on the same database) is no request's either.
  const logQuery = (text: string, params: unknown[]) => {
    if (!/role_permissions|role_settings|role_scopes|"session_version"|live_ledger_cursor|pg_notify\(|pg_try_advisory_xact_lock|s\.xmin/.test(text)) {
      recording?.push({ text, params });
    }
  };
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir }, { logQuery });
    // drizzle keeps its driver as $client: the PGlite instance.
    const client = (database.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } })
      .$client;
    return {
      kind,
      database,
      // One connection: PGlite runs statements one after the other whatever the caller does.
      raw: async (statements) => {
        for (const s of statements) await client.query(s.text, s.params);
      },
      capture: async (fn) => {
        recording = [];
        await fn();
        const seen = recording;
        recording = null;
        return seen;
      },
      rolledBack: async (fn) => {
        await client.query('begin', []);
        try {
          return await fn(async (text, params) => (await client.query(text, params)).rows);
        } finally {
          await client.query('rollback', []);
        }
      },
      close: () => database.close(),
    };
  }
  const c = await benchCluster();
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: c.url() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = c.url(name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize }, { logQuery });
  // The API's own connection settings (no JIT: src/server/db/client.ts), so the baseline is the same statements as run.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  return {
    kind,
    database,
    url,
    // The API sends a request's independent statements at once through its pool: so does the baseline.
    // Each on its own pooled connection, so without the request's transaction control: a `begin` sent to one
    // connection and its `commit` to another would leave the first in a transaction holding its locks.
    raw: async (statements) => {
      await Promise.all(statements.filter((s) => !TRANSACTION_CONTROL.test(s.text)).map((s) => pool.query(s.text, s.params)));
    },
    capture: async (fn) => {
      recording = [];
      await fn();
      const seen = recording;
      recording = null;
      return seen;
    },
    rolledBack: async (fn) => {
      const client = await pool.connect();
      await client.query('begin');
      try {
        return await fn(async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[]);
      } finally {
        await client.query('rollback');
        client.release();
      }
    },
    close: async () => {
      await pool.end();
      await database.close();
    },
  };
}

/** The demo data (users, policy, categories) a bench's data set is built on. */
export async function seedBenchDemo(database: Database): Promise<void> {
  setPasswordHashCost('low');
  await ensurePolicySeeded(database.db);
  await seedDemo(database.db);
}

/** Demo data (users, policy, categories; `seeded`: already there), then the API on it with an admin token. */
export async function benchApi(
  database: Database,
  { seeded = false } = {},
): Promise<{
  app: Api;
  get: (url: string) => Promise<{ status: number; body: string }>;
  /** A write as admin: `body` sent as JSON. */
  post: (url: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: string }>;
}> {
  if (seeded) setPasswordHashCost('low');
  else await seedBenchDemo(database);
  const signer = createTokenSigner('bench-secret-bench-secret-bench-secret');
  const app = await buildApp({ database, signer, policy: dbPolicySource(database.db), config: { loginRateLimit: 1e6 } });
  await app.ready();
  const [admin] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = 'admin@demo.local'`));
  // A fresh token every few minutes: building a large data set on a slow machine outlasts an access token's life.
  let token = '';
  let signedAt = 0;
  const bearer = async () => {
    if (Date.now() - signedAt > 5 * 60_000) {
      token = await signer.sign({ sub: admin!.id, role: 'admin', firstname: 'Bench' });
      signedAt = Date.now();
    }
    return `Bearer ${token}`;
  };
  return {
    app,
    get: async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: await bearer() } });
      return { status: res.statusCode, body: res.body };
    },
    post: async (url, body, headers = {}) => {
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, authorization: await bearer() }, payload: body as object });
      return { status: res.statusCode, body: res.body };
    },
  };
}

/** p50 and p95 of `runs` calls after `warmup` untimed ones. */
export async function timeIt(fn: () => Promise<unknown>, runs: number, warmup = 2): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const t0 = performance.now();
    await fn();
    if (i >= warmup) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]! };
}

/**
 * p50 and p95 of two ways to do the same thing, sampled alternately (a, b, a, b...): on a shared machine both see
 * the same load, so their ratio holds even when the absolute times drift.
 */
export async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number, warmup = 2): Promise<[Timing, Timing]> {
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < runs + warmup; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const t0 = performance.now();
      await fn();
      if (i >= warmup) samples[k]!.push(performance.now() - t0);
    }
  }
  return samples.map((xs) => {
    xs.sort((x, y) => x - y);
    return { p50: xs[Math.floor(xs.length / 2)]!, p95: xs[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]! };
  }) as [Timing, Timing];
}

export const ms = (n: number) => n.toFixed(1).padStart(8);
export const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
