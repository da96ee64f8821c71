import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedVacuum, holdVacuum, vacuumRound } from '../../src/server/db/embedded-vacuum.js';
import { dbKind } from '../support/test-app.js';

// PostgreSQL's own autovacuum keeps a server's tables: the embedded database is the one without.
describe.skipIf(dbKind !== 'pglite')("the embedded database's autovacuum", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  const statsOf = async (table: string) =>
    (
      await db.query<{ inserted: number; modified: number; vacuumed: boolean; analyzed: boolean }>(
        `select n_ins_since_vacuum::int as inserted, n_mod_since_analyze::int as modified,
                last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
           from pg_stat_user_tables where relname = $1`,
        [table],
      )
    ).rows[0];
  /** The activity statistics reach pg_stat_user_tables a moment after the statement (at most a second). */
  const statsShow = async (table: string, seen: (s: NonNullable<Awaited<ReturnType<typeof statsOf>>>) => boolean) => {
    await expect
      .poll(async () => {
        const s = await statsOf(table);
        return s !== undefined && seen(s);
      })
      .toBe(true);
  };
  /** Rounds until none is due: the tables they did. */
  const drain = async () => {
    const done: string[] = [];
    for (let round = await vacuumRound(db, done); round; round = await vacuumRound(db, done)) done.push(round.table);
    return done;
  };
  const heapFetches = async (query: string) => {
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, format json) ${query}`)).rows[0]!['QUERY PLAN'];
    const node = (plan as unknown as [{ Plan: { Plans?: { 'Heap Fetches'?: number }[] } }])[0].Plan.Plans![0]!;
    return node['Heap Fetches'];
  };

  it('vacuums a table past its inserted-rows threshold: its index-only scans stop reading the heap', async () => {
    await db.exec(`create table sheet (id int primary key, name text); insert into sheet select i, md5(i::text) from generate_series(1, 20000) i`);
    await statsShow('sheet', (s) => s.inserted === 20000);
    const deepPage = 'select id from sheet order by id offset 10000 limit 50';
    expect(await heapFetches(deepPage)).toBe(10050);

    expect(await vacuumRound(db)).toMatchObject({ table: 'public.sheet', vacuumed: true });
    expect(await heapFetches(deepPage)).toBe(0);
    await statsShow('sheet', (s) => s.vacuumed && s.analyzed && s.inserted === 0);
    // The catalogs the table's creation changed may be due as well; the table itself is done.
    expect(await drain()).not.toContain('public.sheet');
  });

  it('analyzes alone a table whose rows changed past the analyze threshold but left few dead', async () => {
    await drain();
    await db.exec(`create table prices (id int primary key, price int); insert into prices select i, i from generate_series(1, 400) i`);
    await statsShow('prices', (s) => s.inserted === 400);
    // 400 new rows: short of the insert threshold (1,000 + 20%), past analyze's (50 + 10%).
    expect(await vacuumRound(db)).toMatchObject({ table: 'public.prices', vacuumed: false });
    await statsShow('prices', (s) => s.analyzed && !s.vacuumed && s.modified === 0);

    // 100 changed rows: past analyze's 50 + 10% of 400 (90), short of vacuum's 50 + 20% of 400 (130) dead ones.
    await db.exec(`update prices set price = price + 1 where id <= 100`);
    await statsShow('prices', (s) => s.modified === 100);
    expect(await vacuumRound(db)).toMatchObject({ table: 'public.prices', vacuumed: false });
    await statsShow('prices', (s) => s.modified === 0);
    expect(await drain()).not.toContain('public.prices');
  });

  it('never picks pg_statistic to analyze: ANALYZE passes over it, so it would be due in every round', async () => {
    const columns = Array.from({ length: 120 }, (_, i) => `c${i} int`).join(', ');
    await db.exec(
      `create table wide (${columns}); insert into wide select ${Array.from({ length: 120 }, () => 'g').join(', ')} from generate_series(1, 2000) g`,
    );
    await statsShow('wide', (s) => s.inserted === 2000);
    expect(await drain()).toContain('public.wide');
    // Analyzing 120 columns rewrote 120 rows of pg_statistic: past its analyze threshold, which it can never reset.
    const statisticDue = async () =>
      (
        await db.query<{ due: boolean }>(
          `select s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as due
             from pg_stat_all_tables s join pg_class c on c.oid = s.relid where s.relname = 'pg_statistic'`,
        )
      ).rows[0]?.due;
    await expect.poll(statisticDue).toBe(true);
    const round = await vacuumRound(db);
    expect(round === null || round.table !== 'pg_catalog.pg_statistic' || round.vacuumed).toBe(true);
  });

  it('starts no round while a backup holds it, and takes the table due once released', async () => {
    await drain();
    await db.exec(`create table receipts (id int primary key); insert into receipts select generate_series(1, 3000)`);
    await statsShow('receipts', (s) => s.inserted === 3000);
    const release = holdVacuum(db);
    const second = holdVacuum(db);
    expect(await vacuumRound(db)).toBeNull();
    release();
    release();
    // Another holder still holds it.
    expect(await vacuumRound(db)).toBeNull();
    second();
    expect(await vacuumRound(db)).toMatchObject({ table: 'public.receipts', vacuumed: true });
  });

  it('runs its rounds on its own, saying what it vacuumed, until stopped', async () => {
    const said: object[] = [];
    const log = { info: (o: object) => void said.push(o), warn: (o: object) => void said.push(o) };
    const loop = embeddedVacuum(db, log, 50);
    try {
      await db.exec(`create table ledger (seq int primary key); insert into ledger select generate_series(1, 5000)`);
      await expect.poll(() => said.some((o) => (o as { table?: string }).table === 'public.ledger'), { timeout: 15_000 }).toBe(true);
    } finally {
      await loop.stop();
    }
    expect(said.every((o) => 'table' in o)).toBe(true);
  });
});
