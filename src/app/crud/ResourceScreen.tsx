import { findDeclaration } from '../resources';
import { ResourceFormPage } from './form/ResourceFormPage';
import { ResourceListPage } from './list/ResourceListPage';
import { ResourceShowPage } from './show/ResourceShowPage';

export type ScreenKind = 'list' | 'create' | 'edit' | 'show';

/** The generic screen of a declared resource. */
export function ResourceScreen({ resource, kind }: { resource: string; kind: ScreenKind }) {
  const declaration = findDeclaration(resource);
  if (!declaration) throw new Error(`No resource declaration named '${resource}'`);
  if (kind === 'list') {
    if (!declaration.list) throw new Error(`Resource '${resource}' declares no list`);
    return <ResourceListPage declaration={declaration} />;
  }
  if (kind === 'show') {
    if (!declaration.show) throw new Error(`Resource '${resource}' declares no record page`);
    return <ResourceShowPage key={resource} declaration={declaration} relatedOf={findDeclaration} />;
  }
  if (!declaration.form) throw new Error(`Resource '${resource}' declares no form`);
  return <ResourceFormPage declaration={declaration} mode={kind} />;
}
