import { z } from 'zod';
import { EVERYTHING, RESOURCES, SCOPES, WAREHOUSE_SCOPED, brokenDependencies, isWarehouseScoped, type Policy, type RoleScope } from '../policy.js';
import { ROLES, ROLE_NAME_MAX, isRole } from '../roles.js';

export const PERMISSIONS_CHANGED_MESSAGE =
  'The permissions were changed by someone else since you opened them. Reload to see their changes, then make yours again.';

export const ADMIN_LOCKED_MESSAGE = 'The admin role always keeps every permission and may always sign in.';

/** Whether the role exists is checked against the database when the policy is saved. */
const roleKey = z.string().refine(isRole, { error: `A role name is a lowercase slug of at most ${ROLE_NAME_MAX} characters` });

/** The whole matrix, as PUT /api/permissions replaces it. */
export const policySchema = z
  .object({
    signIn: z.record(roleKey, z.boolean({ error: 'signIn values must be true or false' })),
    grants: z.record(roleKey, z.record(z.string(), z.array(z.string()))),
    /** Per role and warehouse-owned resource: 'all' warehouses or the user's 'assigned' ones. Missing means 'all'. */
    scope: z.record(roleKey, z.record(z.string(), z.enum(SCOPES, { error: "A scope is 'all' or 'assigned'" }))).optional(),
    /** The version the editor loaded: a save over someone else's newer change is refused (409). */
    version: z.number({ error: 'version must be a number' }).int().min(0).optional(),
  })
  .superRefine((policy, ctx) => {
    for (const [role, grants] of Object.entries(policy.grants)) {
      for (const [resource, actions] of Object.entries(grants ?? {})) {
        const known = (RESOURCES as Record<string, readonly string[]>)[resource];
        if (!known) {
          ctx.addIssue({ code: 'custom', path: ['grants', role, resource], message: `Unknown resource '${resource}'` });
          continue;
        }
        for (const action of actions) {
          if (!known.includes(action)) {
            ctx.addIssue({ code: 'custom', path: ['grants', role, resource], message: `Unknown action '${action}' for ${resource}` });
          }
        }
      }
    }
    for (const [role, grants] of Object.entries(policy.grants)) {
      for (const { by, needs } of brokenDependencies(grants ?? {})) {
        ctx.addIssue({
          code: 'custom',
          path: ['grants', role, by.resource],
          message: `${role}: ${by.resource} ${by.action} needs ${needs.resource} ${needs.action}`,
        });
      }
    }
    for (const [role, scopes] of Object.entries(policy.scope ?? {})) {
      for (const resource of Object.keys(scopes ?? {})) {
        if (!isWarehouseScoped(resource)) {
          ctx.addIssue({ code: 'custom', path: ['scope', role, resource], message: `${resource} has no warehouse scope` });
        }
      }
    }
    const adminScoped = Object.values(policy.scope?.admin ?? {}).some((s) => s !== 'all');
    if (!policy.signIn.admin || !sameGrants(policy.grants.admin ?? {}, EVERYTHING) || adminScoped) {
      ctx.addIssue({ code: 'custom', path: ['grants', 'admin'], message: ADMIN_LOCKED_MESSAGE });
    }
  });

function sameGrants(a: Record<string, readonly string[]>, b: Record<string, readonly string[] | undefined>): boolean {
  const norm = (g: Record<string, readonly string[] | undefined>) =>
    JSON.stringify(
      Object.keys(g)
        .filter((k) => g[k]?.length)
        .sort()
        .map((k) => [k, [...g[k]!].sort()]),
    );
  return norm(a) === norm(b);
}

/** The policy as PUT /api/permissions receives it (scope may be left out: every role keeps 'all'). */
export type PolicyInput = Omit<Policy, 'scope'> & { scope?: Policy['scope'] };

/**
 * Normalise a policy so that equal matrices compare equal (sorted resources and actions, no empty lists, every
 * scope spelt out). `roles`: the roles to cover (built-in ones first, then the policy's own, in name order).
 */
export function normalisePolicy(policy: PolicyInput, roles: readonly string[] = rolesOf(policy)): Policy {
  const grants: Policy['grants'] = {};
  const scope: Policy['scope'] = {};
  for (const role of roles) {
    const g = policy.grants[role] ?? {};
    grants[role] = Object.fromEntries(
      Object.keys(g)
        .filter((r) => g[r as keyof typeof g]?.length)
        .sort()
        .map((r) => [r, [...g[r as keyof typeof g]!].sort()]),
    );
    const s: RoleScope = policy.scope?.[role] ?? {};
    scope[role] = Object.fromEntries(WAREHOUSE_SCOPED.map((r) => [r, role === 'admin' ? 'all' : (s[r] ?? 'all')]));
  }
  return { signIn: Object.fromEntries(roles.map((r) => [r, Boolean(policy.signIn[r])])), grants, scope };
}

/** Every role a policy names: the built-in ones in SPEC.md's order, then custom ones by name. */
export function rolesOf(policy: PolicyInput): string[] {
  const named = new Set([...Object.keys(policy.signIn), ...Object.keys(policy.grants), ...Object.keys(policy.scope ?? {})]);
  const custom = [...named].filter((r) => !(ROLES as readonly string[]).includes(r)).sort();
  return [...ROLES, ...custom];
}
