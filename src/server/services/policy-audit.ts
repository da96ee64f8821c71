import type { DbOrTx } from '../db/client.js';
import { permissionAudit } from '../db/schema.js';
import { recordEvent } from './record-history.js';

type PolicyDocument = Record<string, unknown>;

/** Each leaf that differs, by its path: 'grants.warehouse-user.products' → [['list'], ['list', 'show']]. */
export function policyChanges(before: PolicyDocument, after: PolicyDocument): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    const nested = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
    if (depth < 3 && (nested(a) || nested(b))) {
      const keys = new Set([...Object.keys((a ?? {}) as object), ...Object.keys((b ?? {}) as object)]);
      for (const k of keys)
        walk((a as Record<string, unknown> | undefined)?.[k], (b as Record<string, unknown> | undefined)?.[k], path ? `${path}.${k}` : k, depth + 1);
    } else if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) changes[path] = [a ?? null, b ?? null];
  };
  walk(before, after, '', 0);
  return changes;
}

/**
 * A change of the access policy (grants, sign-in, scopes, roles), when it changed anything: the permissions screen's
 * own log (before and after in full) and the history every record has (the paths that changed), in the caller's
 * transaction.
 */
export async function recordPolicyChange(tx: DbOrTx, byUserId: string, before: PolicyDocument, after: PolicyDocument, action = 'updated'): Promise<void> {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await tx.insert(permissionAudit).values({ userId: byUserId, before, after });
  await recordEvent(tx, {
    resource: 'permissions',
    recordId: 'policy',
    recordLabel: 'Access policy',
    action,
    by: { id: byUserId },
    changes: policyChanges(before, after),
  });
}
