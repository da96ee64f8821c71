import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';
import { DEMO_LOGINS, baseUrl, loginAs, useBrowser, CONTEXT_DEFAULTS } from '../support/e2e-browser.js';
import { api, atPath, eventually, tableRows } from '../support/e2e-crud.js';

/** Issue 15's three journeys: a custom role, warehouse scope, and who sees costs. */
const ROLE = 'store-auditor';
const AUDITOR = { email: `auditor.${Date.now().toString(36)}@example.com`, password: 'Audit@123' };
const ASSIGNED = ['Jaipur Central Warehouse', 'Jaipur North Dark Store'];
/** Each test is a whole journey of two users in two browser contexts: more than one screen's budget on a loaded machine. */
const JOURNEY_MS = 150_000;

const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: label });
const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** Picks an option and waits until the select shows it (a list still loading can move the option under the click). */
async function pick(page: Page, label: string, option: string): Promise<void> {
  const select = page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) });
  const shown = async () => (await select.locator('.ant-select-selection-item').allInnerTexts()).join();
  await expect
    .poll(
      async () => {
        if ((await shown()) === option) return option;
        await select.click();
        const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) });
        await item.click({ timeout: 5_000 }).catch(() => undefined);
        return shown();
      },
      { timeout: 30_000 },
    )
    .toBe(option);
}

async function openPermissions(admin: Page): Promise<void> {
  await loginAs(admin, 'admin');
  await menuItem(admin, 'Permissions').click();
  await atPath(admin, '/permissions');
  // The matrix is hundreds of checkboxes: over 15 s to render on two cores loaded by the API tests beside it.
  await box(admin, 'warehouse-user: inventory list').waitFor({ timeout: 45_000 });
}

async function save(admin: Page): Promise<void> {
  const button = admin.getByRole('button', { name: 'Save' });
  await button.click();
  await expect.poll(() => button.isDisabled()).toBe(true);
  await expect(admin.getByText('Unsaved changes', { exact: true }).count()).resolves.toBe(0);
}

/** The default policy back, then the role and its user gone: the e2e database is shared by the run's files. */
async function restore(): Promise<void> {
  const put = await api('PUT', '/permissions', DEFAULT_POLICY);
  if (put.status !== 200) throw new Error(`Could not restore the default policy: ${put.status}`);
}

