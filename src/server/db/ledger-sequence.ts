import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/**
 * The last seq the ledger's identity sequence gave out, by any process (0 before the first), rolled-back writes
 * included. A sequence is read outside every snapshot, and its CACHE is 1 (migration 0000): each seq taken moves it.
 */
export async function ledgerSequence(db: Db): Promise<number> {
  const [row] = rowsOf<{ last: string }>(
    await db.execute(sql`select (case when is_called then last_value else 0 end)::text as last from stock_movements_seq_seq`),
  );
  return Number(row!.last);
}
