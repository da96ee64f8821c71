import type { ThemeConfig } from 'antd';

/** A user who asked their system for less motion gets none: antd's opening, closing and wave animations are off. */
const prefersReducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** A grocery green on antd's default algorithm. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#389e0d',
    borderRadius: 8,
    // antd's own list with the shipped Devanagari face before the generic family (Hindi text; English is unchanged).
    fontFamily: `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Devanagari', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'`,
    motion: !prefersReducedMotion,
  },
};
