import { crudPage } from '../crud/crud-page';
import { resourceDeclarations } from '../resources';
import type { RefineAction, SpaResource, Screen } from '../resources/types';
import type { LazyComponent } from './retryable-lazy';

export type BackOfficeRoute = {
  /** SPEC.md section 2 path. */
  path: string;
  /** Refine resource and action checked by <CanAccess> (the declaration maps them to a policy permission). */
  resource: string;
  action: RefineAction;
  /** Lazy, so signing in does not download every screen (and loadable again after a failed download). */
  page: LazyComponent;
};

const SCREENS: readonly Screen[] = ['list', 'create', 'edit', 'show'];

/** The generic page of a screen, where the declaration describes it: the list, the form (create and edit) or the record's page. */
const hasGenericScreen = (declaration: SpaResource, screen: Screen) =>
  Boolean(screen === 'list' ? declaration.list : screen === 'show' ? declaration.show : declaration.form);

/**
 * Every back-office screen, at the path its declaration names: its own page (`pages`), else the generic one. Each is
 * behind sign-in and the access policy (a 403 page when the role may not open it).
 */
export const backOfficeRoutes: BackOfficeRoute[] = resourceDeclarations.flatMap((declaration) => {
  for (const screen of Object.keys(declaration.pages ?? {})) {
    if (!declaration.routes?.[screen as Screen]) throw new Error(`Resource '${declaration.name}' has a ${screen} page but no ${screen} path`);
  }
  return SCREENS.flatMap((screen) => {
    const path = declaration.routes?.[screen];
    const page = declaration.pages?.[screen] ?? (hasGenericScreen(declaration, screen) ? crudPage(screen, declaration.name) : undefined);
    return path && page ? [{ path, resource: declaration.name, action: screen, page }] : [];
  });
});
