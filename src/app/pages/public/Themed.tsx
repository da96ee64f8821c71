import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from '../../theme';

/** antd with the app's theme, loaded with the public pages that use antd (never with /login). */
export default function Themed({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
