import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, unique } from '../support/e2e-crud.js';
import { addOpeningStock, inventoryRecords, pickOption, pickProduct, tableRows, warehouses } from '../support/e2e-stock.js';

const totalText = (page: Page) => page.locator('.ant-pagination-total-text');
const statusOf = (page: Page) => tableRows(page).locator('td:nth-child(9)');

async function apiTotal(query: string): Promise<number> {
  return (await api<{ total: number }>('GET', `/inventory?limit=1${query}`)).body.total;
}

/** A city of its own with `count` warehouses, each holding 5 units of one product (names sort A, B, C...). */
async function cityWithWarehouses(count: number) {
  const name = unique('E2E City');
  const city = await api<{ _id: string }>('POST', '/cities', {
    name,
    state: 'Rajasthan',
    district: 'Test',
    pincode: '302999',
    wards: ['Ward 1'],
    is_active: true,
  });
  expect(city.status).toBe(201);
  const product = (await inventoryRecords())[0]!;
  const created: { _id: string; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const warehouse = await api<{ _id: string; name: string }>('POST', '/warehouses', {
      name: `${name} Store ${String.fromCharCode(65 + i)}`,
      city_id: city.body._id,
      address: '1 Test Road',
      status: 'active',
      contact_person: 'Test Person',
      contact_phone: '+91 90000 00000',
      contact_email: 'store@example.com',
    });
    expect(warehouse.status).toBe(201);
    await addOpeningStock(product.product_id, warehouse.body._id, 5);
    created.push(warehouse.body);
  }
  return { cityId: city.body._id, cityName: name, warehouses: created, product };
}

describe('inventory list (SPEC.md "Inventory list")', () => {
  const browser = useBrowser();

  it('filters by warehouse (a select populated from /warehouses) and low stock, in the URL, counted by the server', async () => {
    const page = browser.page();
    const indore = (await warehouses()).find((w) => w.name === 'Indore Hub')!;
    await loginAs(page, 'admin', '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    await expect.poll(() => totalText(page).textContent()).toBe(`1-10 of ${await apiTotal('')} records`);

    await page.locator('.ant-select', { has: page.getByLabel('Warehouse', { exact: true }) }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.first().textContent()).toBe('All Warehouses');
    await page.keyboard.press('Escape');
    await pickOption(page, 'Warehouse', 'Indore Hub');
    await page.getByLabel('Low Stock Only').check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();

    await expect.poll(() => new URL(page.url()).searchParams.get('warehouse')).toBe(indore._id);
    expect(new URL(page.url()).searchParams.get('low_stock_only')).toBe('true');
    const expected = await apiTotal(`&warehouse=${indore._id}&low_stock_only=true`);
    expect(expected).toBeGreaterThan(0);
    await expect.poll(() => totalText(page).textContent()).toBe(`1-${Math.min(10, expected)} of ${expected} records`);
    for (const row of await tableRows(page).all()) await expect(row.textContent()).resolves.toContain('Indore Hub');
    for (const status of await statusOf(page).allTextContents()) expect(['Low Stock', 'Out of Stock']).toContain(status);

    // A reload keeps the filters, on screen and in the request.
    await page.reload();
    await expect.poll(() => totalText(page).textContent()).toBe(`1-${Math.min(10, expected)} of ${expected} records`);
    await expect(page.getByLabel('Low Stock Only').isChecked()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => totalText(page).textContent()).toBe(`1-10 of ${await apiTotal('')} records`);
    await expect(page.getByLabel('Low Stock Only').isChecked()).resolves.toBe(false);
  });

  it('suggests product names, pages on the server, and says when nothing matches', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse', '/inventory');
    await pickProduct(page, 'Product name', 'Basmati Rice Classic');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('product_name')).toBe('Basmati Rice Classic');
    await expect.poll(() => tableRows(page).count()).toBe(await apiTotal('&product_name=Basmati%20Rice%20Classic'));
    for (const row of await tableRows(page).all()) await expect(row.textContent()).resolves.toContain('Basmati Rice Classic');

    await page.getByLabel('Product name', { exact: true }).fill('no such product anywhere');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByText('No inventory records found').waitFor();

    await page.goto('/inventory');
    await expect.poll(() => tableRows(page).count()).toBe(10);
    const firstPage = await tableRows(page).locator('td:first-child').allTextContents();
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => tableRows(page).locator('td:first-child').allTextContents()).not.toEqual(firstPage);
    await expect(tableRows(page).count()).resolves.toBe(10);
    await page.goBack();
    await expect.poll(() => tableRows(page).locator('td:first-child').allTextContents()).toEqual(firstPage);
  });

  it('deletes an empty record after the confirmation, and refuses one that still holds stock', async () => {
    const page = browser.page();
    const { body } = await api<{ data: { _id: string; productname: string }[] }>('GET', '/products?limit=1000');
    const held = new Set((await inventoryRecords()).map((r) => `${r.product_id}/${r.warehouse_id}`));
    const jaipurNorth = (await warehouses()).find((w) => w.name === 'Jaipur North Dark Store')!;
    const product = body.data.find((p) => !held.has(`${p._id}/${jaipurNorth._id}`))!;
    const created = await api<{ _id: string }>('POST', '/inventory', { product_id: product._id, warehouse_id: jaipurNorth._id, current_stock: 0 });
    expect(created.status).toBe(201);

    await loginAs(page, 'admin', `/inventory?product_name=${encodeURIComponent(product.productname)}&warehouse=${jaipurNorth._id}`);
    await expect.poll(() => tableRows(page).count()).toBe(1);
    await page.getByRole('button', { name: `Delete ${product.productname} in ${jaipurNorth.name}` }).click();
    const confirm = page.locator('.ant-popover').filter({ hasText: 'Are you sure you want to delete this inventory record?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No inventory records found').waitFor();
    expect((await api('GET', `/inventory/${created.body._id}`)).status).toBe(404);

    const stocked = (await inventoryRecords()).find((r) => r.current_stock > 0 && r.warehouse_id === jaipurNorth._id)!;
    await page.goto(`/inventory?product_name=${encodeURIComponent(stocked.product_name)}&warehouse=${jaipurNorth._id}`);
    await page.getByRole('button', { name: `Delete ${stocked.product_name} in ${jaipurNorth.name}` }).click();
    await page.locator('.ant-popover').filter({ hasText: 'Are you sure' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/still holds \d+ units/).waitFor();
    expect((await api('GET', `/inventory/${stocked._id}`)).status).toBe(200);
  });
});

