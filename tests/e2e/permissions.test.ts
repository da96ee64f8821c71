import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';
import { baseUrl, DEMO_LOGINS, expectPath, loginAs, useBrowser, CONTEXT_DEFAULTS } from '../support/e2e-browser.js';

const FORBIDDEN_TEXT = 'Sorry, your role is not allowed to open this page.';

/** The e2e database is shared by every e2e file of the run: whatever a test did, the default policy is back after it. */
async function restoreDefaultPolicy(): Promise<void> {
  const login = await fetch(new URL('/api/auth/login', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone: DEMO_LOGINS.admin.email, password: DEMO_LOGINS.admin.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const put = await fetch(new URL('/api/permissions', baseUrl()), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(DEFAULT_POLICY),
  });
  if (put.status !== 200) throw new Error(`Could not restore the default policy: ${put.status} ${await put.text()}`);
}

// The accessible name also holds the icon's label ('shopping Product Listing').
const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: label });
const disabledState = (page: Page, label: string) => () => menuItem(page, label).getAttribute('aria-disabled');
const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

async function save(admin: Page): Promise<void> {
  const button = admin.getByRole('button', { name: 'Save' });
  await expect(button.isEnabled()).resolves.toBe(true);
  await button.click();
  await expect.poll(() => button.isDisabled()).toBe(true);
  await expect(admin.getByText('Unsaved changes', { exact: true }).count()).resolves.toBe(0);
}

/**
 * Reset to defaults, then Load defaults in its confirmation, until the matrix shows unsaved changes. Two CI runs out of
 * about eight saw the defaults not loaded after the click (never reproduced locally, even under load): a second try is
 * allowed, and says what the screen showed.
 */
