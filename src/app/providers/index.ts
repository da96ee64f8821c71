import { QueryClient, keepPreviousData, notifyManager } from '@tanstack/react-query';
import i18next from 'i18next';
import { API_URL } from '../config';
import { defaultErrorMessage, findDeclaration, permissionFor } from '../resources';
import { createAccessControlProvider, type AccessPolicy } from './access-control-provider';
import { createAuditLogProvider } from './audit-log-provider';
import { createDataProvider } from './data-provider';
import { toApiError } from './api-error';
import { createEventStream } from './live/event-stream';
import { createLiveProvider } from './live-provider';
import { http, onSessionChange, session } from './sign-in';
import { coalescedScheduler } from './query-notifications';

notifyManager.setScheduler(coalescedScheduler());

/** The app's single instances of the providers (tests build their own from the factories). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, placeholderData: keepPreviousData } },
});

export { authProvider, http, setSessionExpiredHandler } from './sign-in';

onSessionChange(() => {
  liveProvider.endSession();
  accessControlProvider.reset();
  queryClient.removeQueries({ queryKey: ['access'] });
  queryClient.removeQueries({ queryKey: ['data'] });
  // Another user may not read what this one could (Refine keys history queries 'audit').
  queryClient.removeQueries({ queryKey: ['audit'] });
});

// The access answers carry their reasons in the user's language (the buttons' tooltips): asked again in a new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries({ queryKey: ['access'] }));

export const dataProvider = createDataProvider({ http, apiUrl: API_URL, findDeclaration, defaultErrorMessage });

/** History, read from the API (which alone writes it): after a change, what is shown of it is read again. */
export const auditLogProvider = createAuditLogProvider({
  http,
  onRecordChanged: () => void queryClient.invalidateQueries({ queryKey: ['audit'] }),
});

export const accessControlProvider = createAccessControlProvider({
  fetchPolicy: async () => (await http.get<AccessPolicy>('/access-policy')).data,
  session,
  permissionFor,
});

/** Everything on screen read again: the data hooks' queries and history (Refine keys those 'audit'). */
const refreshAll = () => {
  void queryClient.invalidateQueries({ queryKey: ['data'], refetchType: 'active' });
  void queryClient.invalidateQueries({ queryKey: ['audit'], refetchType: 'active' });
};

/** Live screens: GET /api/events through one stream per session (liveMode 'auto' in App.tsx). */
export const liveProvider = createLiveProvider({
  refreshAll,
  openSource: (handlers) =>
    createEventStream(
      {
        url: `${API_URL}/events`,
        accessToken: () => session.accessToken(),
        refreshTokens: () => http.refreshTokens(),
        isNetworkError: (error) => toApiError(error).source === 'network',
      },
      handlers,
    ),
});
