import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { atPath } from '../support/e2e-crud.js';

/**
 * Issue 28: the server stopped or redeployed while someone works. Playwright's `route(...).abort()` stands for the
 * server being away (the requests never reach it); un-routing is the server coming back.
 */
const screenFailed = (page: Page) => page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });

describe('while the server is away (issue 28)', () => {
  const browser = useBrowser();

  it("a screen whose code cannot be downloaded says so with Retry inside the layout, and appears by itself once it can", async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    const chunk = '**/assets/InventoryListPage-*.js';
    await page.route(chunk, (route) => route.abort('connectionrefused'));
    await page.getByRole('menuitem', { name: 'Inventory Listing' }).click();
    await atPath(page, '/inventory');

    const failed = screenFailed(page);
    await failed.waitFor();
    // Not a blank app: the sidebar and the header stay, and so does Retry.
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('current-user').waitFor();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.waitFor();

    // The server is back: the screen loads with no click and no reload.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.unroute(chunk);
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    await expect.poll(() => failed.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

    // Another screen from the menu works as before.
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await atPath(page, '/admin-dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
