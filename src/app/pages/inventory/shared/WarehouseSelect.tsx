import { Select, Space, Typography, type SelectProps } from 'antd';
import type { ScopedResource } from '../../../../domain/policy';
import { assignedNote, useWarehouseScope } from '../../../access/use-warehouse-scope';
import { useWarehouses } from './use-warehouses';

/** The value of the 'All Warehouses' option: no warehouse filter. */
export const ALL_WAREHOUSES = '';

type Props = Omit<SelectProps<string>, 'options' | 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Offer 'All Warehouses' first (filters). */
  withAll?: boolean;
  /** The resource the screen works on: where the role's scope is 'assigned', only the user's warehouses are offered. */
  scope?: ScopedResource;
};

/** A warehouse picker populated from GET /warehouses (the legacy screens had one placeholder option). */
export function WarehouseSelect({ value, onChange, withAll, scope = 'inventory', placeholder = 'Select a warehouse', ...rest }: Props) {
  const { options: every, isLoading, error } = useWarehouses();
  const assigned = useWarehouseScope(scope);
  const warehouseOptions = assigned ? every.filter((o) => assigned.some((w) => w._id === o.value)) : every;
  const options = [...(withAll ? [{ label: assigned ? 'All my warehouses' : 'All Warehouses', value: ALL_WAREHOUSES }] : []), ...warehouseOptions];
  const select = (
    <Select<string>
      showSearch
      optionFilterProp="label"
      {...rest}
      options={options}
      value={withAll ? (value ?? ALL_WAREHOUSES) : value || undefined}
      onChange={(next) => onChange?.(next || undefined)}
      loading={isLoading}
      status={error ? 'error' : rest.status}
      placeholder={error ? 'Failed to fetch warehouses' : placeholder}
      notFoundContent={isLoading ? 'Loading warehouses...' : assigned ? 'No warehouses are assigned to you' : 'No warehouses found'}
    />
  );
  if (!assigned) return select;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      {select}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="assigned-warehouses">{assignedNote(assigned.length)}</Typography.Text>
    </Space>
  );
}
