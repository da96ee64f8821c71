import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO_LOGINS, type DemoLogin } from './e2e-browser.js';

/** Helpers for the CRUD screens' end-to-end tests: the API as a second witness of what the screens wrote. */

const tokens = new Map<DemoLogin, string>();

async function token(who: DemoLogin): Promise<string> {
  const cached = tokens.get(who);
  if (cached) return cached;
  const { email, password } = DEMO_LOGINS[who];
  const response = await fetch(new URL('/api/auth/login', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone: email, password }),
  });
  if (!response.ok) throw new Error(`Login as ${who} failed: ${response.status}`);
  const { access_token: accessToken } = (await response.json()) as { access_token: string };
  tokens.set(who, accessToken);
  return accessToken;
}

export type ApiReply<T = unknown> = { status: number; body: T };

/** A JSON request to the run's API as admin (or another demo login). */
export async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, who: DemoLogin = 'admin'): Promise<ApiReply<T>> {
  const response = await fetch(new URL(`/api${path}`, baseUrl()), {
    method,
    headers: { authorization: `Bearer ${await token(who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The records of a list endpoint whose search matches `q`. */
export async function search<T = Record<string, unknown>>(path: string, q: string, listKey = 'data'): Promise<T[]> {
  const { status, body } = await api<Record<string, T[]>>('GET', `${path}?q=${encodeURIComponent(q)}&limit=100`);
  if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
  return body[listKey] ?? [];
}

export async function totalOf(path: string): Promise<number> {
  const { body } = await api<{ total: number }>('GET', `${path}?limit=1`);
  return body.total;
}

/** expect.poll with room for a loaded machine (its default gives up after one second). */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Waits until the page's path (without query) is `pathname`, as long as the page's own timeout. */
export async function atPath(page: Page, pathname: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname);
  } catch (error) {
    // Say why the page stayed: a form's own errors or a notice explain most of these failures on CI.
    const said = await page
      .locator('.ant-form-item-explain-error, .ant-message-notice, .ant-notification-notice, .ant-alert')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`Still at ${page.url()}, not ${pathname}. On screen: ${said.join(' | ') || 'no error or notice'}`, { cause: error });
  }
}

/** A name no other test (or earlier run) has used. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The rows of the list table on screen. */
export const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

export async function expectRowCount(page: Page, count: number): Promise<void> {
  await eventually(() => tableRows(page).count()).toBe(count);
}

/** Types into the list's search box and picks the suggestion that contains `text`. */
export async function chooseSuggestion(page: Page, placeholder: string, typed: string, optionText: string): Promise<void> {
  await page.getByPlaceholder(placeholder).fill(typed);
  await page.locator('.ant-select-item-option').filter({ hasText: optionText }).first().click();
}

/** The field's validation message under a labelled form item. */
export const fieldError = (page: Page, message: string) => page.locator('.ant-form-item-explain-error').getByText(message, { exact: true });

/** Confirms the row's Delete in its pop-confirm after checking the question asked. */
export async function deleteRow(page: Page, rowText: string, question: string): Promise<void> {
  await tableRows(page).filter({ hasText: rowText }).getByRole('button', { name: 'Delete' }).click();
  const popover = page.locator('.ant-popover').filter({ hasText: question });
  await popover.waitFor();
  // As a dialog's button: a click landing while antd still animates the confirmation in can be lost on a loaded
  // machine (a CI run: no request sent, the refusal never shown).
  await answerDialog(popover, 'Delete');
}

/**
 * Chooses `button` in a confirmation dialog and waits until the dialog has gone. A click that lands while antd is still
 * animating the dialog in can be lost on a loaded machine (seen in three tests): it is made again while the dialog is
 * still there and the button still enabled (not loading: a step already sent is never sent twice).
 */
export async function answerDialog(dialog: Locator, button: string): Promise<void> {
  const choice = dialog.getByRole('button', { name: button });
  await choice.click();
  for (let attempt = 0; attempt < 5; attempt++) {
    const gone = await dialog
      .first()
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (gone) return;
    const idle = await choice.evaluate((el) => !el.classList.contains('ant-btn-loading') && !(el as HTMLButtonElement).disabled).catch(() => false);
    if (idle) await choice.click({ timeout: 3_000 }).catch(() => {});
  }
  await dialog.first().waitFor({ state: 'hidden' });
}
