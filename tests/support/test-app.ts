import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.js';
import { setHashQueue, setPasswordHashCost } from '../../src/server/auth/passwords.js';
import { createTokenSigner, type TokenSigner } from '../../src/server/auth/tokens.js';
import { dbPolicySource, ensurePolicySeeded } from '../../src/server/auth/db-policy-source.js';
import type { PolicySource } from '../../src/server/auth/access.js';
import type { Api } from '../../src/server/http/types.js';
import type { TrustProxy } from '../../src/server/config.js';
import { MIGRATED_TEMPLATE_DB, SEEDED_TEMPLATE_DB } from './seeded-database.js';
import { users } from '../../src/server/db/schema.js';
import { ROLES, type Role } from '../../src/domain/roles.js';
import { eq } from 'drizzle-orm';
import { codeOfText } from '../../src/domain/i18n/catalogue.js';

export type DbKind = 'pglite' | 'postgres';
/** Which database this test project runs on: the API tests run once on each. */
export const dbKind: DbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the run's PostgreSQL server, a copy of the run's
 * migrated one. `seeded`: a copy of the run's demo-seeded database (seeded-database.ts).
 */
export async function openTestDatabase(options: { seeded?: boolean } = {}): Promise<Database & { url?: string }> {
  if (dbKind === 'pglite') {
    // The unit project has no global setup: there an empty database is migrated from nothing.
    const file = inject(options.seeded ? 'pgliteSeededDump' : 'pgliteMigratedDump') as string | undefined;
    return openDatabase({ kind: 'pglite', dataDir: null }, { pgliteDump: file ? new Blob([fs.readFileSync(file)]) : undefined });
  }
  const admin = inject('pgUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name} template ${options.seeded ? SEEDED_TEMPLATE_DB : MIGRATED_TEMPLATE_DB}`);
  await client.end();
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
  return { ...database, url };
}

/** PGlite runs only: a new data folder (DATA_DIR) in `parent` holding a copy of one of the run's dumps. Removed by the caller. */
async function dataDirOf(dump: string, parent: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(parent, 'grocery-data-'));
  const pgdata = path.join(dir, 'pgdata');
  fs.mkdirSync(pgdata);
  // The dump's names are absolute ('/base/...'): tar takes them as relative to pgdata.
  await tar.x({ file: dump, cwd: pgdata });
  return dir;
}

/** PGlite runs only: a data folder holding a copy of the run's seeded database, as a server process or a backup of the embedded default reads it. */
export const seededDataDir = (): Promise<string> => dataDirOf(inject('pgliteSeededDump'), os.tmpdir());

/**
 * PGlite runs only: a data folder holding a new cluster, no migration applied: where a test makes the database an
 * older release left, without running PGlite's initdb again.
 */
export const clusterDataDir = (parent = os.tmpdir()): Promise<string> => dataDirOf(inject('pgliteClusterDump'), parent);

