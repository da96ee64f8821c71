import { DECLARED_RESOURCES } from '../../../domain/resources';
import { findDeclaration } from '../../resources';
import { DeclaredFormPage } from './DeclaredFormPage';
import { DeclaredListPage } from './DeclaredListPage';

/** The list, create or edit screen of a declared resource. */
export function DeclaredScreen({ resource, kind }: { resource: string; kind: 'list' | 'create' | 'edit' }) {
  const declaration = findDeclaration(resource);
  const spec = DECLARED_RESOURCES.find((s) => s.name === resource);
  if (!declaration || !spec) throw new Error(`No declared resource named '${resource}'`);
  if (kind === 'list') return <DeclaredListPage declaration={declaration} spec={spec} />;
  return <DeclaredFormPage key={kind} declaration={declaration} mode={kind} />;
}
