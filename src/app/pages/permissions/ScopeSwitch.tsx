import { Switch } from 'antd';
import type { Scope, ScopedResource } from '../../../domain/policy';

export const SCOPE_LABELS: Record<Scope, string> = { all: 'All warehouses', assigned: 'Assigned only' };

type Props = {
  role: string;
  resource: ScopedResource;
  value: Scope;
  disabled: boolean;
  onChange: (role: string, resource: ScopedResource, scope: Scope) => void;
};

/** Which warehouses' rows a role reaches on one warehouse-owned resource: all of them, or the user's assigned ones. */
export function ScopeSwitch({ role, resource, value, disabled, onChange }: Props) {
  return (
    <Switch
      size="small"
      aria-label={`${role}: ${resource} assigned warehouses only`}
      checked={value === 'assigned'}
      checkedChildren="Assigned"
      unCheckedChildren="All"
      disabled={disabled}
      onChange={(assigned) => onChange(role, resource, assigned ? 'assigned' : 'all')}
      title={SCOPE_LABELS[value]}
    />
  );
}
