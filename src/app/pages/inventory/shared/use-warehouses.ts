import { useCan, useSelect } from '@refinedev/core';
import type { Warehouse } from './types';

/**
 * Every warehouse (GET /warehouses, one request of up to 1000 rows, sorted by name) as select options and as
 * records, so a screen can also find a warehouse's city without another request. Selects filter in the
 * browser: there are few warehouses, and typing should not wait for the network. Asked only of a role that may list
 * warehouses (`allowed`): another gets none, rather than a select spinning on refusals.
 */
export function useWarehouses() {
  const allowed = useCan({ resource: 'warehouses', action: 'list' }).data?.can;
  const { options, query } = useSelect<Warehouse>({
    resource: 'warehouses',
    optionLabel: 'name',
    optionValue: '_id',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    queryOptions: { enabled: allowed === true },
    errorNotification: false,
  });
  const warehouses = allowed ? (query.data?.data ?? []) : [];
  return {
    warehouses,
    find: (id: string | undefined | null) => (id ? warehouses.find((w) => w._id === id) : undefined),
    options: allowed ? options.map((o) => ({ label: String(o.label), value: String(o.value) })) : [],
    /** Undefined while the policy is being asked. */
    allowed,
    isLoading: allowed === undefined || (allowed && query.isLoading),
    error: allowed ? query.error : null,
  };
}