export type Reply<T = any> = { status: number; body: T; headers: Record<string, unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any route

export type TestApp = {
  app: Api;
  db: Db;
  database: Database & { url?: string };
  signer: TokenSigner;
  /** A user id of each demo role (seeded accounts). */
  userIds: Record<Role, string>;
  token: (role: Role) => Promise<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any route
  request: <T = any>(
    method: string,
    url: string,
    options?: { role?: Role; token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Reply<T>>;
  close: () => Promise<void>;
};

const DEMO_EMAIL_BY_ROLE: Record<Role, string> = {
  admin: 'admin@demo.local',
  'warehouse-user': 'warehouse@demo.local',
  'sub-admin': 'subadmin@demo.local',
  seller: 'seller@demo.local',
  customer: 'customer@demo.local',
  'delivery-boy': 'delivery@demo.local',
};

/** The Server-Sent Events route (issue 32). */
const EVENTS_PATH = '/api/events';

/**
 * Every error answer names its request (`request_id`, as its X-Request-Id header says): checked here for every error of
 * every API test, then taken out, so a test compares what the error says.
 */
function withoutRequestId(status: number, body: unknown, headers: Record<string, unknown>): unknown {
  if (status < 400 || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { request_id: id, ...rest } = body as { request_id?: unknown };
  expect(id, `the ${status} answer's request_id`).toBe(headers['x-request-id']);
  return withoutCodes(status, rest);
}

/**
 * Every error and each of its field errors carries a stable `code` (issue 34): the catalogue's key of an English
 * message of ours, else its status's code. Checked here for every error of every API test (asked in English), then
 * taken out, so a test compares what the error says.
 */
function withoutCodes(status: number, body: Record<string, unknown>): Record<string, unknown> {
  const check = (item: Record<string, unknown>, what: string) => {
    const { code, ...rest } = item;
    expect(code, `${what}'s code`).toEqual(expect.any(String));
    const key = typeof rest.message === 'string' ? codeOfText(rest.message) : undefined;
    if (key) expect(code, `${what}'s code`).toBe(key);
    return rest;
  };
  const rest = check(body, `the ${status} answer`);
  if (Array.isArray(rest.errors)) rest.errors = rest.errors.map((e: Record<string, unknown>, i) => check(e, `the ${status} answer's errors[${i}]`));
  return rest;
}

export const TEST_JWT_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

/** The real API on a real, demo-seeded database, driven through Fastify's inject (no network). */
export async function createTestApp(
  options: {
    seed?: boolean;
    policy?: PolicySource;
    loginRateLimit?: number;
    trustProxy?: TrustProxy;
    /** How long the API may keep its copy of the policy (default 0: read at every request). */
    policyTtlMs?: number;
    metricsToken?: string;
    /** PGlite: in a data folder on disk (a copy of the seeded one), as a server keeps it, rather than in memory. */
    onDisk?: boolean;
  } & Pick<BuildAppOptions, 'declarations' | 'parts' | 'backup'> = {},
): Promise<TestApp> {
  setPasswordHashCost('low');
  // On a loaded test machine a hash may wait seconds: the line refuses only where a test asks it to (setHashQueue).
  setHashQueue({ maxWaiting: 10_000, maxWaitMs: 120_000 });
  const seeded = options.seed !== false;
  const dataDir = options.onDisk && dbKind === 'pglite' ? await seededDataDir() : null;
  const database = dataDir ? await openDatabase({ kind: 'pglite', dataDir }) : await openTestDatabase({ seeded });
  if (!seeded) await ensurePolicySeeded(database.db);
  const signer = createTokenSigner(TEST_JWT_SECRET);
  const app = await buildApp({
    database,
    signer,
    // TTL 0: a policy change applies to the very next request in tests.
    policy: options.policy ?? dbPolicySource(database.db, options.policyTtlMs ?? 0),
    config: { loginRateLimit: options.loginRateLimit ?? 10_000, metricsToken: options.metricsToken },
    trustProxy: options.trustProxy,
    declarations: options.declarations,
    parts: options.parts,
    backup: options.backup,
  });
  await app.ready();

  const userIds = {} as Record<Role, string>;
  if (options.seed !== false) {
    for (const role of ROLES) {
      const [u] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL_BY_ROLE[role])).limit(1);
      userIds[role] = u!.id;
    }
  }
  // The user's current session version: a test that changed a demo user's role or status back still gets a working token.
  const token = async (role: Role) => {
    const [u] = await database.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, userIds[role])).limit(1);
    return signer.sign({ sub: userIds[role], role, firstname: role, sv: u?.sv ?? 0 });
  };

  return {
    app,
    db: database.db,
    database,
    signer,
    userIds,
    token,
    async request(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      const bearer = opts.token ?? (opts.role ? await token(opts.role) : undefined);
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      // A stream of events never ends: its answer is taken at its head, and a refusal's body read to its end.
      if (method === 'GET' && url.split('?')[0] === EVENTS_PATH) {
        const res = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
        const stream = res.stream();
        if (res.statusCode === 200) {
          stream.destroy();
          return { status: res.statusCode, body: undefined as never, headers: res.headers };
        }
        let text = '';
        for await (const chunk of stream) text += String(chunk);
        return { status: res.statusCode, body: withoutRequestId(res.statusCode, JSON.parse(text), res.headers) as never, headers: res.headers };
      }
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
      let body: unknown = res.body;
      try {
        body = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        // not JSON (an image, a page): keep the text
      }
      return { status: res.statusCode, body: withoutRequestId(res.statusCode, body, res.headers) as never, headers: res.headers };
    },
    async close() {
      await app.close();
      await database.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
