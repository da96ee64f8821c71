import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';

const DENIED = ['Product Listing', 'User Listing', 'City Listing', 'Update All Inventory'];
const ALLOWED = ['Dashboard', 'Warehouse Listing', 'Inventory Listing', 'Inventory Report', 'Sale Purchase Report', 'Handling Charges', 'Logout'];
const DENIED_PATHS = [
  '/product-listing',
  '/product-registration',
  '/product-edit/1',
  '/users',
  '/user-edit/1',
  '/cities',
  '/city-registration',
  '/update-all-inventory',
];

describe('role rules in the browser (SPEC.md section 6)', () => {
  const browser = useBrowser();
  // The accessible name also holds the icon's label ('shopping Product Listing').
  const item = (label: string) => browser.page().getByRole('menuitem', { name: label });

  it('the warehouse-user sees four sidebar entries greyed out, not clickable, with a reason', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    for (const label of DENIED) {
      await expect.poll(() => item(label).getAttribute('aria-disabled')).toBe('true');
      await expect(item(label).locator('a').count()).resolves.toBe(0);
    }
    for (const label of ALLOWED) await expect.poll(() => item(label).getAttribute('aria-disabled')).not.toBe('true');

    await item('City Listing').click({ force: true });
    await page.waitForTimeout(300);
    await expectPath(page, '/admin-dashboard');

    await item('City Listing').getByText('City Listing').hover();
    await page.getByRole('tooltip').getByText('Not available to the Warehouse User role.').waitFor();

    await item('Warehouse Listing').click();
    await expectPath(page, '/warehouses');
    await page.getByRole('heading', { name: 'Warehouse Management' }).waitFor();
  });

  it('the warehouse-user gets the 403 page on the denied screens by URL', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    for (const path of DENIED_PATHS) {
      await page.goto(path);
      await page.getByText('Sorry, your role is not allowed to open this page.').waitFor();
      await expect(page.getByRole('heading', { level: 3 }).count()).resolves.toBe(0);
    }
    await page.goto('/inventory-by-city/some-city');
    await page.getByRole('heading', { name: 'Inventory for City' }).waitFor();
  });

  it('admin may use every entry and open every screen', async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    for (const label of [...DENIED, ...ALLOWED]) await expect.poll(() => item(label).getAttribute('aria-disabled')).not.toBe('true');
    await item('User Listing').click();
    await expectPath(page, '/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.goto('/update-all-inventory');
    await page.getByRole('heading', { name: 'Update All Inventory', level: 3 }).waitFor();
  });
});
