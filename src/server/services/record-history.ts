import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { recordHistory, users } from '../db/schema.js';
import type { HistoryEntry } from '../../domain/schemas/history.js';

/**
 * One entry of a record's history, in the caller's transaction (the change and its entry commit together or not at
 * all). The person's name is read as it is now and kept: a later rename does not rewrite what happened.
 */
export async function recordEvent(
  tx: DbOrTx,
  entry: {
    resource: string;
    recordId: string;
    /** What a person calls the record (an order's number, a person's name), kept as it was. */
    recordLabel?: string | null;
    action: string;
    by: { id: string } | null;
    changes?: Record<string, [unknown, unknown]>;
    note?: string;
    warehouseId?: string | null;
  },
): Promise<void> {
  const name = entry.by ? sql`(select nullif(trim(u.firstname || ' ' || u.lastname), '') from ${users} u where u.id = ${entry.by.id}::uuid)` : null;
  await tx.insert(recordHistory).values({
    resource: entry.resource,
    recordId: entry.recordId,
    recordLabel: entry.recordLabel ?? null,
    action: entry.action,
    changes: entry.changes ?? null,
    note: entry.note ?? '',
    userId: entry.by?.id ?? null,
    userName: name,
    warehouseId: entry.warehouseId ?? null,
  });
}

/** A record's history, oldest first (a document's status history). */
export async function historyOf(db: DbOrTx, resource: string, recordId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      action: recordHistory.action,
      changes: recordHistory.changes,
      note: recordHistory.note,
      user_id: recordHistory.userId,
      user_name: recordHistory.userName,
      at: recordHistory.created,
    })
    .from(recordHistory)
    .where(and(eq(recordHistory.resource, resource), eq(recordHistory.recordId, recordId)))
    .orderBy(asc(recordHistory.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** The fields whose values differ: { field: [before, after] }. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    const [a, b] = [before[field] ?? null, after[field] ?? null];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}
