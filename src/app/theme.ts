import type { ThemeConfig } from 'antd';

/** A grocery green on antd's default algorithm. */
export const theme: ThemeConfig = {
  token: { colorPrimary: '#389e0d', borderRadius: 8 },
};
