import type { Policy } from '../../../domain/policy';

export type PolicyChange = { granted: boolean; text: string };

type LoosePolicy = { signIn?: Record<string, boolean>; grants?: Record<string, Record<string, readonly string[]> | undefined> };

/**
 * What an audit entry changed, one line per permission: '+ warehouse-user: products list',
 * '− sub-admin: may sign in'. Works on any stored before/after, even one naming roles or resources that no
 * longer exist, so old entries stay readable.
 */
export function diffPolicies(before: Policy | LoosePolicy | null | undefined, after: Policy | LoosePolicy | null | undefined): PolicyChange[] {
  const b = (before ?? {}) as LoosePolicy;
  const a = (after ?? {}) as LoosePolicy;
  const changes: PolicyChange[] = [];
  const roles = unique([...Object.keys(b.signIn ?? {}), ...Object.keys(a.signIn ?? {}), ...Object.keys(b.grants ?? {}), ...Object.keys(a.grants ?? {})]);
  for (const role of roles) {
    const was = Boolean(b.signIn?.[role]);
    const is = Boolean(a.signIn?.[role]);
    if (was !== is) changes.push(change(is, `${role}: may sign in`));
    const oldGrants = b.grants?.[role] ?? {};
    const newGrants = a.grants?.[role] ?? {};
    for (const resource of unique([...Object.keys(oldGrants), ...Object.keys(newGrants)]).sort()) {
      const oldActions = oldGrants[resource] ?? [];
      const newActions = newGrants[resource] ?? [];
      for (const action of unique([...oldActions, ...newActions])) {
        const had = oldActions.includes(action);
        const has = newActions.includes(action);
        if (had !== has) changes.push(change(has, `${role}: ${resource} ${action}`));
      }
    }
  }
  return changes;
}

function change(granted: boolean, what: string): PolicyChange {
  return { granted, text: `${granted ? '+' : '−'} ${what}` };
}

const unique = (values: string[]) => [...new Set(values)];
