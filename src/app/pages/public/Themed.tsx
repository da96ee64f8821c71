import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdLocaleOf } from '../../i18n/antd-locale';
import { useT } from '../../i18n/use-t';
import { theme } from '../../theme';

/** antd with the app's theme and the user's language, loaded with the public pages that use antd (never with /login). */
export default function Themed({ children }: { children: ReactNode }) {
  const { language } = useT();
  return (
    <ConfigProvider theme={theme} locale={antdLocaleOf(language)}>
      {children}
    </ConfigProvider>
  );
}
