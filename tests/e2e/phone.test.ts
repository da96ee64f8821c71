import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { everyRoute, openInApp } from '../support/e2e-routes.js';

describe('on a phone, 390 px wide (issue 13)', () => {
  const browser = useBrowser();

  it('no back-office screen scrolls sideways, and the menu opens from the header', async () => {
    const page = browser.page();
    const routes = await everyRoute();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin');
    const wider: string[] = [];
    for (const route of routes) {
      await openInApp(page, route);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wider.push(`${route}: ${width} px`);
    }
    expect(wider).toEqual([]);

    // The sidebar is a drawer: it opens from the header, and closes once an entry is chosen.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'City Listing' }).click();
    await expectPath(page, '/cities');
    await page.getByRole('heading', { name: 'City Management' }).waitFor();
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
  });
});
