import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

/** Demo accounts of the seed (README): the two roles that may sign in. */
export const DEMO_LOGINS = {
  admin: { email: 'admin@demo.local', password: 'Admin@123' },
  warehouse: { email: 'warehouse@demo.local', password: 'Warehouse@123' },
} as const;
export type DemoLogin = keyof typeof DEMO_LOGINS;

const ARTEFACTS = path.resolve(import.meta.dirname, '../../test-results/e2e');

/** The base URL of the run's server, e.g. http://127.0.0.1:41234. */
export const baseUrl = (): string => inject('e2eBaseUrl');

/** The run's Chromium (started once by e2e-global-setup.ts); closing what this returns closes only its contexts. */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowserEndpoint'));
}

export type BrowserSession = {
  /** The page of the current test (a fresh browser context per test: no shared storage). */
  page: () => Page;
  context: () => BrowserContext;
  /** Absolute URL of an app path. */
  url: (pathname: string) => string;
};

/**
 * Every test browser's context: a laptop's window, and a user who asked for less motion (the app then runs no antd
 * animation, so a test does not wait for one to end, nor the two cores render its frames).
 */
export const CONTEXT_DEFAULTS: BrowserContextOptions = { viewport: { width: 1366, height: 860 }, reducedMotion: 'reduce' };

const fileSafe = (name: string) => name.replace(/[^a-z0-9-_]+/gi, '_').slice(0, 120);

/**
 * The run's Chromium, a new context and page per test. A failing test leaves a full-page screenshot
 * and the browser console under test-results/e2e/. `options` add to each context's (a `timezoneId`, say).
 */
export function useBrowser(options: BrowserContextOptions = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  let consoleLines: string[] = [];
  beforeEach(async () => {
    context = await browser!.newContext({ baseURL: baseUrl(), ...CONTEXT_DEFAULTS, ...options });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    consoleLines = [];
    page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
  });
  // afterEach, not onTestFailed: those run after the hooks, when the page is already closed.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && page) {
      fs.mkdirSync(ARTEFACTS, { recursive: true });
      const name = fileSafe(`${path.basename(task.file?.name ?? '')}-${task.name}`);
      await page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
      fs.writeFileSync(path.join(ARTEFACTS, `${name}.log`), `${page.url()}\n${consoleLines.join('\n')}\n`);
    }
    await context?.close();
  });

  return {
    page: () => page!,
    context: () => context!,
    url: (pathname) => new URL(pathname, baseUrl()).toString(),
  };
}

/**
 * Signs in through the login form and waits for the dashboard, or for `to` (a path, with its query), which the login
 * page opens instead (/login?to=…) as it does for a user sent to sign in: a test that starts on another screen does
 * not load the dashboard first.
 */
export async function loginAs(page: Page, who: DemoLogin, to?: string): Promise<void> {
  const { email, password } = DEMO_LOGINS[who];
  await page.goto(to ? `/login?to=${encodeURIComponent(to)}` : '/login');
  await page.getByPlaceholder('email or mobile number').fill(email);
  await page.getByPlaceholder('password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const pathname = new URL(to ?? '/admin-dashboard', 'http://app').pathname;
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Waits until the page's path (without query) is `pathname`. */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}

/** A download saved to a file of its own (the run's Chromium is connected to, so Playwright keeps none locally). */
export async function savedFile(download: Download): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-download-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
