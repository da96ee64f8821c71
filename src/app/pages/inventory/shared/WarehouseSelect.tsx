import { Select, type SelectProps } from 'antd';
import { useWarehouses } from './use-warehouses';

/** The value of the 'All Warehouses' option: no warehouse filter. */
export const ALL_WAREHOUSES = '';

type Props = Omit<SelectProps<string>, 'options' | 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Offer 'All Warehouses' first (filters). */
  withAll?: boolean;
};

/** A warehouse picker populated from GET /warehouses (the legacy screens had one placeholder option). */
export function WarehouseSelect({ value, onChange, withAll, placeholder = 'Select a warehouse', ...rest }: Props) {
  const { options: warehouseOptions, isLoading, error } = useWarehouses();
  const options = [...(withAll ? [{ label: 'All Warehouses', value: ALL_WAREHOUSES }] : []), ...warehouseOptions];
  return (
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
      notFoundContent={isLoading ? 'Loading warehouses...' : 'No warehouses found'}
    />
  );
}
