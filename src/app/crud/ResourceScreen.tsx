import { findDeclaration } from '../resources';
import { ResourceFormPage } from './form/ResourceFormPage';
import { ResourceListPage } from './list/ResourceListPage';

export type ScreenKind = 'list' | 'create' | 'edit';

/** The generic screen of a declared resource. */
export function ResourceScreen({ resource, kind }: { resource: string; kind: ScreenKind }) {
  const declaration = findDeclaration(resource);
  if (!declaration) throw new Error(`No resource declaration named '${resource}'`);
  if (kind === 'list') {
    if (!declaration.list) throw new Error(`Resource '${resource}' declares no list`);
    return <ResourceListPage declaration={declaration} />;
  }
  if (!declaration.form) throw new Error(`Resource '${resource}' declares no form`);
  return <ResourceFormPage declaration={declaration} mode={kind} />;
}
