import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PSEUDO_LANGUAGE } from '../../src/domain/i18n/languages.js';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { dataWords, leftOnceSettled, untranslatedLeft } from '../support/e2e-language.js';
import { everyScreen, openInApp } from '../support/e2e-routes.js';

/**
 * Issue 34: in the pseudo language every text that went through a translation is marked ⟦ ⟧ (ours, the API's answers
 * and antd's own), so a word on a screen outside every mark, and not data, was hard-coded: this walks every screen —
 * the public pages, and every back-office screen of the admin, who may open them all — and every create form's
 * refusal of an empty submit (the shared rules' messages) and finds none.
 */
let data: string[];
beforeAll(async () => {
  data = await dataWords();
});

/** This browser's language (a development one, never offered to users or kept by the API). */
async function usePseudoLanguage(page: Page): Promise<void> {
  // The key the SPA keeps a browser's language under (LANGUAGE_STORAGE_KEY of src/app/i18n/i18n.ts, a browser module).
  await page.evaluate((language) => window.localStorage.setItem('language', language), PSEUDO_LANGUAGE);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('language'))).toBe(PSEUDO_LANGUAGE);
}

async function untranslatedOn(page: Page, where: string, found: string[]): Promise<void> {
  const words = await leftOnceSettled(() => untranslatedLeft(page, data));
  if (words.length > 0) found.push(`${where}: ${words.join(', ')}`);
}

describe('the pseudo language (en-XA): no text on any screen skipped translation', () => {
  const browser = useBrowser({ viewport: { width: 1440, height: 900 } });

  it('the public pages, the login page and the page of an unknown address', async () => {
    const page = browser.page();
    await page.goto('/login');
    await usePseudoLanguage(page);
    const found: string[] = [];
    for (const path of ['/', '/coming-soon', '/terms', '/privacy', '/forgot-password', '/no-such-page', '/login']) {
      await page.goto(path);
      await page
        .locator('h1, h2, h3, h4, .ant-result-title')
        .first()
        .waitFor()
        .catch((e: unknown) => {
          throw new Error(`${path}: ${String(e)}`);
        });
      await untranslatedOn(page, path, found);
    }
    // The login form's refusal of an empty submit.
    await page.locator('form button[type="submit"]').click();
    await page.locator('.auth-error').first().waitFor();
    await untranslatedOn(page, '/login, refused', found);
    expect(found).toEqual([]);
  });

  it("every back-office screen of the admin, and each create form's refusal of an empty submit", async () => {
    const page = browser.page();
    const screens = await everyScreen();
    await loginAs(page, 'admin');
    await usePseudoLanguage(page);
    await page.locator('h3').first().waitFor();
    const found: string[] = [];
    for (const { route, action } of screens) {
      await openInApp(page, route);
      await untranslatedOn(page, route, found);
      if (action !== 'create') continue;
      const submit = page.locator('form button[type="submit"]:not([disabled])').last();
      if ((await submit.count()) === 0) continue;
      await submit.click();
      await page.locator('.ant-form-item-explain-error, .ant-alert-error, .ant-message-notice, .ant-notification-notice').first().waitFor();
      await untranslatedOn(page, `${route}, refused`, found);
    }
    expect(found).toEqual([]);
  }, 240_000); // Some forty screens read whole, beside the API tests of a full run.
});
