import { needing, neededBy, type Action, type Permission, type Policy, type Resource } from '../../../domain/policy';
import { defaultRoleLabel, type Role } from '../../../domain/roles';
import { isGranted, withGrant, withSignIn } from './matrix-model';
import type { MatrixRow } from './matrix-rows';
import { ENGLISH_NAMES, type PermissionNames } from './names';

/** Boxes the matrix changed on its own because a ticked action needs them, or an unticked one was needed. */
export type DependencyNote = { role: Role; granted: boolean; cause: Permission[]; also: Permission[] };

/** 'Also ticked cities show, cities list for Warehouse User: cities edit needs them.' */
export function dependencyNoteText(note: DependencyNote, names: PermissionNames = ENGLISH_NAMES): string {
  const { t } = names;
  const list = (ps: Permission[]) => ps.map((p) => names.permission(p.resource, p.action)).join(', ');
  const params = { also: list(note.also), role: names.tx(defaultRoleLabel(note.role)), cause: list(note.cause) };
  const severalCauses = note.cause.length > 1;
  const severalAlso = note.also.length > 1;
  if (note.granted) {
    if (severalCauses) return severalAlso ? t('permissions.dependency.tickedNeedThem', params) : t('permissions.dependency.tickedNeedIt', params);
    return severalAlso ? t('permissions.dependency.tickedNeedsThem', params) : t('permissions.dependency.tickedNeedsIt', params);
  }
  return severalAlso ? t('permissions.dependency.untickedTheyNeed', params) : t('permissions.dependency.untickedItNeeds', params);
}

/**
 * Ticks or unticks a box and keeps the role's actions usable: ticking an action ticks what it needs (edit → show
 * → list), unticking one unticks what needs it. Returns the new policy and what changed beyond the box itself.
 */
export function toggleCell(policy: Policy, role: Role, row: MatrixRow, checked: boolean): { policy: Policy; note: DependencyNote | null } {
  if (row.kind === 'sign-in') return { policy: withSignIn(policy, role, checked), note: null };
  const asked: Permission[] =
    row.kind === 'resource' ? row.actions.map((action) => ({ resource: row.resource, action })) : [{ resource: row.resource, action: row.action }];
  const follow = checked ? neededBy : needing;
  const also: Permission[] = [];
  for (const p of asked.flatMap(follow)) {
    const alreadyAsked = asked.some((a) => a.resource === p.resource && a.action === p.action);
    const noted = also.some((a) => a.resource === p.resource && a.action === p.action);
    if (!alreadyAsked && !noted && isGranted(policy, role, p.resource, p.action) !== checked) also.push(p);
  }
  let next = policy;
  for (const p of [...asked, ...also]) next = withGrant(next, role, p.resource as Resource, p.action as Action, checked);
  // Name only the asked boxes that brought the others along.
  const cause = asked.filter((a) => follow(a).some((p) => also.some((x) => x.resource === p.resource && x.action === p.action)));
  return { policy: next, note: also.length ? { role, granted: checked, cause, also } : null };
}
