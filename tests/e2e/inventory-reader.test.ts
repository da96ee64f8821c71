import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { useBrowser } from '../support/e2e-browser.js';
import { api, tableRows } from '../support/e2e-crud.js';
import { demoRecord } from '../support/e2e-stock.js';

/** Issue 28: a custom role granted nothing but 'inventory: list' gets a working inventory screen, not selects fed by 403s. */
const ROLE = 'inventory-reader';
const READER = { email: `reader.${Date.now().toString(36)}@example.com`, password: 'Reader@123' };

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('email or mobile number').fill(READER.email);
  await page.getByPlaceholder('password', { exact: true }).fill(READER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin-dashboard');
}

describe("a role with only 'inventory: list' (issue 28)", () => {
  const browser = useBrowser();
  let userId = '';

  beforeAll(async () => {
    expect((await api('POST', '/roles', { name: ROLE, label: 'Inventory reader' })).status).toBe(201);
    const policy: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    policy.signIn[ROLE] = true;
    policy.grants[ROLE] = { inventory: ['list'] };
    expect((await api('PUT', '/permissions', policy)).status).toBe(200);
    const record = await demoRecord(1, () => true);
    const created = await api<{ _id: string }>('POST', '/users/create', {
      firstname: 'Indu',
      lastname: 'Reader',
      email: READER.email,
      phonenumber: `9${String(Date.now()).slice(-9)}`,
      password: READER.password,
      address: '1 MI Road',
      city_id: record.city_id,
      role: ROLE,
      status: 'active',
    });
    expect(created.status).toBe(201);
    userId = created.body._id;
  });

  afterAll(async () => {
    if (userId) await api('DELETE', `/users/${userId}`);
    await api('PUT', '/permissions', DEFAULT_POLICY);
    await api('DELETE', `/roles/${ROLE}`);
  });

  it('the list, its filters and its rows ask the API for nothing the role may not see: no 403, no select spinning', async () => {
    const page = browser.page();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await signIn(page);
    await page.goto('/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    await expect.poll(() => tableRows(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // Warehouses are not the role's to list: no warehouse filter waiting on them.
    await expect.poll(() => page.locator('.ant-select-loading').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Warehouse' }).count()).toBe(0);
    // Products cannot be searched by the role: the name filter is plain text, and still filters.
    const name = (await tableRows(page).first().locator('td').first().innerText()).trim();
    await page.getByLabel('Product name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('product_name')).toBe(name);
    await expect.poll(() => tableRows(page).count()).toBeGreaterThan(0);
    // A record's batches need 'inventory: show': no toggle that would be refused.
    expect(await page.getByRole('button', { name: /^Show batches of/ }).count()).toBe(0);

    expect(refused).toEqual([]);
  }, 90_000);

  it('the header names the role as the admin labelled it, not by its slug', async () => {
    const page = browser.page();
    await signIn(page);
    const user = page.getByTestId('current-user');
    await expect.poll(() => user.innerText()).toContain('Inventory reader');
    expect(await user.innerText()).not.toContain(ROLE);
  });
});
