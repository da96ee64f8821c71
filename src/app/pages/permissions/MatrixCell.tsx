import { Checkbox, Tooltip } from 'antd';
import type { Policy } from '../../../domain/policy';
import type { Role } from '../../../domain/roles';
import { ADMIN_LOCKED_MESSAGE } from '../../../domain/schemas/permissions';
import { isGranted } from './matrix-model';
import { cellLabel, type MatrixRow } from './matrix-rows';
import type { PermissionsMatrix } from './use-permissions-matrix';

type Props = { role: Role; row: MatrixRow; policy: Policy; locked: boolean; disabled: boolean; matrix: PermissionsMatrix };

/** One checkbox of the matrix. The admin column is ticked and disabled, with the reason on hover. */
export function MatrixCell({ role, row, policy, locked, disabled, matrix }: Props) {
  const label = cellLabel(role, row);
  if (locked) {
    return (
      <Tooltip title={ADMIN_LOCKED_MESSAGE}>
        {/* A disabled input fires no mouse events: the span carries the tooltip. */}
        <span>
          <Checkbox checked disabled aria-label={label} />
        </span>
      </Tooltip>
    );
  }
  if (row.kind === 'sign-in') {
    return <Checkbox aria-label={label} checked={policy.signIn[role]} disabled={disabled} onChange={(e) => matrix.setSignIn(role, e.target.checked)} />;
  }
  if (row.kind === 'action') {
    const checked = isGranted(policy, role, row.resource, row.action);
    return <Checkbox aria-label={label} checked={checked} disabled={disabled} onChange={(e) => matrix.setGrant(role, row.resource, row.action, e.target.checked)} />;
  }
  const granted = row.actions.filter((action) => isGranted(policy, role, row.resource, action)).length;
  return (
    <Tooltip title={`All ${row.resource} actions`} mouseEnterDelay={0.6}>
      <Checkbox
        aria-label={label}
        checked={granted === row.actions.length}
        indeterminate={granted > 0 && granted < row.actions.length}
        disabled={disabled}
        onChange={(e) => matrix.setResource(role, row.resource, e.target.checked ? row.actions : [])}
      />
    </Tooltip>
  );
}
