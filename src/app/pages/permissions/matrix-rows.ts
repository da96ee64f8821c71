import type { Action, Resource } from '../../../domain/policy';
import { ENGLISH_NAMES, type PermissionNames } from './names';

/** One line of the matrix: the sign-in switch, a resource heading, or one action of that resource. */
export type MatrixRow =
  | { key: string; kind: 'sign-in' }
  | { key: string; kind: 'resource'; resource: Resource; actions: Action[] }
  | { key: string; kind: 'action'; resource: Resource; action: Action };

export function matrixRows(resources: Partial<Record<Resource, readonly Action[]>>): MatrixRow[] {
  const rows: MatrixRow[] = [{ key: 'sign-in', kind: 'sign-in' }];
  for (const [resource, actions] of Object.entries(resources) as [Resource, Action[]][]) {
    rows.push({ key: resource, kind: 'resource', resource, actions });
    for (const action of actions) rows.push({ key: `${resource}:${action}`, kind: 'action', resource, action });
  }
  return rows;
}

/** The accessible name of a box, in the words of the audit trail: 'warehouse-user: products list'. */
export function cellLabel(role: string, row: MatrixRow, names: PermissionNames = ENGLISH_NAMES): string {
  if (row.kind === 'sign-in') return names.t('permissions.cell.signIn', { role });
  if (row.kind === 'resource') return names.t('permissions.cell.everyAction', { role, resource: names.resource(row.resource) });
  return names.t('permissions.cell.one', { role, permission: names.permission(row.resource, row.action) });
}
