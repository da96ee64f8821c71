import { useCan } from '@refinedev/core';

export type RecordAccess = { create: boolean; edit: boolean; delete: boolean };

/** What the signed-in role may do with a resource's records, from the access-control provider (false while unknown). */
export function useRecordAccess(resource: string): RecordAccess {
  const create = useCan({ resource, action: 'create' });
  const edit = useCan({ resource, action: 'edit' });
  const remove = useCan({ resource, action: 'delete' });
  return { create: create.data?.can === true, edit: edit.data?.can === true, delete: remove.data?.can === true };
}
