import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, atPath, chooseSuggestion, deleteRow, eventually, expectRowCount, fieldError, search, tableRows, totalOf, unique } from '../support/e2e-crud.js';
import { addOpeningStock } from '../support/e2e-stock.js';

const SEARCH = 'Search warehouses by name, city, address or contact';

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

type Warehouse = { _id: string; name: string; city_id: string; address: string; contact_phone: string; description: string | null };

describe('warehouse management (SPEC.md sections 2 and 6)', () => {
  const browser = useBrowser();

  it('refuses invalid input with the SPEC.md messages and writes nothing', async () => {
    const page = browser.page();
    const name = unique('Bad Store');
    await loginAs(page, 'admin', '/warehouses');
    await page.getByRole('button', { name: 'Add Warehouse' }).click();
    await atPath(page, '/warehouse-registration');
    await page.getByRole('textbox', { name: 'Warehouse Name' }).fill(name);
    await page.getByLabel('Contact Phone').fill('call me maybe');
    await page.getByLabel('Contact Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'Please enter a valid phone number').waitFor();
    await fieldError(page, 'Contact email must be a valid email address').waitFor();
    await fieldError(page, 'City is required').waitFor();
    await fieldError(page, 'Address is required').waitFor();
    await atPath(page, '/warehouse-registration');
    expect(await search('/warehouses', name)).toEqual([]);
  });

  it('creates a warehouse, finds it, edits it and deletes it after the confirmation', async () => {
    const page = browser.page();
    const name = unique('Test Store');
    const address = 'Plot 9, A very long industrial area road name, Indore';
    await loginAs(page, 'admin', '/warehouse-registration');
    await page.getByRole('textbox', { name: 'Warehouse Name' }).fill(name);
    // A city is offered by name and state ('Indore, Madhya Pradesh'), as its search suggestions name it.
    await pick(page, 'City', 'Indore, Madhya Pradesh');
    await page.getByLabel('Address').fill(address);
    await page.getByLabel('Contact Person').fill('Asha Verma');
    await page.getByLabel('Contact Phone').fill('+91 (731) 400-1234');
    await page.getByLabel('Contact Email').fill('Asha@Example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await atPath(page, '/warehouses');
    await page.getByText('Warehouse added successfully').waitFor();
    const [created] = await search<Warehouse>('/warehouses', name);
    expect(created).toMatchObject({ address, contact_phone: '+91 (731) 400-1234', description: null, status: 'active', city: 'Indore' });

    await chooseSuggestion(page, SEARCH, name.slice(0, -2), name);
    await expectRowCount(page, 1);
    const row = tableRows(page).first();
    await expect(row.textContent()).resolves.toContain(`${address.slice(0, 30)}...`);
    await row.getByText(`${address.slice(0, 30)}...`).hover();
    await page.getByRole('tooltip').getByText(address).waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await atPath(page, `/warehouse-edit/${created!._id}`);
    await eventually(() => page.getByRole('textbox', { name: 'Warehouse Name' }).inputValue()).toBe(name);
    const citySelect = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'City', exact: true }) });
    await eventually(() => citySelect.locator('.ant-select-selection-item').innerText()).toBe('Indore, Madhya Pradesh');
    await page.getByLabel('Description').fill('Cold storage for dairy');
    await pick(page, 'Status', 'Inactive');
    await page.getByRole('button', { name: 'Update' }).click();
    await atPath(page, '/warehouses');
    await page.getByText('Warehouse updated successfully').waitFor();
    expect((await api('GET', `/warehouses/${created!._id}`)).body).toMatchObject({ description: 'Cold storage for dairy', status: 'inactive' });

    await page.goto(`/warehouses?q=${encodeURIComponent(name)}`);
    await deleteRow(page, name, 'Are you sure you want to delete this warehouse?');
    await page.getByText('No warehouses found').waitFor();
    expect((await api('GET', `/warehouses/${created!._id}`)).status).toBe(404);
  });

  it("shows the server's reason when a warehouse holding stock cannot be deleted", async () => {
    // A warehouse of its own with stock: a demo warehouse's stock is whatever the other files' tests left of it.
    const [demo] = (await api<{ data: Warehouse[] }>('GET', '/warehouses?limit=1')).body.data;
    const name = unique('Stocked Store');
    const created = await api<Warehouse>('POST', '/warehouses', {
      name,
      city_id: demo!.city_id,
      address: '1 Test Road',
      status: 'active',
      contact_person: 'Test Person',
      contact_phone: '+91 90000 00000',
      contact_email: 'store@example.com',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // A product without batches (a dairy one would need its batch and expiry to be stocked).
    const product = await api<{ _id: string; tracks_expiry: boolean }>('POST', '/products', {
      productname: unique('E2E Detergent'),
      category: 'Household',
      subcategory: 'Detergents',
      product_keyword: 'E2E Household',
      price: 100,
      discount_price: 90,
      product_description: 'Washing powder.',
      unit: 'kg',
      unit_value: '1',
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(product.body.tracks_expiry).toBe(false);
    await addOpeningStock(product.body._id, created.body._id, 5);

    const page = browser.page();
    await loginAs(page, 'admin', `/warehouses?q=${encodeURIComponent(name)}`);
    await expectRowCount(page, 1);
    await deleteRow(page, name, 'Are you sure you want to delete this warehouse?');
    // Every alert's text, so that another reason (or none) shows in the failure.
    await eventually(() => page.getByRole('alert').allInnerTexts()).toContainEqual(expect.stringMatching(/^This warehouse holds stock of 1 product\(s\)\./));
    await expectRowCount(page, 1);
    expect((await api('GET', `/warehouses/${created.body._id}`)).status).toBe(200);
  });

  it('the warehouse-user sees no Edit or Delete, View Products greyed out with the reason, and the stock buttons working', async () => {
    const page = browser.page();
    const { body } = await api<{ data: Warehouse[] }>('GET', '/warehouses?q=Pune%20West');
    const warehouse = body.data[0]!;
    await loginAs(page, 'warehouse', '/warehouses?q=Pune%20West');
    await expectRowCount(page, 1);
    const row = tableRows(page).first();
    await eventually(() => row.getByRole('button', { name: 'View Inventory' }).isEnabled()).toBe(true);
    const viewProducts = row.getByRole('button', { name: 'View Products' });
    await eventually(() => viewProducts.isDisabled()).toBe(true);
    await viewProducts.locator('xpath=..').hover();
    await page.getByRole('tooltip').getByText('Not available to the Warehouse User role.').waitFor();
    // The role's permissions have arrived: Edit, Delete and Add are not offered.
    await expect(row.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
    await expect(row.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Add Warehouse' }).count()).resolves.toBe(0);

    await row.getByRole('button', { name: 'View Inventory' }).click();
    await eventually(() => page.url()).toContain(`/inventory-by-city/${warehouse.city_id}?warehouse_id=${warehouse._id}`);
    await page.goBack();
    await tableRows(page).first().getByRole('button', { name: 'Add Inventory' }).click();
    await eventually(() => page.url()).toContain(`/inventory-registration?warehouse_id=${warehouse._id}&city_id=${warehouse.city_id}`);
  });

  it('pages through the warehouses with the real page count', async () => {
    const page = browser.page();
    const ids: string[] = [];
    const { body: cities } = await api<{ data: { _id: string }[] }>('GET', '/cities?q=Pune');
    try {
      while ((await totalOf('/warehouses')) <= 10) {
        const { body } = await api<{ _id: string }>('POST', '/warehouses', {
          name: unique('Page Store'),
          city_id: cities.data[0]!._id,
          address: 'Baner Road',
          status: 'active',
          contact_person: 'Test',
          contact_phone: '+91 90000 00000',
          contact_email: 'store@example.com',
        });
        ids.push(body._id);
      }
      const pages = Math.ceil((await totalOf('/warehouses')) / 10);
      await loginAs(page, 'admin', '/warehouses');
      await page.getByText(`Page 1 of ${pages}`).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page 2 of ${pages}`).waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    } finally {
      for (const id of ids) await api('DELETE', `/warehouses/${id}`);
    }
  });
});
