import type { Policy } from '../../../domain/policy';
import { ENGLISH_NAMES, type PermissionNames } from './names';

/**
 * One line of an audit entry. `neutral`: a setting changed to another value (a scope, a label), neither granted nor
 * taken away, so it reads 'scope set to Assigned' without a + or −.
 */
export type PolicyChange = { granted: boolean; text: string; neutral?: true };

type LoosePolicy = {
  signIn?: Record<string, boolean>;
  grants?: Record<string, Record<string, readonly string[]> | undefined>;
  scope?: Record<string, Record<string, string> | undefined>;
  labels?: Record<string, string>;
};

/**
 * What an audit entry changed, one line per permission: '+ warehouse-user: products list',
 * '− sub-admin: may sign in', 'warehouse-user: inventory scope set to Assigned'. Works on any stored before/after, even one naming roles or resources that no
 * longer exist, so old entries stay readable.
 */
export function diffPolicies(
  before: Policy | LoosePolicy | null | undefined,
  after: Policy | LoosePolicy | null | undefined,
  names: PermissionNames = ENGLISH_NAMES,
): PolicyChange[] {
  const { t } = names;
  const scopeLabels: Record<string, string> = { all: t('permissions.scope.all'), assigned: t('permissions.scope.assigned') };
  const b = (before ?? {}) as LoosePolicy;
  const a = (after ?? {}) as LoosePolicy;
  const changes: PolicyChange[] = [];
  const roles = unique([...Object.keys(b.signIn ?? {}), ...Object.keys(a.signIn ?? {}), ...Object.keys(b.grants ?? {}), ...Object.keys(a.grants ?? {})]);
  // A role that appears or disappears (created or deleted), and a renamed one.
  for (const role of unique([...Object.keys(b.labels ?? {}), ...Object.keys(a.labels ?? {})])) {
    const had = b.labels && role in b.labels;
    const has = a.labels && role in a.labels;
    if (b.labels && !had && has) changes.push(change(true, t('permissions.audit.roleCreated', { role, label: a.labels![role]! })));
    else if (a.labels && had && !has) changes.push(change(false, t('permissions.audit.roleDeleted', { role })));
    else if (had && has && b.labels![role] !== a.labels![role])
      changes.push(setting(t('permissions.audit.labelSet', { role, label: a.labels![role] || role })));
  }
  for (const role of roles) {
    const oldScope = b.scope?.[role] ?? {};
    const newScope = a.scope?.[role] ?? {};
    for (const resource of unique([...Object.keys(oldScope), ...Object.keys(newScope)]).sort()) {
      const from = oldScope[resource] ?? 'all';
      const to = newScope[resource] ?? 'all';
      if (from !== to) changes.push(setting(t('permissions.audit.scopeSet', { role, resource: names.resource(resource), scope: scopeLabels[to] ?? to })));
    }
    const was = Boolean(b.signIn?.[role]);
    const is = Boolean(a.signIn?.[role]);
    if (was !== is) changes.push(change(is, t('permissions.cell.signIn', { role })));
    const oldGrants = b.grants?.[role] ?? {};
    const newGrants = a.grants?.[role] ?? {};
    for (const resource of unique([...Object.keys(oldGrants), ...Object.keys(newGrants)]).sort()) {
      const oldActions = oldGrants[resource] ?? [];
      const newActions = newGrants[resource] ?? [];
      for (const action of unique([...oldActions, ...newActions])) {
        const had = oldActions.includes(action);
        const has = newActions.includes(action);
        if (had !== has) changes.push(change(has, t('permissions.cell.one', { role, permission: names.permission(resource, action) })));
      }
    }
  }
  return changes;
}

function change(granted: boolean, what: string): PolicyChange {
  return { granted, text: `${granted ? '+' : '−'} ${what}` };
}

function setting(what: string): PolicyChange {
  return { granted: true, neutral: true, text: what };
}

const unique = (values: string[]) => [...new Set(values)];
