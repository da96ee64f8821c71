import { useWarnAboutChange } from '@refinedev/core';
import { useEffect } from 'react';

/**
 * Refine's unsaved-changes guard (leaving by link, back button or closing the tab) for a form that does not
 * go through useForm: on after the first edit, off once saved or when the screen goes away.
 */
export function useDirtyForm() {
  const { setWarnWhen } = useWarnAboutChange();
  useEffect(() => () => setWarnWhen(false), [setWarnWhen]);
  return { markDirty: () => setWarnWhen(true), markSaved: () => setWarnWhen(false) };
}
