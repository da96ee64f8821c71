import { sql } from 'drizzle-orm';
import { DEFAULT_POLICY, EVERYTHING, RESOURCES, isWarehouseScoped, type Action, type Policy, type Resource, type Scope } from '../../domain/policy.js';
import { ROLES } from '../../domain/roles.js';
import { normalisePolicy } from '../../domain/schemas/permissions.js';
import type { DbOrTx } from '../db/client.js';
import { permissionAudit, policySeenActions, rolePermissions, roleScopes, roleSettings } from '../db/schema.js';
import type { PolicySource } from './access.js';
import { notifiedCache } from './notified-cache.js';

/** Held while the policy is written: by an admin's save and by start-up's seeding. */
export const POLICY_LOCK = 727275;

/**
 * Channel of the triggers on role_settings, role_permissions and role_scopes (migration 0016): every process drops its
 * copy of the policy at the change's commit.
 */
export const ACCESS_POLICY_CHANNEL = 'access_policy';
/** Safety net if a notification is lost (a dropped connection): no copy is believed longer than this. */
export const POLICY_TTL_MS = 1000;

export async function readPolicy(db: DbOrTx): Promise<Policy> {
  const [settings, grants, scopes] = await Promise.all([db.select().from(roleSettings), db.select().from(rolePermissions), db.select().from(roleScopes)]);
  const policy: Policy = { signIn: {}, grants: {}, scope: {} };
  for (const s of settings) {
    policy.signIn[s.role] = s.maySignIn;
    policy.grants[s.role] = {};
    policy.scope[s.role] = {};
  }
  for (const sc of scopes) {
    if (policy.scope[sc.role] && isWarehouseScoped(sc.resource)) policy.scope[sc.role]![sc.resource] = sc.scope as Scope;
  }
  for (const g of grants) {
    if (!policy.grants[g.role]) continue; // a role that no longer exists grants nothing
    const known = (RESOURCES as Record<string, readonly string[]>)[g.resource];
    if (!known?.includes(g.action)) continue; // a resource or action that no longer exists grants nothing
    const role = policy.grants[g.role]!;
    const resource = g.resource as Resource;
    role[resource] = [...(role[resource] ?? []), g.action as Action];
  }
  // The admin row is read-only: whatever the table says, admin keeps everything.
  policy.signIn.admin = true;
  policy.grants.admin = EVERYTHING;
  policy.scope.admin = {};
  return policy;
}

/** What the audit trail records of the policy: the matrix, the scopes and every role's label. */
export async function policyDocument(db: DbOrTx) {
  const [policy, roles] = await Promise.all([readPolicy(db), db.select({ role: roleSettings.role, label: roleSettings.label }).from(roleSettings)]);
  const normal = normalisePolicy(policy);
  return { ...normal, labels: Object.fromEntries(Object.keys(normal.signIn).map((r) => [r, roles.find((x) => x.role === r)?.label ?? ''])) };
}

/** The rows of a policy, for the roles given (the built-in ones when none are). */
export function policyRows(policy: Policy, roles: readonly string[] = ROLES) {
  const settings = roles.map((role) => ({ role, maySignIn: Boolean(policy.signIn[role]) }));
  const grants = roles.flatMap((role) =>
    Object.entries(policy.grants[role] ?? {}).flatMap(([resource, actions]) => (actions ?? []).map((action) => ({ role, resource, action }))),
  );
  const scopes = roles.flatMap((role) =>
    Object.entries(policy.scope[role] ?? {})
      .filter(([, scope]) => scope === 'assigned')
      .map(([resource, scope]) => ({ role, resource, scope: scope as string })),
  );
  return { settings, grants, scopes };
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
    const before = fresh ? null : await policyDocument(tx);
    const { settings, grants } = policyRows(DEFAULT_POLICY);
    const newSettings = settings.filter((s) => (newRoles as readonly string[]).includes(s.role));
    if (newSettings.length) await tx.insert(roleSettings).values(newSettings).onConflictDoNothing();
    const newGrants = grants.filter((g) => unseen.some((p) => p.resource === g.resource && p.action === g.action));
    if (newGrants.length) await tx.insert(rolePermissions).values(newGrants).onConflictDoNothing();
    if (unseen.length) await tx.insert(policySeenActions).values(unseen).onConflictDoNothing();
    if (before) {
      const after = await policyDocument(tx);
      if (JSON.stringify(before) !== JSON.stringify(after)) await tx.insert(permissionAudit).values({ userId: null, before, after });
    }
  });
}

/**
 * The policy from the database, cached per process until the database announces a change of it (`ACCESS_POLICY_CHANNEL`,
 * heard by `app.ts` on every process, which calls `invalidate`). `ttlMs` only bounds what a missed announcement costs.
 */
export function dbPolicySource(db: DbOrTx, ttlMs = POLICY_TTL_MS): PolicySource & { invalidate: () => void } {
  const cache = notifiedCache(() => readPolicy(db), ttlMs, 1);
  return {
    current: () => cache.get('policy'),
    invalidate: () => cache.forget(),
  };
}
