import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbConfig } from '../config.js';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { copyTemplate } from './pglite-template.js';
import { applyFunctions, readFunctions, type FunctionsSource, type QueryRows } from './functions.js';
import { historyTriggersSql, liveTriggersSql } from './history-triggers.js';
import { queryTiming, type QueryObserver } from './query-timing.js';
import { assertNotNewer, databaseMigrations, knownMigrations } from './migration-level.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: services accept either so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Hears NOTIFY on a channel; `onLost` when the connection dropped and messages may have been missed. */
export type Listen = (channel: string, onMessage: (payload: string) => void, onLost: () => void) => Promise<() => Promise<void>>;

/**
 * One hot statement by name: on PostgreSQL a prepared statement, parsed and planned once per pooled connection
 * instead of at every call; on PGlite (one in-process connection) a plain parameterised query.
 */
export type NamedQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * The embedded database's buffer cache. It lives in the server's own process (PGlite's WebAssembly heap, which never
 * shrinks): PostgreSQL's default of 128 MB put the API over 512 MB of RSS at the benches' 100k products, for no gain
 * here — its data files are read through Node's file system, so the OS page cache keeps them anyway (bench:scale at
 * 100k products: peak RSS 431–565 → 335–451 MB, every read as fast). A data folder only: the tests' in-memory
 * databases keep their pages in JavaScript memory either way.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** A pool's connections now (PostgreSQL; PGlite has one in-process connection and no pool). */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: DbConfig['kind'];
  listen: Listen;
  named: NamedQuery;
  /** Hears each statement's duration (the metrics); returns how to stop. */
  observeQueries: (observer: QueryObserver) => () => void;
  poolStats: () => PoolStats | null;
  /** Where the data lives, for backups: the server's address, or the embedded database and its folder (null: in memory). */
  origin: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite; dataDir: string | null };
  close: () => Promise<void>;
};

/** The embedded databases opened by this process: one in-process connection each (see isEmbedded). */
const embedded = new WeakSet<Db>();

/**
 * Whether `db` is the embedded database (PGlite): ONE connection, so a transaction holds every other request until it
 * ends, where PostgreSQL gives each its own pooled connection.
 */
export const isEmbedded = (db: Db): boolean => embedded.has(db);

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions = {
  /** Benches watch the SQL a request sends, to time the same statements without the API. */
  logQuery?: (query: string, params: unknown[]) => void;
  /** A new embedded data folder starts as a copy of this template when it matches the migrations (pglite-template.ts). */
  pgliteTemplate?: string;
  /** An in-memory PGlite starts from this dump of a data folder (the tests' seeded database). */
  pgliteDump?: Blob;
};

/** The SQL functions, then the history and live triggers generated from the declarations: applied together, once per change of either. */
function schemaCode(): FunctionsSource {
  const functions = readFunctions();
  const triggers = `${historyTriggersSql()}\n${liveTriggersSql()}`;
  return {
    hash: crypto.createHash('sha256').update(functions.hash).update(triggers).digest('hex'),
    text: `${functions.text}\n-- history triggers\n${triggers}`,
  };
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(config: DbConfig, options: OpenOptions = {}): Promise<Database> {
  const logger = options.logQuery && { logQuery: options.logQuery };
  const timing = queryTiming();
  if (config.kind === 'postgres') {
    // Without JIT: the API's statements are short, and where a large estimate switches JIT on, compiling costs more
    // than it saves (0.4-0.5 s on a 10x business's expiry and stock-take totals, bench/README.md).
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, options: '-c jit=off' });
    // Every statement runs on a pooled client (pool.query borrows one too): each is timed as it connects.
    pool.on('connect', (client) => void timing.wrap(client, ['query']));
    // Money is numeric(12,2): keep the driver's string and let the schema convert it.
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migrateWithLock(pool, async (client) => {
      await refuseNewerSchema(async <T>(text: string) => (await client.query(text)).rows as T[]);
      await migratePg(drizzlePg(pool), { migrationsFolder });
      await applyFunctions(
        (text) => client.query(text),
        async (text) => (await client.query(text)).rows,
        schemaCode(),
      );
    });
    const named: NamedQuery = async <T>(name: string, text: string, values: unknown[]) =>
      (await pool.query<T & pg.QueryResultRow>({ name, text, values })).rows;
    return {
      db,
      kind: 'postgres',
      listen: pgListen(config.url),
      named,
      observeQueries: timing.observe,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      origin: { kind: 'postgres', url: config.url },
      close: () => pool.end(),
    };
  }

  let release = () => {};
  if (config.dataDir) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    release = acquireDataDirLock(config.dataDir);
  }
  try {
    // pg_trgm backs the substring search indexes (migration 0002).
    const extensions = { pg_trgm };
    let client: PGlite;
    if (config.dataDir) {
      const pgdata = path.join(config.dataDir, 'pgdata');
      if (!fs.existsSync(pgdata)) copyTemplate(options.pgliteTemplate, migrationsFolder, pgdata);
      client = await PGlite.create(pgdata, { extensions, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
    } else {
      client = await PGlite.create({ extensions, ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}) });
    }
    timePglite(client, timing);
    const pgliteDb = drizzlePglite(client, { schema, logger });
    await refuseNewerSchema(async <T>(text: string) => (await client.query<T>(text)).rows);
    await migratePglite(pgliteDb, { migrationsFolder });
    await applyFunctions(
      (text) => client.exec(text),
      async <T>(text: string) => (await client.query<T>(text)).rows,
      schemaCode(),
    );
    embedded.add(pgliteDb as unknown as Db);
    return {
      db: pgliteDb as unknown as Db,
      kind: 'pglite',
      listen: async (channel, onMessage) => client.listen(channel, onMessage),
      named: async <T>(_name: string, text: string, values: unknown[]) => (await client.query<T>(text, values)).rows,
      observeQueries: timing.observe,
      poolStats: () => null,
      origin: { kind: 'pglite', client, dataDir: config.dataDir },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** PGlite's statements, in and outside transactions (drizzle runs a transaction's on the handle it is given). */
function timePglite(client: PGlite, timing: ReturnType<typeof queryTiming>): void {
  timing.wrap(client, ['query', 'exec']);
  const transaction = client.transaction.bind(client);
  Object.defineProperty(client, 'transaction', {
    value: <T>(run: (tx: Transaction) => Promise<T>) => transaction((tx) => run(timing.wrap(tx, ['query', 'exec']))),
    configurable: true,
  });
}

/** A database a newer version of the product migrated is not for this one: refused before any migration runs. */
async function refuseNewerSchema(query: QueryRows): Promise<void> {
  const known = knownMigrations(migrationsFolder);
  assertNotNewer(await databaseMigrations(query, known), known);
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries); reconnects every second after
 * a drop, reporting it so the caller can forget what it may have missed.
 */
function pgListen(url: string): Listen {
  return async (channel, onMessage, onLost) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
    let current: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const reconnectLater = () => {
      if (!closed) retry = setTimeout(() => void connect().catch(reconnectLater), 1000);
    };
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      client.on('error', () => {}); // 'end' follows and handles it
      client.on('end', () => {
        if (current !== client) return;
        current = null;
        onLost();
        reconnectLater();
      });
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      if (closed) return void (await client.end());
      // What was cached while nobody listened may be stale.
      if (reconnecting) onLost();
      current = client;
      reconnecting = true;
    };
    let reconnecting = false;
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end();
    };
  };
}

/** Several API processes may start at once against one server: let one of them migrate at a time. */
async function migrateWithLock(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await run(client);
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
