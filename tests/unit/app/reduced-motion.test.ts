import { afterEach, describe, expect, it, vi } from 'vitest';

/** The theme reads the user's system setting once, as the app loads (a window with matchMedia: no DOM needed). */
async function themeWhen(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal('window', { matchMedia: (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }) });
  return (await import('../../../src/app/theme.js')).theme;
}

describe('motion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is off for a user whose system asks for reduced motion, and on otherwise', async () => {
    expect((await themeWhen(true)).token?.motion).toBe(false);
    expect((await themeWhen(false)).token?.motion).toBe(true);
  });
});
