import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { accessControlProvider } from '../providers';

/**
 * An admin may change the policy while others are signed in: each navigation re-reads GET /api/access-policy
 * and re-asks every access question on screen (sidebar, page guard, buttons), with no re-login. Answers
 * already shown stay until the new ones arrive, so nothing flickers.
 */
export function useRefreshAccessOnNavigation(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    // On entering the back-office the policy has just been read.
    if (first.current) {
      first.current = false;
      return;
    }
    accessControlProvider.refresh();
    void queryClient.invalidateQueries({ queryKey: ['access'] });
  }, [pathname, queryClient]);
}
