import { z } from 'zod';
import { EVERYTHING, RESOURCES, brokenDependencies, type Policy } from '../policy.js';
import { ROLES } from '../roles.js';

export const PERMISSIONS_CHANGED_MESSAGE =
  'The permissions were changed by someone else since you opened them. Reload to see their changes, then make yours again.';

export const ADMIN_LOCKED_MESSAGE = 'The admin role always keeps every permission and may always sign in.';

const roleKey = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });

/** The whole matrix, as PUT /api/permissions replaces it. */
export const policySchema = z
  .object({
    signIn: z.record(roleKey, z.boolean({ error: 'signIn values must be true or false' })),
    grants: z.record(roleKey, z.record(z.string(), z.array(z.string()))),
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
    if (!policy.signIn.admin || !sameGrants(policy.grants.admin ?? {}, EVERYTHING)) {
      ctx.addIssue({ code: 'custom', path: ['grants', 'admin'], message: ADMIN_LOCKED_MESSAGE });
    }
  });

function sameGrants(a: Record<string, readonly string[]>, b: Record<string, readonly string[] | undefined>): boolean {
  const norm = (g: Record<string, readonly string[] | undefined>) =>
    JSON.stringify(Object.keys(g).filter((k) => g[k]?.length).sort().map((k) => [k, [...g[k]!].sort()]));
  return norm(a) === norm(b);
}

/** Normalise a policy so that equal matrices compare equal (sorted resources and actions, no empty lists). */
export function normalisePolicy(policy: Policy): Policy {
  const grants = {} as Policy['grants'];
  for (const role of ROLES) {
    const g = policy.grants[role] ?? {};
    grants[role] = Object.fromEntries(
      Object.keys(g).filter((r) => g[r as keyof typeof g]?.length).sort().map((r) => [r, [...g[r as keyof typeof g]!].sort()]),
    );
  }
  return { signIn: Object.fromEntries(ROLES.map((r) => [r, Boolean(policy.signIn[r])])) as Policy['signIn'], grants };
}
