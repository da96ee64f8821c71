import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEFAULT_POLICY, EVERYTHING, RESOURCES, type Policy, type RolePolicy } from '../../src/domain/policy.js';
import { startServer } from '../../src/server/bootstrap.js';
import type { DbConfig, ServerConfig } from '../../src/server/config.js';
import { policyRows, readPolicy } from '../../src/server/auth/db-policy-source.js';
import { sql } from 'drizzle-orm';
import { permissionAudit, policySeenActions, rolePermissions } from '../../src/server/db/schema.js';
import { clusterDataDir, dbKind } from '../support/test-app.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-upgrade-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The migrations of the release before this one (0000-0004): no record of which permissions a database has seen. */
function olderMigrations(): string {
  const folder = path.join(tmp, 'migrations');
  if (fs.existsSync(folder)) return folder;
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 4);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const without = (grants: RolePolicy, resource: string, action?: string): RolePolicy =>
  Object.fromEntries(
    Object.entries(grants).flatMap(([r, actions]) => {
      if (r !== resource) return [[r, actions]];
      const left = action ? (actions ?? []).filter((a) => a !== action) : [];
      return left.length ? [[r, left]] : [];
    }),
  );

/**
 * A release that knew neither product search nor removing stock, seeded with its defaults, then edited by an
 * admin: warehouse-user was given cities: list and lost reports: list and stock: adjust.
 */
function olderPolicyAfterAdminEdits(): Policy {
  const older = (g: RolePolicy) => without(without(g, 'product-search'), 'stock', 'remove');
  const warehouse = older(DEFAULT_POLICY.grants['warehouse-user']);
  return {
    signIn: { ...DEFAULT_POLICY.signIn },
    grants: {
      ...DEFAULT_POLICY.grants,
      admin: older(EVERYTHING),
      'warehouse-user': { ...without(without(warehouse, 'reports'), 'stock', 'adjust'), cities: ['list'] },
    },
    scope: {},
  };
}

/** role_settings as that release had it (no label column yet). */
const olderRoleSettings = (settings: { role: string; maySignIn: boolean }[]) =>
  sql`insert into role_settings (role, may_sign_in) values ${sql.join(
    settings.map((s) => sql`(${s.role}, ${s.maySignIn})`),
    sql`, `,
  )}`;

/**
 * PGlite: a data folder as the older release left it, made once per file (from the run's new cluster, as that release's
 * first start made it) and copied for each test, which starts this release on its own copy.
 */
let olderDataDir: Promise<string> | undefined;
async function makeOlderDataDir(): Promise<string> {
  const { settings, grants } = policyRows(olderPolicyAfterAdminEdits());
  const dataDir = await clusterDataDir(tmp);
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: olderMigrations() });
  await db.execute(olderRoleSettings(settings));
  await db.insert(rolePermissions).values(grants);
  await client.close();
  return dataDir;
}

/** A database as the older release left it, and the config to start this release on it. */
async function olderDatabase(): Promise<DbConfig> {
  if (dbKind === 'pglite') {
    olderDataDir ??= makeOlderDataDir();
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    fs.cpSync(await olderDataDir, dataDir, { recursive: true });
    return { kind: 'pglite', dataDir };
  }
  const migrationsFolder = olderMigrations();
  const { settings, grants } = policyRows(olderPolicyAfterAdminEdits());
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = inject('pgUrl').replace(/\/[^/]*$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url });
  const db = drizzlePg(pool);
  await migratePg(db, { migrationsFolder });
  await db.execute(olderRoleSettings(settings));
  await db.insert(rolePermissions).values(grants);
  await pool.end();
  return { kind: 'postgres', url, poolSize: 4 };
}

const config = (db: DbConfig): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  db,
  jwtSecret: crypto.randomBytes(32).toString('hex'),
  seedDemo: 'no',
  passwordHashCost: 'low',
  logLevel: 'silent',
  serveSpa: false,
  loginRateLimit: 30,
  backup: { dir: null, everyMs: null, keep: 14 },
  trustProxy: false,
});

describe('starting on a database made with an older policy', () => {
  it('adds the defaults of the permissions that release did not have, and keeps every admin edit', async () => {
    const server = await startServer(config(await olderDatabase()));
    try {
      const db = server.database.db;
      const policy = await readPolicy(db);
      const warehouse = policy.grants['warehouse-user'];
      // New in this release: their defaults arrive.
      expect(warehouse['product-search']).toEqual(['list']);
      expect(warehouse.stock).toContain('remove');
      // The admin's edits to what that release had stay as they were.
      expect(warehouse.cities).toEqual(['list']);
      expect(warehouse.reports).toBeUndefined();
      expect(warehouse.stock).not.toContain('adjust');
      expect(policy.grants['sub-admin']).toEqual({});
      // Every action is now on record as seen, and the change is in the audit trail (by no user).
      const seen = await db.select().from(policySeenActions);
      expect(seen).toHaveLength(Object.values(RESOURCES).flat().length);
      const audit = await db.select().from(permissionAudit);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.userId).toBeNull();
    } finally {
      await server.close();
    }
  }, 120_000);

  it('a second start adds nothing: an admin who then revokes a new default keeps it revoked', async () => {
    const dbConfig = await olderDatabase();
    const first = await startServer(config(dbConfig));
    try {
      const policy = await readPolicy(first.database.db);
      policy.grants['warehouse-user'] = without(policy.grants['warehouse-user'], 'product-search');
      const { grants } = policyRows(policy);
      await first.database.db.delete(rolePermissions);
      await first.database.db.insert(rolePermissions).values(grants);
    } finally {
      await first.close();
    }
    const second = await startServer(config(dbConfig));
    try {
      expect((await readPolicy(second.database.db)).grants['warehouse-user']['product-search']).toBeUndefined();
    } finally {
      await second.close();
    }
  }, 120_000);
});
