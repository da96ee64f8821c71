import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { NOT_AUTHORIZED_MESSAGE } from '../../src/domain/schemas/auth.js';
import { baseUrl, expectPath, useBrowser, CONTEXT_DEFAULTS } from '../support/e2e-browser.js';
import { api } from '../support/e2e-crud.js';

const SUB_ADMIN = { email: 'subadmin@demo.local', password: 'Demo@123' };

/** The policy in the database, set as an admin would on the Permissions screen. */
async function putPolicy(policy: Policy): Promise<void> {
  const { status, body } = await api('PUT', '/permissions', policy);
  if (status !== 200) throw new Error(`PUT /permissions answered ${status}: ${JSON.stringify(body)}`);
}

const withSubAdmin = (maySignIn: boolean): Policy => ({
  signIn: { ...DEFAULT_POLICY.signIn, 'sub-admin': maySignIn },
  grants: {
    ...DEFAULT_POLICY.grants,
    'sub-admin': { dashboard: ['show'], cities: ['list', 'show'], warehouses: ['list', 'show'] },
  },
  scope: {},
});

const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: label });

describe('sign-in follows the live policy (issue 13)', () => {
  const browser = useBrowser();
  let other: BrowserContext | undefined;

  afterEach(async () => {
    await other?.close();
    other = undefined;
    // One server per run: every other test expects the default policy.
    await putPolicy(DEFAULT_POLICY);
  });

  async function signInAsSubAdmin(): Promise<Page> {
    await other?.close();
    other = await browser
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl(), ...CONTEXT_DEFAULTS });
    const page = await other.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/login');
    await page.getByPlaceholder('email or mobile number').fill(SUB_ADMIN.email);
    await page.getByPlaceholder('password', { exact: true }).fill(SUB_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    return page;
  }

  it("an admin lets sub-admin sign in: the SPA lets them in with their role's sidebar; taken back, the login is refused", async () => {
    await putPolicy(withSubAdmin(true));
    const subAdmin = await signInAsSubAdmin();
    await expectPath(subAdmin, '/admin-dashboard');
    await subAdmin.getByTestId('current-user').getByText('Sub Admin', { exact: false }).waitFor();
    await expect.poll(() => menuItem(subAdmin, 'Warehouse Listing').getAttribute('aria-disabled')).not.toBe('true');
    await expect.poll(() => menuItem(subAdmin, 'City Listing').getAttribute('aria-disabled')).not.toBe('true');
    await expect.poll(() => menuItem(subAdmin, 'Product Listing').getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => menuItem(subAdmin, 'Inventory Listing').getAttribute('aria-disabled')).toBe('true');
    await menuItem(subAdmin, 'Warehouse Listing').click();
    await expectPath(subAdmin, '/warehouses');
    await subAdmin.getByRole('heading', { name: 'Warehouse Management' }).waitFor();

    await putPolicy(withSubAdmin(false));
    const refused = await signInAsSubAdmin();
    await expect.poll(() => refused.getByRole('alert').first().textContent()).toBe(NOT_AUTHORIZED_MESSAGE);
    await expectPath(refused, '/login');
    await expect(refused.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  });
});
