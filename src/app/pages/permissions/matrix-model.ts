import type { Action, Policy, Resource, Scope, ScopedResource } from '../../../domain/policy';
import type { Role } from '../../../domain/roles';
import { normalisePolicy } from '../../../domain/schemas/permissions';

/** GET /api/permissions. */
export type PermissionsResponse = {
  roles: Role[];
  /** name → label of every role. */
  labels: Record<string, string>;
  resources: Record<Resource, Action[]>;
  /** The resources that have a warehouse scope. */
  scoped: ScopedResource[];
  policy: Policy;
  defaults: Policy;
  /** Sent back on save so that a save over someone else's newer change is refused. */
  version: number;
};

/** The admin column is read-only: the API refuses any policy that takes something away from it. */
export const LOCKED_ROLE: Role = 'admin';

export function isGranted(policy: Policy, role: Role, resource: Resource, action: Action): boolean {
  return policy.grants[role]?.[resource]?.includes(action) ?? false;
}

/** The policy with one role's actions on one resource set to exactly `actions` (a new object, for React state). */
export function withActions(policy: Policy, role: Role, resource: Resource, actions: readonly Action[]): Policy {
  const grants = { ...policy.grants[role] };
  if (actions.length) grants[resource] = [...actions];
  else delete grants[resource];
  return { ...policy, grants: { ...policy.grants, [role]: grants } };
}

export function withGrant(policy: Policy, role: Role, resource: Resource, action: Action, granted: boolean): Policy {
  const current = policy.grants[role]?.[resource] ?? [];
  const next = granted ? [...new Set([...current, action])] : current.filter((a) => a !== action);
  return withActions(policy, role, resource, next);
}

export function withScope(policy: Policy, role: Role, resource: ScopedResource, scope: Scope): Policy {
  return { ...policy, scope: { ...policy.scope, [role]: { ...policy.scope[role], [resource]: scope } } };
}

export function withSignIn(policy: Policy, role: Role, maySignIn: boolean): Policy {
  return { ...policy, signIn: { ...policy.signIn, [role]: maySignIn } };
}

/** Same matrix, whatever the order of resources and actions. */
export function samePolicy(a: Policy, b: Policy): boolean {
  return JSON.stringify(normalisePolicy(a)) === JSON.stringify(normalisePolicy(b));
}
