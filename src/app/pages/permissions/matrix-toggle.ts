import { needing, neededBy, type Action, type Permission, type Policy, type Resource } from '../../../domain/policy';
import { defaultRoleLabel, type Role } from '../../../domain/roles';
import { isGranted, withGrant, withSignIn } from './matrix-model';
import type { MatrixRow } from './matrix-rows';

/** Boxes the matrix changed on its own because a ticked action needs them, or an unticked one was needed. */
export type DependencyNote = { role: Role; granted: boolean; cause: Permission[]; also: Permission[] };

const name = (p: Permission) => `${p.resource} ${p.action}`;
const list = (ps: Permission[]) => ps.map(name).join(', ');

/** 'Also ticked cities show, cities list for Warehouse User: cities edit needs them.' */
export function dependencyNoteText(note: DependencyNote): string {
  const who = defaultRoleLabel(note.role);
  if (note.granted) {
    const verb = note.cause.length > 1 ? 'need' : 'needs';
    return `Also ticked ${list(note.also)} for ${who}: ${list(note.cause)} ${verb} ${note.also.length > 1 ? 'them' : 'it'}.`;
  }
  return `Also unticked ${list(note.also)} for ${who}: ${note.also.length > 1 ? 'they need' : 'it needs'} ${list(note.cause)}.`;
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
