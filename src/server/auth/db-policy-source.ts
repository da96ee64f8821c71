import { sql } from 'drizzle-orm';
import { DEFAULT_POLICY, EVERYTHING, RESOURCES, type Action, type Policy, type Resource } from '../../domain/policy.js';
import { ROLES, isRole } from '../../domain/roles.js';
import { normalisePolicy } from '../../domain/schemas/permissions.js';
import type { DbOrTx } from '../db/client.js';
import { permissionAudit, policySeenActions, rolePermissions, roleSettings } from '../db/schema.js';
import type { PolicySource } from './access.js';

/** Held while the policy is written: by an admin's save and by start-up's seeding. */
export const POLICY_LOCK = 727275;

/** Changes reach every API process within this time, with no restart. */
export const POLICY_TTL_MS = 2000;

export async function readPolicy(db: DbOrTx): Promise<Policy> {
  const [settings, grants] = await Promise.all([db.select().from(roleSettings), db.select().from(rolePermissions)]);
  const policy: Policy = {
    signIn: Object.fromEntries(ROLES.map((r) => [r, false])) as Policy['signIn'],
    grants: Object.fromEntries(ROLES.map((r) => [r, {}])) as Policy['grants'],
  };
  for (const s of settings) if (isRole(s.role)) policy.signIn[s.role] = s.maySignIn;
  for (const g of grants) {
    if (!isRole(g.role)) continue;
    const known = (RESOURCES as Record<string, readonly string[]>)[g.resource];
    if (!known?.includes(g.action)) continue; // a resource or action that no longer exists grants nothing
    const role = policy.grants[g.role];
    const resource = g.resource as Resource;
    role[resource] = [...(role[resource] ?? []), g.action as Action];
  }
  // The admin row is read-only: whatever the table says, admin keeps everything.
  policy.signIn.admin = true;
  policy.grants.admin = EVERYTHING;
  return policy;
}

export function policyRows(policy: Policy) {
  const settings = ROLES.map((role) => ({ role, maySignIn: Boolean(policy.signIn[role]) }));
  const grants = ROLES.flatMap((role) =>
    Object.entries(policy.grants[role] ?? {}).flatMap(([resource, actions]) => (actions ?? []).map((action) => ({ role, resource, action }))),
  );
  return { settings, grants };
}

const pairKey = (resource: string, action: string) => `${resource} ${action}`;

/**
 * At every start: a fresh database gets the defaults of src/domain/policy.ts (SPEC.md section 6). An older one
 * gets the default grants of each (resource, action) it has never seen (one a release added) and nothing
 * else: whatever admins did with the ones it has seen stays as they left it. Recorded in the audit trail.
 */
export async function ensurePolicySeeded(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    // Processes starting together, and admins saving, take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${POLICY_LOCK})`);
    const seen = new Set((await tx.select().from(policySeenActions)).map((p) => pairKey(p.resource, p.action)));
    const unseen = (Object.entries(RESOURCES) as [Resource, readonly Action[]][])
      .flatMap(([resource, actions]) => actions.map((action) => ({ resource, action })))
      .filter((p) => !seen.has(pairKey(p.resource, p.action)));
    const knownRoles = new Set((await tx.select({ role: roleSettings.role }).from(roleSettings)).map((r) => r.role));
    const newRoles = ROLES.filter((role) => !knownRoles.has(role));
    if (!unseen.length && !newRoles.length) return;

    const fresh = knownRoles.size === 0;
    const before = fresh ? null : normalisePolicy(await readPolicy(tx));
    const { settings, grants } = policyRows(DEFAULT_POLICY);
    const newSettings = settings.filter((s) => newRoles.includes(s.role));
    if (newSettings.length) await tx.insert(roleSettings).values(newSettings).onConflictDoNothing();
    const newGrants = grants.filter((g) => unseen.some((p) => p.resource === g.resource && p.action === g.action));
    if (newGrants.length) await tx.insert(rolePermissions).values(newGrants).onConflictDoNothing();
    if (unseen.length) await tx.insert(policySeenActions).values(unseen).onConflictDoNothing();
    if (before) {
      const after = normalisePolicy(await readPolicy(tx));
      if (JSON.stringify(before) !== JSON.stringify(after)) await tx.insert(permissionAudit).values({ userId: null, before, after });
    }
  });
}

/** The policy from the database, cached for a short TTL per process. */
export function dbPolicySource(db: DbOrTx, ttlMs = POLICY_TTL_MS): PolicySource & { invalidate: () => void } {
  let cached: { policy: Policy; at: number } | null = null;
  let loading: Promise<Policy> | null = null;
  return {
    async current() {
      if (cached && Date.now() - cached.at < ttlMs) return cached.policy;
      loading ??= readPolicy(db)
        .then((policy) => {
          cached = { policy, at: Date.now() };
          return policy;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    invalidate() {
      cached = null;
    },
  };
}
