import { afterAll, vi } from 'vitest';

/**
 * The setup of the unit projects whose files share their modules in a worker (vitest.config.ts, isolate: false). What a
 * worker of its own gave each file, a file gets here:
 * - no module replaced by a file before it: a module replaced by vi.mock stays replaced in every module that imported
 *   it, for every later file. vi.mock is refused here; a file that needs it is listed in MOCKING_MODULES
 *   (vitest.config.ts) and runs in modules of its own.
 * - no global, environment variable or fake clock stubbed by a file before it, nor its screen width (matchMedia) or what
 *   it stored in the browser's storage.
 */
const refuse = (name: string) => () => {
  throw new Error(`vi.${name}: this file shares its modules with the files after it. List it in MOCKING_MODULES (vitest.config.ts).`);
};
vi.mock = refuse('mock') as typeof vi.mock;
vi.doMock = refuse('doMock') as typeof vi.doMock;

const browser = typeof window !== 'undefined';
// jsdom has no matchMedia: the tests give one (tests/unit/app/screen-width.ts).
const matchMedia = browser ? Object.getOwnPropertyDescriptor(window, 'matchMedia') : undefined;

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if (browser) {
    if (matchMedia) Object.defineProperty(window, 'matchMedia', matchMedia);
    else delete (window as { matchMedia?: unknown }).matchMedia;
    localStorage.clear();
    sessionStorage.clear();
  }
});