describe('inventory by city (SPEC.md "Inventory by city")', () => {
  const browser = useBrowser();

  it('pages three warehouses at a time, shows In or Out of Stock only, and links to adjust and add', async () => {
    const page = browser.page();
    const city = await cityWithWarehouses(4);
    await loginAs(page, 'warehouse', `/inventory-by-city/${city.cityId}`);
    await page.getByRole('heading', { name: 'Inventory for City' }).waitFor();
    await page.getByText(city.cityName, { exact: true }).waitFor();
    await expect.poll(() => tableRows(page).locator('td:first-child').allTextContents()).toEqual(city.warehouses.slice(0, 3).map((w) => w.name));
    await page.getByText('4 warehouses').waitFor();
    for (const status of await tableRows(page).locator('td:nth-child(7)').allTextContents()) expect(['In Stock', 'Out of Stock']).toContain(status);

    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => tableRows(page).locator('td:first-child').allTextContents()).toEqual([city.warehouses[3]!.name]);

    // 'Add Inventory' takes the first row's warehouse.
    await page.getByRole('button', { name: 'Add Inventory' }).click();
    await expectPath(page, '/inventory-registration');
    const add = new URL(page.url()).searchParams;
    expect([add.get('warehouse_id'), add.get('city_id')]).toEqual([city.warehouses[3]!._id, city.cityId]);
    await page.goBack();

    await tableRows(page).first().getByRole('button', { name: 'Adjust Stock' }).click();
    await page.getByRole('heading', { name: 'Adjust Stock' }).waitFor();
    const adjust = new URL(page.url()).searchParams;
    expect([adjust.get('warehouse_id'), adjust.get('city_id')]).toEqual([city.warehouses[3]!._id, city.cityId]);
  });

  it('pages the rows of a warehouse with its own pager, and searches the products of the city view in the API', async () => {
    const page = browser.page();
    const central = (await warehouses()).find((w) => w.name === 'Jaipur Central Warehouse')!;
    type Group = { inventory: { product_name: string }[]; inventory_pagination: { total: number } };
    const apiRows = async (query: string) =>
      (await api<{ warehouses: Group[] }>('GET', `/inventory/by-city/${central.city_id}?warehouse_id=${central._id}&rows_limit=10&${query}`)).body
        .warehouses[0]!;
    const first = await apiRows('rows_skip=0');
    const second = await apiRows('rows_skip=10');
    expect(first.inventory_pagination.total).toBeGreaterThan(10);
    const card = page.getByLabel(`Inventory of ${central.name}`);
    const products = () => card.locator('tr.ant-table-row td:nth-child(2)').allTextContents();

    await loginAs(page, 'admin', `/inventory-by-city/${central.city_id}?warehouse_id=${central._id}`);
    await expect.poll(products).toEqual(first.inventory.map((r) => r.product_name));
    await card.getByText(`${first.inventory_pagination.total} products`, { exact: true }).waitFor();
    await card.locator('.ant-pagination-item-2').click();
    await expect.poll(products).toEqual(second.inventory.map((r) => r.product_name));

    // The search goes to the API (a product beyond the first page is found) and stays in the URL.
    const needle = second.inventory.at(-1)!.product_name;
    const found = await apiRows(`q=${encodeURIComponent(needle)}`);
    await page.getByLabel('Search products').fill(needle);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(needle);
    await expect.poll(products).toEqual(found.inventory.map((r) => r.product_name));
    expect(found.inventory.map((r) => r.product_name)).toContain(second.inventory.at(-1)!.product_name);
    await card.getByText(`matching “${needle}”`, { exact: false }).waitFor();
  });

  it('keeps to one warehouse from the query, and says when a city has no inventory', async () => {
    const page = browser.page();
    const city = await cityWithWarehouses(2);
    await loginAs(page, 'admin', `/inventory-by-city/${city.cityId}?warehouse_id=${city.warehouses[1]!._id}`);
    await expect.poll(() => tableRows(page).locator('td:first-child').allTextContents()).toEqual([city.warehouses[1]!.name]);
    await pickOption(page, 'Warehouse', 'All warehouses in this city');
    await expect.poll(() => tableRows(page).count()).toBe(2);

    const empty = await api<{ _id: string }>('POST', '/cities', {
      name: unique('Empty City'),
      state: 'Goa',
      district: 'North Goa',
      pincode: '403001',
      wards: ['Ward 1'],
      is_active: true,
    });
    await page.goto(`/inventory-by-city/${empty.body._id}`);
    await page.getByText('No inventory found for this city').waitFor();
    const addButton = page.getByRole('button', { name: 'Add Inventory' });
    await expect(addButton.isDisabled()).resolves.toBe(true);
    await addButton.hover({ force: true });
    await page.getByRole('tooltip').getByText('This city has no warehouse to add inventory to').waitFor();
  });
});
