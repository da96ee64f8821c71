import { useCan, useCustom, useCustomMutation, useWarnAboutChange, type HttpError } from '@refinedev/core';
import { useCallback, useEffect, useState } from 'react';
import type { Policy, Scope, ScopedResource } from '../../../domain/policy';
import { useT } from '../../i18n/use-t';
import type { CellToggle } from './MatrixCell';
import { samePolicy, withScope, type PermissionsResponse } from './matrix-model';
import { toggleCell, type DependencyNote } from './matrix-toggle';

export const SAVED_MESSAGE = 'Permissions saved';
export const SAVED_DESCRIPTION = 'The API applies them at once; signed-in users see them on their next page, without signing in again.';

/**
 * The matrix being edited: the saved policy from GET /api/permissions plus the admin's unsaved edits. Leaving
 * the page with unsaved edits asks first (Refine's unsaved-changes warning, also on reload and tab close).
 */
export function usePermissionsMatrix({ onSaved }: { onSaved?: () => void } = {}) {
  const { query } = useCustom<PermissionsResponse>({ url: '/permissions', method: 'get', errorNotification: false });
  const loaded = query.data?.data;
  const { mutateAsync } = useCustomMutation<PermissionsResponse>();
  const { data: editAccess } = useCan({ resource: 'permissions', action: 'edit' });
  const { setWarnWhen } = useWarnAboutChange();
  const { tx } = useT();

  // The unsaved matrix, and what the last tick changed beyond its own box (shown to the admin).
  const [draft, setDraft] = useState<{ policy: Policy; note: DependencyNote | null } | null>(null);
  const edits = draft?.policy ?? null;
  const setEdits = (policy: Policy | null) => setDraft(policy ? { policy, note: null } : null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const saved = loaded?.policy;
  const policy = edits ?? saved;
  const dirty = Boolean(edits && saved && !samePolicy(edits, saved));

  useEffect(() => {
    setWarnWhen(dirty);
  }, [dirty, setWarnWhen]);
  useEffect(() => () => setWarnWhen(false), [setWarnWhen]);

  // Stable while the saved policy is: the memoised cells of the matrix keep it across renders.
  const toggle = useCallback<CellToggle>(
    (role, row, checked) =>
      setDraft((current) => {
        const base = current?.policy ?? saved;
        return base ? toggleCell(base, role, row, checked) : current;
      }),
    [saved],
  );

  async function save() {
    if (!edits || !dirty) return;
    setSaving(true);
    setSaveError(null);
    try {
      await mutateAsync({
        url: '/permissions',
        method: 'put',
        values: { signIn: edits.signIn, grants: edits.grants, scope: edits.scope, version: loaded?.version },
        // Refine's antd notifications show `description` as the title and `message` as the text.
        successNotification: { type: 'success', description: tx(SAVED_MESSAGE), message: tx(SAVED_DESCRIPTION) },
        errorNotification: false,
      });
      // Show what the server stored (it normalises), then drop the edits: the matrix is clean again.
      const refreshed = await query.refetch();
      if (!refreshed.isError) setEdits(null);
      onSaved?.();
    } catch (error) {
      setSaveError((error as HttpError).message || 'Failed to save permissions');
    } finally {
      setSaving(false);
    }
  }

  return {
    roles: loaded?.roles ?? [],
    labels: loaded?.labels ?? {},
    scoped: loaded?.scoped ?? [],
    resources: loaded?.resources,
    policy,
    loading: query.isLoading,
    loadError: query.isError ? (query.error?.message ?? 'Failed to fetch permissions') : null,
    reload: () => void query.refetch(),
    canEdit: editAccess?.can === true,
    /** Known not to have 'permissions: edit' (false while that is still being asked). */
    readOnly: editAccess?.can === false,
    dirty,
    atDefaults: Boolean(policy && loaded && samePolicy(policy, loaded.defaults)),
    saving,
    saveError,
    /** Boxes the last tick changed on its own (dependencies), for the screen to say so. */
    dependencyNote: draft?.note ?? null,
    clearDependencyNote: () => setDraft((current) => (current ? { ...current, note: null } : current)),
    clearSaveError: () => setSaveError(null),
    toggle,
    setScope: (role: string, resource: ScopedResource, scope: Scope) =>
      setDraft((current) => {
        const base = current?.policy ?? saved;
        return base ? { policy: withScope(base, role, resource, scope), note: null } : current;
      }),
    /** Loads the defaults as unsaved edits: nothing changes until Save. */
    resetToDefaults: () => loaded && setEdits(loaded.defaults),
    discard: () => {
      setEdits(null);
      setSaveError(null);
    },
    save,
  };
}

export type PermissionsMatrix = ReturnType<typeof usePermissionsMatrix>;
