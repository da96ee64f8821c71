import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { atPath, tableRows } from '../support/e2e-crud.js';
import { demoRecord } from '../support/e2e-stock.js';

/**
 * Issue 28: the server stopped or redeployed while someone works. Playwright's `route(...).abort()` stands for the
 * server being away (the requests never reach it); un-routing is the server coming back.
 */
const screenFailed = (page: Page) => page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });

/** Requests to these API paths never reach the server until the returned function is called. */
async function apiAway(page: Page, ...paths: string[]): Promise<() => Promise<void>> {
  const away = (url: URL) => paths.some((p) => url.pathname === `/api${p}` || url.pathname.startsWith(`/api${p}/`));
  await page.route(away, (route) => route.abort('connectionrefused'));
  return () => page.unroute(away);
}

/** The request failed: its error and Retry are shown, and the list does not claim to be empty. */
async function expectListFailed(page: Page, emptyText: string): Promise<void> {
  const failed = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
  // Refine's queries try three more times first.
  await failed.first().waitFor({ timeout: 30_000 });
  await expect.poll(() => failed.first().innerText()).toMatch(/Network error|Cannot connect/);
  expect(await page.getByText(emptyText, { exact: true }).count()).toBe(0);
}

/** Retry once the server is back: the list fills and the error goes. */
async function retryAndSeeRows(page: Page, back: () => Promise<void>, rows = tableRows(page)): Promise<void> {
  await back();
  await page.getByRole('button', { name: 'Retry' }).first().click();
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
}

describe('while the server is away (issue 28)', () => {
  const browser = useBrowser();

  it('a screen whose code cannot be downloaded says so with Retry inside the layout, and appears by itself once it can', async () => {
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

    // The server is back: the screen loads with no click — in place where the browser asks again for a chunk that
    // failed, or through one full load of the page where it keeps the failed fetch (Chromium 150 does: load-recovery.ts)
    // — and never more than one.
    let loads = 0;
    page.on('load', () => loads++);
    await page.unroute(chunk);
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    await expect.poll(() => failed.count()).toBe(0);
    await atPath(page, '/inventory');
    expect(loads, 'full loads of the page once the server was back').toBeLessThanOrEqual(1);

    // Another screen from the menu works as before.
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await atPath(page, '/admin-dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it("a declared list whose request failed shows the error with Retry, not 'No cities found'", async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    const back = await apiAway(page, '/cities');
    await page.goto('/cities');
    await page.getByRole('heading', { name: 'City Management' }).waitFor();
    await expectListFailed(page, 'No cities found');
    await retryAndSeeRows(page, back);
  });

  it("the inventory list and the city's inventory show the error with Retry, not that nothing was found", async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    let back = await apiAway(page, '/inventory');
    await page.goto('/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    await expectListFailed(page, 'No inventory records found');
    await retryAndSeeRows(page, back);

    const record = await demoRecord(28, () => true);
    back = await apiAway(page, `/inventory/by-city/${record.city_id}`);
    await page.goto(`/inventory-by-city/${record.city_id}`);
    await page.getByRole('heading', { name: 'Inventory for City' }).waitFor();
    await expectListFailed(page, 'No inventory found for this city');
    await retryAndSeeRows(page, back);
  });

  it('the dashboard whose summary failed shows the error with Retry and no made-up figures', async () => {
    const page = browser.page();
    const back = await apiAway(page, '/dashboard/summary');
    await loginAs(page, 'admin');
    await expectListFailed(page, 'No users yet');
    await expect.poll(() => page.getByTestId('stat-users').locator('.ant-statistic-content').innerText()).toBe('—');
    await back();
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await expect.poll(() => page.getByTestId('stat-users').locator('.ant-statistic-content').innerText()).toMatch(/^\d/);
  });
});
