import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './client.js';
import { rowsOf } from './rows.js';

/**
 * Names the person the current transaction acts for: the history trigger (functions/60-history.sql) writes them into
 * every entry the transaction's changes produce. Local to the transaction, so a pooled connection never carries it on.
 */
export async function actAs(tx: DbOrTx, userId: string | null | undefined): Promise<void> {
  if (userId) await tx.execute(sql`select set_config('app.actor_id', ${userId}, true)`);
}

/**
 * A transaction acting for `by` (see actAs). When `by` read a version of the record it changes (If-Match), the
 * transaction first locks that record and compares its version, with a snapshot taken once the lock is held: of two
 * editors of one version exactly one saves, the other gets a VersionConflict before it has written anything.
 */
export function transactionAs<T>(db: Db, by: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await actAs(tx, by?.id);
    const expected = by?.ifMatch;
    if (expected && !expected.checked) {
      await tx.execute(sql`select 1 from ${sql.identifier(expected.table)} where id = ${expected.recordId}::uuid for update`);
      const [row] = rowsOf<{ version: string | number }>(await tx.execute(sql`select record_version(${expected.resource}, ${expected.recordId}) as version`));
      if (Number(row?.version ?? 0) !== expected.version) throw new VersionConflict();
      // A service that writes in several transactions checks once: its own first one moves the version on.
      expected.checked = true;
    }
    return work(tx);
  });
}

/** The version of one record an update was written against (`checked` once a transaction has compared it). */
export type ExpectedVersion = { table: string; resource: string; recordId: string; version: number; checked?: boolean };

/** The record is no longer at the version the update was written against. */
export class VersionConflict extends Error {
  constructor() {
    super('The record was changed since it was read');
  }
}

/** Whoever a write acts for: a signed-in user, or nobody (a seed, a command-line tool). */
export type Actor = { id: string; ifMatch?: ExpectedVersion } | null | undefined;

/** The rest of this transaction writes no entry per row: a bulk step records one entry of its own instead. */
export async function withoutRowHistory(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('app.history_quiet', 'on', true)`);
}
