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
  /**
   * The resource the screen works on: where the role's scope is 'assigned', only the user's warehouses are offered
   * (null: every warehouse, e.g. a transfer's destination).
   */
  scope?: ScopedResource | null;
  /** Offer only active warehouses (a transfer's ends). */
  activeOnly?: boolean;
};

/** A warehouse picker populated from GET /warehouses (the legacy screens had one placeholder option). */
export function WarehouseSelect({ value, onChange, withAll, scope = 'inventory', activeOnly, placeholder = 'Select a warehouse', ...rest }: Props) {
  const { options: listed, find, isLoading, error } = useWarehouses();
  const every = activeOnly ? listed.filter((o) => find(o.value)?.status !== 'inactive') : listed;
  const mine = useWarehouseScope(scope);
  const warehouseOptions = mine ? every.filter((o) => mine.some((w) => w._id === o.value)) : every;
  const options = [...(withAll ? [{ label: mine ? 'All my warehouses' : 'All Warehouses', value: ALL_WAREHOUSES }] : []), ...warehouseOptions];
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
      notFoundContent={isLoading ? 'Loading warehouses...' : mine ? 'No warehouses are assigned to you' : 'No warehouses found'}
    />
  );
  if (!mine) return select;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      {select}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="assigned-warehouses">{assignedNote(mine.length)}</Typography.Text>
    </Space>
  );
}
