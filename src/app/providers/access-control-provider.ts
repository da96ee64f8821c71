import type { AccessControlProvider } from '@refinedev/core';
import type { Action, Resource } from '../../domain/policy';
import { defaultRoleLabel } from '../../domain/roles';
import { txNow } from '../crud/texts';
import type { Permission } from '../resources/types';
import type { Session } from './session';
import { decodeToken } from './token';

/** GET /api/access-policy: the caller's slice of the policy the API enforces. */
export type AccessPolicy = {
  role: string;
  role_label?: string;
  permissions: Partial<Record<Resource, Action[]>>;
  /** Per warehouse-owned resource: 'assigned' where the role sees only the user's warehouses. */
  scope?: Partial<Record<string, 'all' | 'assigned'>>;
  /** The user's assigned warehouses. */
  warehouses?: { _id: string; name: string }[];
};

export type AccessControlOptions = {
  fetchPolicy: () => Promise<AccessPolicy>;
  session: Session;
  /** Refine (resource, action) → the policy permission behind it (from the resource declarations). */
  permissionFor: (resource: string, action: string) => Permission | null;
};

export type CachedAccessControlProvider = AccessControlProvider & {
  /** Forget the policy (another user signs in). */
  reset(): void;
  /** Re-read the policy on the next question, keeping the current one if that read fails (an admin may have changed it). */
  refresh(): void;
  /** The signed-in user's policy, from the same cache the access questions use (null when signed out). */
  policy(): Promise<AccessPolicy> | null;
};

/**
 * Answers from the same policy the API enforces, fetched once per signed-in user and again after `refresh()`
 * (on each navigation), so a button or menu item is never offered that the API would refuse, nor greyed out
 * when the API would allow it.
 */
export function createAccessControlProvider({ fetchPolicy, session, permissionFor }: AccessControlOptions): CachedAccessControlProvider {
  let cache: { user: string; policy: Promise<AccessPolicy>; stale: boolean } | null = null;

  function policyOfCurrentUser(): Promise<AccessPolicy> | null {
    const claims = decodeToken(session.accessToken());
    if (!claims) return null;
    const user = `${claims.sub}:${claims.role}`;
    if (cache?.user !== user || cache.stale) {
      const previous = cache?.user === user ? cache.policy : null;
      const fetched = fetchPolicy();
      // A failed re-read keeps the answers the user had, rather than greying out everything.
      const policy = previous ? fetched.catch(() => previous) : fetched;
      cache = { user, policy, stale: false };
      // A failed first fetch is not cached: the next question asks again.
      policy.catch(() => {
        if (cache?.policy === policy) cache = null;
      });
    }
    return cache.policy;
  }

  return {
    async can({ resource, action }) {
      if (!resource) return { can: true };
      const permission = permissionFor(resource, action);
      // A reason is shown by Refine's own buttons (their tooltip) as it is: in the user's language.
      const refused = (reason: string) => ({ can: false, reason: txNow(reason) });
      if (!permission) return refused('This action is not available.');
      const pending = policyOfCurrentUser();
      if (!pending) return refused('Please log in.');
      try {
        const policy = await pending;
        if (policy.permissions[permission.resource]?.includes(permission.action)) return { can: true };
        const role = policy.role_label ?? defaultRoleLabel(policy.role);
        return refused(`Not available to the ${role} role.`);
      } catch {
        return refused('Your permissions could not be loaded. Please try again.');
      }
    },
    reset() {
      cache = null;
    },
    refresh() {
      if (cache) cache.stale = true;
    },
    policy: policyOfCurrentUser,
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: false },
      // Never show another user's (or another screen's) answer while the real one loads.
      queryOptions: { placeholderData: undefined },
    },
  };
}
