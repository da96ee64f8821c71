import { lazy } from 'react';
import { DECLARED_RESOURCES } from '../../../domain/resources';
import type { BackOfficeRoute } from '../../routes/back-office-routes';

/** A lazy page of a declared resource's screen, so signing in does not download every screen. */
function declaredPage(name: string, kind: 'list' | 'create' | 'edit') {
  return lazy(async () => {
    const { DeclaredScreen } = await import('./DeclaredScreen');
    return { default: () => <DeclaredScreen resource={name} kind={kind} /> };
  });
}

/** The screens of every declared resource, unless a page of its own already serves the path (handling charges). */
export function declaredRoutes(taken: ReadonlySet<string>): BackOfficeRoute[] {
  return DECLARED_RESOURCES.flatMap((spec) =>
    (['list', 'create', 'edit'] as const).flatMap((kind) => {
      const path = spec.screens?.[kind];
      return path && !taken.has(path) ? [{ path, resource: spec.name, action: kind, page: declaredPage(spec.name, kind) }] : [];
    }),
  );
}
