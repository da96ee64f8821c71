import { Switch } from 'antd';
import type { Scope, ScopedResource } from '../../../domain/policy';
import { usePermissionNames } from './names';

type Props = {
  role: string;
  resource: ScopedResource;
  value: Scope;
  disabled: boolean;
  onChange: (role: string, resource: ScopedResource, scope: Scope) => void;
};

/** Which warehouses' rows a role reaches on one warehouse-owned resource: all of them, or the user's assigned ones. */
export function ScopeSwitch({ role, resource, value, disabled, onChange }: Props) {
  const names = usePermissionNames();
  const { t } = names;
  return (
    <Switch
      size="small"
      aria-label={t('permissions.scope.switch', { role, resource: names.resource(resource) })}
      checked={value === 'assigned'}
      checkedChildren={t('permissions.scope.assigned')}
      unCheckedChildren={t('permissions.scope.all')}
      disabled={disabled}
      onChange={(assigned) => onChange(role, resource, assigned ? 'assigned' : 'all')}
      title={value === 'assigned' ? t('permissions.scope.assignedOnly') : t('permissions.scope.allWarehouses')}
    />
  );
}