describe('roles, warehouse scope and costs (issue 15)', () => {
  const browser = useBrowser();
  let other: BrowserContext | undefined;

  async function signedIn(email: string, password: string, landing = '/admin-dashboard'): Promise<Page> {
    other = await browser
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl(), ...CONTEXT_DEFAULTS });
    const page = await other.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/login');
    await page.getByPlaceholder('email or mobile number').fill(email);
    await page.getByPlaceholder('password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`**${landing}`, { timeout: 30_000 });
    return page;
  }

  afterEach(async () => {
    await other?.close();
    other = undefined;
    await restore();
  });

  afterAll(async () => {
    const { body } = await api<{ users: { _id: string }[] }>('GET', `/users?q=${encodeURIComponent(AUDITOR.email)}`);
    for (const u of body.users ?? []) await api('DELETE', `/users/${u._id}`);
    await api('DELETE', `/roles/${ROLE}`);
  });

  it(
    "an admin creates the role 'Store auditor' that may sign in and only read reports, gives it to a new user, who sees only the report links",
    async () => {
      const admin = browser.page();
      await openPermissions(admin);
      await admin.getByRole('button', { name: 'Add role' }).click();
      await admin.getByLabel('Label', { exact: true }).fill('Store auditor');
      await eventually(() => admin.getByLabel('Name', { exact: true }).inputValue()).toBe(ROLE);
      await admin.getByRole('button', { name: 'Add role' }).last().click();
      await admin.getByRole('table', { name: 'Roles' }).getByText('Store auditor').waitFor();

      // A new role has nothing: allow it to sign in and to read reports.
      await box(admin, `${ROLE}: may sign in`).waitFor();
      await expect(box(admin, `${ROLE}: may sign in`).isChecked()).resolves.toBe(false);
      await box(admin, `${ROLE}: may sign in`).check();
      await box(admin, `${ROLE}: reports list`).check();
      await save(admin);
      await admin.getByText(`role ${ROLE} created`, { exact: false }).waitFor();

      // The user form offers the new role from the database.
      await admin.goto('/user-registration');
      await admin.getByLabel('First Name', { exact: true }).fill('Asha');
      await admin.getByLabel('Last Name', { exact: true }).fill('Auditor');
      await admin.getByRole('textbox', { name: 'Email', exact: true }).fill(AUDITOR.email);
      await admin.getByLabel('Phone Number', { exact: true }).fill(`9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
      await admin.getByLabel('Password', { exact: true }).fill(AUDITOR.password);
      await pick(admin, 'City', 'Jaipur, Rajasthan');
      await admin.getByLabel('Address', { exact: true }).fill('1 MI Road, Jaipur');
      await pick(admin, 'Role', 'Store auditor');
      await admin.getByRole('button', { name: 'Save' }).click();
      await atPath(admin, '/users');
      await admin.getByText('User added successfully').waitFor();

      const auditor = await signedIn(AUDITOR.email, AUDITOR.password);
      await menuItem(auditor, 'Inventory Report').waitFor();
      const disabled = (label: string) => menuItem(auditor, label).getAttribute('aria-disabled');
      await expect.poll(() => disabled('Inventory Report')).not.toBe('true');
      await expect.poll(() => disabled('Sale Purchase Report')).not.toBe('true');
      for (const label of ['Inventory Listing', 'Product Listing', 'User Listing', 'Permissions']) await expect.poll(() => disabled(label)).toBe('true');
    },
    JOURNEY_MS,
  );

  it(
    "warehouse-user inventory and reports set to 'assigned': the list and the report show only the assigned warehouses",
    async () => {
      const admin = browser.page();
      await openPermissions(admin);
      await admin.getByRole('switch', { name: 'warehouse-user: inventory assigned warehouses only' }).click();
      await admin.getByRole('switch', { name: 'warehouse-user: reports assigned warehouses only' }).click();
      await save(admin);

      const warehouse = await signedIn(DEMO_LOGINS.warehouse.email, DEMO_LOGINS.warehouse.password);
      await warehouse.goto('/inventory');
      await warehouse.getByText('Showing your 2 warehouses').waitFor();
      await expect.poll(() => tableRows(warehouse).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const shownNames = new Set(await tableRows(warehouse).evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[5]?.textContent ?? '')));
      expect(
        [...shownNames].every((n) => ASSIGNED.includes(n)),
        [...shownNames].join(', '),
      ).toBe(true);

      await warehouse.goto('/inventory-report');
      await warehouse.getByText('Showing your 2 warehouses').waitFor();
      await warehouse.getByText('Detailed', { exact: true }).click();
      await expect.poll(() => new URL(warehouse.url()).searchParams.get('report_type')).toBe('detailed');
      // The detailed view's own table (the summary view's recent movements must not be read by mistake).
      const items = warehouse.locator('.ant-card').filter({ has: warehouse.getByText('Inventory items', { exact: true }) });
      const itemRows = items.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => itemRows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const reportNames = new Set(await itemRows.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? '')));
      expect(
        [...reportNames].every((n) => ASSIGNED.includes(n)),
        [...reportNames].join(', '),
      ).toBe(true);
    },
    JOURNEY_MS,
  );

  it(
    "revoking 'see costs' hides the Unit Cost and Total Value columns, and Adjust Stock's unit cost",
    async () => {
      const warehouse = await signedIn(DEMO_LOGINS.warehouse.email, DEMO_LOGINS.warehouse.password);
      const record = (
        await api<{ data: { _id: string; current_stock: number; tracks_expiry: boolean }[] }>('GET', '/inventory?limit=50', undefined, 'warehouse')
      ).body.data.find((r) => !r.tracks_expiry && r.current_stock > 0)!;
      await warehouse.goto(`/inventory-edit/${record._id}`);
      await warehouse.getByTestId('current-unit-cost').waitFor();
      await warehouse.goto('/inventory');
      const header = warehouse.locator('.ant-table-thead');
      await header.getByText('Unit Cost', { exact: true }).waitFor();

      const admin = browser.page();
      await openPermissions(admin);
      await box(admin, 'warehouse-user: costs see').uncheck();
      await save(admin);

      // The warehouse-user's next page follows the policy, with no blank column left behind.
      await warehouse.goto('/inventory');
      await expect.poll(() => tableRows(warehouse).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => header.getByText('Unit Cost', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
      await expect(header.getByText('Total Value', { exact: true }).count()).resolves.toBe(0);
      await header.getByText('Current Stock', { exact: true }).waitFor();
      // Adjust Stock shows no cost and asks for none, even when the count goes up.
      await warehouse.goto(`/inventory-edit/${record._id}`);
      const newStock = warehouse.getByLabel('New Stock', { exact: true });
      await expect.poll(() => newStock.inputValue()).toBe(String(record.current_stock));
      await newStock.fill(String(record.current_stock + 5));
      await warehouse.getByText('Save Adjustment').waitFor();
      await expect(warehouse.getByTestId('current-unit-cost').count()).resolves.toBe(0);
      await expect(warehouse.getByLabel('Unit cost of the added units').count()).resolves.toBe(0);
    },
    JOURNEY_MS,
  );
});
