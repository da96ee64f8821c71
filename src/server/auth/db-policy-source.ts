import { DEFAULT_POLICY, EVERYTHING, RESOURCES, type Action, type Policy, type Resource } from '../../domain/policy.js';
import { ROLES, isRole } from '../../domain/roles.js';
import type { DbOrTx } from '../db/client.js';
import { rolePermissions, roleSettings } from '../db/schema.js';
import type { PolicySource } from './access.js';

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

/** First start: the policy table is filled from the defaults in src/domain/policy.ts (SPEC.md section 6). */
export async function ensurePolicySeeded(db: DbOrTx): Promise<void> {
  const existing = await db.select({ role: roleSettings.role }).from(roleSettings).limit(1);
  if (existing.length) return;
  const { settings, grants } = policyRows(DEFAULT_POLICY);
  await db.insert(roleSettings).values(settings).onConflictDoNothing();
  await db.insert(rolePermissions).values(grants).onConflictDoNothing();
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
