import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './client.js';

/**
 * Names the person the current transaction acts for: the history trigger (functions/60-history.sql) writes them into
 * every entry the transaction's changes produce. Local to the transaction, so a pooled connection never carries it on.
 */
export async function actAs(tx: DbOrTx, userId: string | null | undefined): Promise<void> {
  if (userId) await tx.execute(sql`select set_config('app.actor_id', ${userId}, true)`);
}

/** A transaction acting for `by` (see actAs). */
export function transactionAs<T>(db: Db, by: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await actAs(tx, by?.id);
    return work(tx);
  });
}

/** Whoever a write acts for: a signed-in user, or nobody (a seed, a command-line tool). */
export type Actor = { id: string } | null | undefined;

/** The rest of this transaction writes no entry per row: a bulk step records one entry of its own instead. */
export async function withoutRowHistory(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('app.history_quiet', 'on', true)`);
}
