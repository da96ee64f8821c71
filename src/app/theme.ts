import type { ThemeConfig } from 'antd';

/** A grocery green on antd's default algorithm. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#389e0d',
    borderRadius: 8,
    // antd's own list with the shipped Devanagari face before the generic family (Hindi text; English is unchanged).
    fontFamily: `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Devanagari', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'`,
  },
};
