import type { ComponentType } from 'react';
import { findDeclaration } from '../resources';
import type { SpaResource } from '../resources/types';
import { retryableLazy } from '../routes/retryable-lazy';

export type ScreenKind = 'list' | 'create' | 'edit' | 'show';

type Props = { declaration: SpaResource };

/**
 * Each generic screen in a chunk of its own: a list does not download the form and record pages (and their inputs,
 * date pickers and timelines), nor a form the list's.
 */
const screens: Record<ScreenKind, () => Promise<ComponentType<Props>>> = {
  list: async () => (await import('./list/ResourceListPage')).ResourceListPage,
  show: async () => {
    const { ResourceShowPage } = await import('./show/ResourceShowPage');
    return ({ declaration }) => <ResourceShowPage key={declaration.name} declaration={declaration} relatedOf={findDeclaration} />;
  },
  create: async () => {
    const { ResourceFormPage } = await import('./form/ResourceFormPage');
    return ({ declaration }) => <ResourceFormPage declaration={declaration} mode="create" />;
  },
  edit: async () => {
    const { ResourceFormPage } = await import('./form/ResourceFormPage');
    return ({ declaration }) => <ResourceFormPage declaration={declaration} mode="edit" />;
  },
};

const parts: Record<ScreenKind, keyof SpaResource> = { list: 'list', show: 'show', create: 'form', edit: 'form' };

/** A lazy route page rendering a declared resource's generic list, create, edit or record screen. */
export function crudPage(kind: ScreenKind, resource: string) {
  return retryableLazy(async () => {
    const Screen = await screens[kind]();
    return {
      default: function ResourceScreen() {
        const declaration = findDeclaration(resource);
        if (!declaration) throw new Error(`No resource declaration named '${resource}'`);
        if (!declaration[parts[kind]]) throw new Error(`Resource '${resource}' declares no ${kind === 'show' ? 'record page' : parts[kind]}`);
        return <Screen declaration={declaration} />;
      },
    };
  });
}