async function loadDefaults(admin: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await admin.getByRole('button', { name: 'Reset to defaults' }).click();
    const confirm = admin.getByRole('tooltip').filter({ hasText: 'Nothing changes until you press Save.' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Load defaults' }).click();
    const unsaved = admin.getByText('Unsaved changes', { exact: true });
    if (
      await unsaved.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    const said = `status: ${await admin.getByRole('status').first().innerText()}; confirmation open: ${await confirm.isVisible()}`;
    if (attempt === 2) throw new Error(`Load defaults did not load the defaults twice (${said})`);
    console.warn(`Load defaults: no unsaved changes after the first click, trying again (${said})`);
    if (await confirm.isVisible()) await admin.keyboard.press('Escape');
  }
}

/** The products the warehouse-user may now list: rows in the Product Listing, and the API answers too. */
async function expectProductsShown(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Product Listing' }).waitFor();
  await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
  const api = await page.evaluate(async () => {
    const res = await fetch('/api/products?limit=5', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: res.status, count: ((await res.json()) as { data?: unknown[] }).data?.length ?? 0 };
  });
  expect(api).toEqual({ status: 200, count: 5 });
}

describe('permissions screen (issue 7)', () => {
  const browser = useBrowser();
  let other: BrowserContext | undefined;

  afterEach(async () => {
    await other?.close();
    other = undefined;
    await restoreDefaultPolicy();
  });

  async function signedInWarehouseUser(): Promise<Page> {
    other = await browser
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl(), ...CONTEXT_DEFAULTS });
    const page = await other.newPage();
    page.setDefaultTimeout(15_000);
    await loginAs(page, 'warehouse');
    return page;
  }

  it('an admin grants warehouse-user products: list; the signed-in warehouse-user gets Product Listing on the next navigation, and loses it on revoke', async () => {
    const warehouse = await signedInWarehouseUser();
    await expect.poll(disabledState(warehouse, 'Product Listing')).toBe('true');
    await expect.poll(disabledState(warehouse, 'Permissions')).toBe('true');

    const admin = browser.page();
    await loginAs(admin, 'admin');
    await menuItem(admin, 'Permissions').click();
    await expectPath(admin, '/permissions');
    await admin.getByRole('heading', { name: 'Permissions', level: 3 }).waitFor();

    // The admin column is read-only, and says why.
    const adminBox = box(admin, 'admin: products delete');
    await expect(adminBox.isChecked()).resolves.toBe(true);
    await expect(adminBox.isDisabled()).resolves.toBe(true);
    await adminBox.locator('xpath=ancestor::label[1]').hover();
    await admin.getByRole('tooltip').getByText('The admin role always keeps every permission').waitFor();
    await expect(admin.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);

    const grant = box(admin, 'warehouse-user: products list');
    await expect(grant.isChecked()).resolves.toBe(false);
    await grant.check();
    await admin.getByText('Unsaved changes', { exact: true }).waitFor();
    await save(admin);
    await admin.getByText('Permissions saved').first().waitFor();
    await admin.getByText('+ warehouse-user: products list').first().waitFor();

    // No re-login: the next navigation re-reads the policy.
    await menuItem(warehouse, 'Warehouse Listing').click();
    await expectPath(warehouse, '/warehouses');
    await expect.poll(disabledState(warehouse, 'Product Listing')).not.toBe('true');
    await menuItem(warehouse, 'Product Listing').click();
    await expectPath(warehouse, '/product-listing');
    await expectProductsShown(warehouse);
    await expect(warehouse.getByText(FORBIDDEN_TEXT).count()).resolves.toBe(0);
    // Listing is all they got: no usable Add Product, and its page is refused.
    const addProduct = warehouse.getByRole('button', { name: /Add Product/ });
    // A Refine access-controlled button is enabled until its answer arrives: wait for it.
    for (const button of await addProduct.all()) await expect.poll(() => button.isDisabled()).toBe(true);
    await warehouse.goto('/product-registration');
    await warehouse.getByText(FORBIDDEN_TEXT).waitFor();

    await grant.uncheck();
    await save(admin);
    await admin.getByText('− warehouse-user: products list').first().waitFor();

    await menuItem(warehouse, 'Inventory Listing').click();
    await expectPath(warehouse, '/inventory');
    await expect.poll(disabledState(warehouse, 'Product Listing')).toBe('true');
    await expect(menuItem(warehouse, 'Product Listing').locator('a').count()).resolves.toBe(0);
  }, 120_000); // Two signed-in browsers and some twenty round trips: 46 s on a loaded two-core run, over the default 60 s in CI.

  it('the warehouse-user cannot open /permissions by URL', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse', '/permissions');
    await page.getByText(FORBIDDEN_TEXT).waitFor();
  });

  it('warns before leaving unsaved changes; Reset to defaults loads the defaults as unsaved changes', async () => {
    const admin = browser.page();
    await loginAs(admin, 'admin', '/permissions');
    const signIn = box(admin, 'sub-admin: may sign in');
    await expect(signIn.isChecked()).resolves.toBe(false);
    await expect(admin.getByRole('button', { name: 'Reset to defaults' }).isDisabled()).resolves.toBe(true);

    await signIn.check();
    let warned = '';
    admin.once('dialog', (dialog) => {
      warned = dialog.message();
      void dialog.dismiss();
    });
    await menuItem(admin, 'Handling Charges').click();
    await expect.poll(() => warned).toBe('Are you sure you want to leave? You have unsaved changes.');
    await expectPath(admin, '/permissions');
    await expect(signIn.isChecked()).resolves.toBe(true);

    await admin.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => signIn.isChecked()).toBe(false);
    await expect(admin.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);

    // Ticking an action ticks what it needs, and says so.
    await box(admin, 'sub-admin: cities edit').check();
    await expect.poll(() => box(admin, 'sub-admin: cities show').isChecked()).toBe(true);
    await expect(box(admin, 'sub-admin: cities list').isChecked()).resolves.toBe(true);
    await admin.getByText('Also ticked cities show, cities list for Sub Admin: cities edit needs them.').waitFor();
    await admin.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => box(admin, 'sub-admin: cities edit').isChecked()).toBe(false);

    // A saved non-default policy, then back to the defaults through the confirmation.
    await box(admin, 'sub-admin: every products action').check();
    await save(admin);
    await expect.poll(() => box(admin, 'sub-admin: products edit').isChecked()).toBe(true);
    await loadDefaults(admin);
    // The matrix re-renders after the click: wait for the box, never read it at once.
    await expect.poll(() => box(admin, 'sub-admin: products edit').isChecked()).toBe(false);
    await admin.getByText('Unsaved changes', { exact: true }).waitFor();
    await save(admin);
    await admin.getByText('The default permissions are in force.').waitFor();
    await admin.getByText('− sub-admin: products delete').first().waitFor();

    // Nothing unsaved: leaving asks nothing.
    await menuItem(admin, 'Handling Charges').click();
    await expectPath(admin, '/handling-charges');
  }, 120_000); // Some thirty steps on a matrix of hundreds of checkboxes: over 60 s in CI beside the API tests.
});
