import { useSelect } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Select, Space, Typography, type SelectProps } from 'antd';
import type { ScopedResource } from '../../../../domain/policy';
import { assignedNote, useWarehouseScope } from '../../../access/use-warehouse-scope';
import { useT } from '../../../i18n/use-t';
import type { Warehouse } from './types';
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

/**
 * The warehouses a select may offer: every one from GET /warehouses, only the user's own where the role's scope is
 * 'assigned'. A role that may not list warehouses is offered its assigned ones (the access policy names them) or none:
 * `available` is false then, and a filter can leave itself out.
 */
export function useWarehouseChoices(scope: ScopedResource | null = 'inventory', activeOnly = false) {
  const { options: listed, find, allowed, isLoading, error } = useWarehouses();
  const mine = useWarehouseScope(scope);
  const every = activeOnly ? listed.filter((o) => find(o.value)?.status !== 'inactive') : listed;
  const options =
    allowed === false ? (mine ?? []).map((w) => ({ label: w.name, value: w._id })) : mine ? every.filter((o) => mine.some((w) => w._id === o.value)) : every;
  return { options, mine, isLoading, error, available: allowed === true || (allowed === false && !!mine?.length) };
}

/** A page of warehouses: what a select asks GET /warehouses for at a time, opened or searched. */
export const WAREHOUSE_PAGE = 50;

/**
 * Whether a screen can offer a warehouse filter, without reading any list: a role that may list warehouses, or one with
 * warehouses assigned to it (the access policy names them).
 */
export function useWarehouseFilterAvailable(scope: ScopedResource | null = 'inventory'): boolean {
  const allowed = useCan({ resource: 'warehouses', action: 'list' }).data?.can;
  const mine = useWarehouseScope(scope);
  return allowed === true || (allowed === false && !!mine?.length);
}

/**
 * A warehouse picker on Refine's `useSelect`: a page of GET /warehouses by name, then what the server finds for the typed
 * text (`q`), so a list of any length is never loaded whole; the chosen warehouse is read by id, so its name shows
 * even when it is not on the first page. Where the role's scope is 'assigned', the user's own warehouses (the access
 * policy names them) are offered, searched in the browser.
 */
export function WarehouseSelect({ value, onChange, withAll, scope = 'inventory', activeOnly, placeholder, ...rest }: Props) {
  const { t, tx } = useT();
  const allowed = useCan({ resource: 'warehouses', action: 'list' }).data?.can;
  const mine = useWarehouseScope(scope);
  const searched = allowed === true && !mine;
  const { selectProps, query } = useSelect<Warehouse>({
    resource: 'warehouses',
    optionLabel: 'name',
    optionValue: '_id',
    defaultValue: searched && value ? value : undefined,
    filters: activeOnly ? [{ field: 'status', operator: 'eq', value: 'active' }] : [],
    sorters: [{ field: 'name', order: 'asc' }],
    onSearch: (text) => [{ field: 'q', operator: 'contains', value: text.trim() }],
    pagination: { mode: 'server', pageSize: WAREHOUSE_PAGE },
    queryOptions: { enabled: searched },
    errorNotification: false,
  });
  const isLoading = allowed === undefined || (searched && query.isLoading);
  const error = searched ? query.error : null;
  const listed = searched
    ? (selectProps.options ?? []).map((o) => ({ label: String(o.label), value: String(o.value) }))
    : (mine ?? []).map((w) => ({ label: w.name, value: w._id }));
  const options = [
    ...(withAll ? [{ label: mine ? t('inventory.warehouseSelect.allMine') : t('inventory.warehouseSelect.all'), value: ALL_WAREHOUSES }] : []),
    ...listed,
  ];
  // Searched on the server, or (the user's own warehouses) by their names in the browser.
  const search = searched ? { filterOption: false, onSearch: selectProps.onSearch } : { optionFilterProp: 'label' };
  const select = (
    <Select<string>
      showSearch
      {...search}
      {...rest}
      options={options}
      value={withAll ? (value ?? ALL_WAREHOUSES) : value || undefined}
      onChange={(next) => onChange?.(next || undefined)}
      loading={isLoading}
      status={error ? 'error' : rest.status}
      placeholder={error ? t('inventory.warehouseSelect.failed') : (placeholder ?? t('inventory.warehouseSelect.placeholder'))}
      notFoundContent={
        isLoading ? t('inventory.warehouseSelect.loading') : mine ? t('inventory.warehouseSelect.noneAssigned') : t('inventory.warehouseSelect.none')
      }
    />
  );
  if (!mine) return select;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      {select}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="assigned-warehouses">
        {tx(assignedNote(mine.length))}
      </Typography.Text>
    </Space>
  );
}
