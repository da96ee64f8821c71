import { Refine, type IResourceItem } from '@refinedev/core';
import { DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { APP_NAME } from './config';
import { useMemo } from 'react';
import { antdLocaleOf } from './i18n/antd-locale';
import { providerFor } from './i18n/i18n-provider';
import { txNow } from './crud/texts';
import { useT } from './i18n/use-t';
import { accessControlProvider, auditLogProvider, authProvider, dataProvider, liveProvider, queryClient } from './providers';
import { useNotificationProvider } from './providers/notification-provider';
import { plainQueryRouterProvider } from './providers/router-provider';
import { menuGroups, resourceDeclarations } from './resources';
import { toRefineResources } from './resources/refine-resources';
import { AppRoutes } from './routes/AppRoutes';
import { preloadScreen } from './routes/preload-screen';
import { SessionExpiryRedirect } from './routes/SessionExpiryRedirect';
import { theme } from './theme';

preloadScreen(window.location.pathname);

const resources = toRefineResources(resourceDeclarations, menuGroups);

// Refine uses a resource's declared label as it is (it translates only a resource without one): translated here.
const documentTitle = ({ resource }: { resource?: IResourceItem }) =>
  resource?.meta?.label ? `${txNow(String(resource.meta.label))} | ${APP_NAME}` : APP_NAME;

export function App() {
  // Subscribed to the language: antd's own texts (pagination, pickers, Popconfirm) follow it.
  const { language } = useT();
  const i18nProvider = useMemo(() => providerFor(language), [language]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={antdLocaleOf(language)}>
        {/* antd's App gives notifications and modals the theme and context (React 18). */}
        <AntdApp>
          <Refine
            routerProvider={plainQueryRouterProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            accessControlProvider={accessControlProvider}
            auditLogProvider={auditLogProvider}
            liveProvider={liveProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              disableTelemetry: true,
              warnWhenUnsavedChanges: true,
              // Lists and records read their data again when someone changes it; edit forms ask first (useLiveEditForm).
              liveMode: 'auto',
              reactQuery: { clientConfig: queryClient },
              title: { text: APP_NAME },
            }}
          >
            <AppRoutes />
            <SessionExpiryRedirect />
            <UnsavedChangesNotifier />
            <DocumentTitleHandler handler={documentTitle} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
