import type { PGlite } from '@electric-sql/pglite';
import { repeat } from '../repeat.js';

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in single-user mode, where no autovacuum launcher runs
 * (pg_settings still says 'on'): left alone, no table is ever vacuumed or analyzed. Dead rows stay; the visibility map
 * never fills, so every index-only scan reads the heap as well (a million-line stock take's page 2000: 1.3 s, against
 * 15 ms on PostgreSQL, whose autovacuum had passed); the planner keeps the statistics of the last explicit ANALYZE;
 * and no row is ever frozen: some two billion transactions on, rows written before would vanish (transaction ID
 * wraparound, which a standalone backend, unlike a server, does not stop writes to prevent). A round does what
 * autovacuum does with its default settings, for the one table most in need: vacuumed (and analyzed) past
 * autovacuum_vacuum_threshold/scale_factor (dead rows), autovacuum_vacuum_insert_threshold/scale_factor (rows
 * inserted since: the visibility map) or autovacuum_freeze_max_age; analyzed alone past
 * autovacuum_analyze_threshold/scale_factor. One table a round: the one connection serves every request, and a vacuum
 * holds it (it skips the pages the visibility map already marks, so each costs what changed since).
 */
const DUE = `
  with t as (
    select format('%I.%I', s.schemaname, s.relname) as name, greatest(c.reltuples, 0) as rows, age(c.relfrozenxid) as xid_age,
           s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified
      from pg_stat_all_tables s join pg_class c on c.oid = s.relid
     -- The catalogs too (every ANALYZE rewrites pg_statistic's rows; their oldest rows must be frozen like any other);
     -- a TOAST table is vacuumed with its table, a partitioned one holds no rows.
     where s.schemaname <> 'pg_toast' and c.relkind in ('r', 'm')
  ), due as (
    select name, dead > 50 + 0.2 * rows or inserted > 1000 + 0.2 * rows or xid_age > 200000000 as vacuum_due,
           -- ANALYZE passes over pg_statistic itself (analyze.c), so its changes would keep it due forever.
           modified > 50 + 0.1 * rows and name <> 'pg_catalog.pg_statistic' as analyze_due, xid_age > 200000000 as wraparound, greatest(dead, inserted, modified) as work
      from t
  )
  select name, vacuum_due as vacuum from due where (vacuum_due or analyze_due) and name <> all($1::text[])
   order by wraparound desc, work desc limit 1`;

export type VacuumRound = { table: string; vacuumed: boolean; ms: number } | null;

/** Holders per database: backups copying its data folder. */
const holders = new WeakMap<object, number>();

/**
 * No round starts until the returned release is called: an online backup copies the data folder and then needs every
 * WAL segment written since its start, which a vacuum's burst of WAL could have the database recycle.
 */
export function holdVacuum(client: object): () => void {
  holders.set(client, (holders.get(client) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders.set(client, (holders.get(client) ?? 1) - 1);
  };
}

/**
 * One round: the table most in need vacuumed and analyzed (or analyzed alone), or null when none is due (or held).
 * `done`: tables this series of rounds already did, passed over (a table whose counters a vacuum cannot reset would
 * otherwise come first again).
 */
export async function vacuumRound(client: Pick<PGlite, 'query' | 'exec'>, done: readonly string[] = []): Promise<VacuumRound> {
  if ((holders.get(client) ?? 0) > 0) return null;
  const [due] = (await client.query<{ name: string; vacuum: boolean }>(DUE, [done])).rows;
  if (!due) return null;
  const started = performance.now();
  await client.exec(due.vacuum ? `vacuum (analyze) ${due.name}` : `analyze ${due.name}`);
  return { table: due.name, vacuumed: due.vacuum, ms: Math.round(performance.now() - started) };
}

type Log = { info: (o: object, message: string) => void; warn: (o: object, message: string) => void };

/**
 * A round every `intervalMs` (autovacuum_naptime's default: a minute); after one that found work, the next a second
 * later, until none is due.
 */
export function embeddedVacuum(client: Pick<PGlite, 'query' | 'exec'>, log: Log, intervalMs = 60_000) {
  let stopped = false;
  // The tables of the rounds since the last that found none due: each at most once a series.
  let series: string[] = [];
  const rounds = repeat(intervalMs, async () => {
    try {
      const round = await vacuumRound(client, series);
      if (!round) {
        series = [];
        return intervalMs;
      }
      series.push(round.table);
      log.info(round, round.vacuumed ? 'vacuumed a table of the embedded database' : 'analyzed a table of the embedded database');
      return 1_000;
    } catch (error) {
      // Tried again next round (a table dropped meanwhile, the database closing).
      if (!stopped) log.warn({ err: error }, 'the embedded database could not be vacuumed');
      return intervalMs;
    }
  });
  return {
    /** Stops after the round under way, if any. */
    stop: async (): Promise<void> => {
      stopped = true;
      await rounds.stop();
    },
  };
}
