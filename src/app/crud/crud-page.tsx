import { retryableLazy } from '../routes/retryable-lazy';
import type { ScreenKind } from './ResourceScreen';

/** A lazy route page rendering a declared resource's generic list, create or edit screen. */
export function crudPage(kind: ScreenKind, resource: string) {
  return retryableLazy(async () => {
    const { ResourceScreen } = await import('./ResourceScreen');
    return { default: () => <ResourceScreen resource={resource} kind={kind} /> };
  });
}
