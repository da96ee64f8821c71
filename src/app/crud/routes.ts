import type { SpaResource } from '../resources/types';

/** The SPEC.md path of a resource's screen, with `:id` filled in for edit and show. */
export function screenPath(declaration: SpaResource, action: 'list' | 'create' | 'edit' | 'show', id?: string | number): string | undefined {
  const path = declaration.routes?.[action];
  if (!path) return undefined;
  return id === undefined ? path : path.replace(':id', encodeURIComponent(String(id)));
}
