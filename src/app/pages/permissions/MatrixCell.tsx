import { Checkbox, Tooltip } from 'antd';
import { memo } from 'react';
import type { Role } from '../../../domain/roles';
import { ADMIN_LOCKED_MESSAGE } from '../../../domain/schemas/permissions';
import { useT } from '../../i18n/use-t';
import { cellLabel, type MatrixRow } from './matrix-rows';
import { usePermissionNames } from './names';

export type CellToggle = (role: Role, row: MatrixRow, checked: boolean) => void;

type Props = {
  role: Role;
  row: MatrixRow;
  checked: boolean;
  /** Some, not all, of a resource's actions. */
  indeterminate?: boolean;
  locked: boolean;
  disabled: boolean;
  onToggle: CellToggle;
};

/**
 * One checkbox of the matrix. The admin column is ticked and disabled, with the reason on hover. Memoised:
 * ticking one box re-renders that box (and its resource heading), not the other few hundred.
 */
export const MatrixCell = memo(function MatrixCell({ role, row, checked, indeterminate, locked, disabled, onToggle }: Props) {
  const names = usePermissionNames();
  const { tx } = useT();
  const label = cellLabel(role, row, names);
  if (locked) {
    return (
      <Tooltip title={tx(ADMIN_LOCKED_MESSAGE)}>
        {/* A disabled input fires no mouse events: the span carries the tooltip. */}
        <span>
          <Checkbox checked disabled aria-label={label} />
        </span>
      </Tooltip>
    );
  }
  return (
    <Checkbox aria-label={label} checked={checked} indeterminate={indeterminate} disabled={disabled} onChange={(e) => onToggle(role, row, e.target.checked)} />
  );
});
