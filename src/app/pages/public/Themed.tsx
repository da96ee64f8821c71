import { ConfigProvider } from 'antd';
import hiIN from 'antd/es/locale/hi_IN';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { theme } from '../../theme';

/** antd with the app's theme and the user's language, loaded with the public pages that use antd (never with /login). */
export default function Themed({ children }: { children: ReactNode }) {
  const { language } = useT();
  return (
    <ConfigProvider theme={theme} locale={language === 'hi' ? hiIN : undefined}>
      {children}
    </ConfigProvider>
  );
}
