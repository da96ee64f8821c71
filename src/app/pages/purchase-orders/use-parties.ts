import { useCan, useOne } from '@refinedev/core';
import type { ApiRecord } from '../../resources/types';

/**
 * A record the order points at (its seller, its warehouse), read where the role may open it: a role that may not
 * gets the name the order itself carries, and no error.
 */
function useRecordIfAllowed(resource: 'users' | 'warehouses', id: string | undefined) {
  const { data: access } = useCan({ resource, action: 'show' });
  const allowed = access?.can === true;
  const { result } = useOne<ApiRecord>({
    resource,
    id: id ?? '',
    queryOptions: { enabled: allowed && !!id, retry: false },
    errorNotification: false,
  });
  return { allowed, record: allowed && id ? result : undefined };
}

export type Seller = { name: string; phone?: string; gst?: string; address?: string; city?: string };
export type Warehouse = { name: string; address?: string; city?: string; phone?: string; contact?: string };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** The seller as a purchase order names them: the order's name for them, and their details where the role may see them. */
export function useSeller(id: string | undefined, fallbackName: string | null) {
  const { record } = useRecordIfAllowed('users', id);
  const name = [record?.firstname, record?.lastname].filter(Boolean).join(' ') || fallbackName || '—';
  const seller: Seller = {
    name,
    phone: text(record?.phonenumber),
    gst: text(record?.gst_no),
    address: text(record?.address),
    city: text(record?.city),
  };
  return { seller };
}

/** The warehouse goods are delivered to: its name, address and contact where the role may see them. */
export function useWarehouse(id: string | undefined, fallbackName: string | null): Warehouse {
  const { record } = useRecordIfAllowed('warehouses', id);
  return {
    name: text(record?.name) ?? fallbackName ?? '—',
    address: text(record?.address),
    city: text(record?.city),
    phone: text(record?.contact_phone),
    contact: text(record?.contact_person),
  };
}
