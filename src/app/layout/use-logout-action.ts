import { useTranslate, useWarnAboutChange } from '@refinedev/core';
import { authProvider } from '../providers';

/**
 * Logout from the sidebar: confirm unsaved changes, revoke and clear the session, then load `/` in place of
 * the back-office entry. A full load rather than Refine's in-app redirect: nothing of the previous user stays
 * in memory, and no back-office guard re-checks the cleared session mid-navigation (it would send the
 * visitor to /login instead of /).
 */
export function useLogoutAction(): () => void {
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const translate = useTranslate();

  return () => {
    if (warnWhen) {
      const message = translate('warnWhenUnsavedChanges', 'Are you sure you want to leave? You have unsaved changes.');
      if (!window.confirm(message)) return;
      setWarnWhen(false);
    }
    void authProvider.logout?.({}).finally(() => window.location.replace('/'));
  };
}
