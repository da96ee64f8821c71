import { and, asc, count, eq, or } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { stockMovements, users } from '../db/schema.js';
import type { UserUpdateInput } from '../../domain/schemas/user.js';
import type { CurrentUser } from '../auth/access.js';
import { badRequest, conflict } from '../http/errors.js';

/** Nobody locks themselves out: one's own role stays, one's own account stays active. */
export function assertSelfChangeAllowed(by: CurrentUser, userId: string, current: { role: string }, input: Pick<UserUpdateInput, 'role' | 'status'>): void {
  if (by.id !== userId) return;
  if (input.role !== current.role) throw badRequest('role', 'You cannot change your own role');
  if (input.status !== 'active') throw badRequest('status', 'You cannot deactivate your own account');
}

/**
 * Locks the active admins' rows, always in id order and before any other user row, so that two admins
 * demoting each other at once queue up (no deadlock) and the second sees the first one's change.
 */
export async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Refuses to delete, demote or deactivate the last active admin. */
export function assertKeepsAnActiveAdmin(activeAdmins: string[], userId: string, change: 'update' | 'delete'): void {
  if (!activeAdmins.includes(userId) || activeAdmins.some((id) => id !== userId)) return;
  throw conflict(
    change === 'delete'
      ? 'This is the last active admin and cannot be deleted. Make another user an active admin first.'
      : 'This is the last active admin: it must stay an active admin. Make another user an active admin first.',
  );
}

/** Stock movements name their seller and who performed them; that history must keep its people. */
export async function assertNotInStockHistory(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(stockMovements)
    .where(or(eq(stockMovements.sellerId, userId), eq(stockMovements.performedBy, userId)));
  if (Number(row?.n) > 0) {
    throw conflict(`This user appears in ${row!.n} stock movement(s), which must keep their history. Set the user inactive instead of deleting it.`);
  }
}
