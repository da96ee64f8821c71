import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, eventually, tableRows, totalOf } from '../support/e2e-crud.js';

const params = (url: string) => Object.fromEntries(new URL(url).searchParams);
const totalWhere = async (path: string) => (await api<{ total: number }>('GET', `${path}&limit=1`)).body.total;

/** Issue 16: the old lists on Refine's useTable, their sort and column filters kept in SPEC's plain URL parameters. */
describe('list columns: sort and filters', () => {
  const browser = useBrowser();

  it('filters products by stock status and sorts them by price from the headers; the back button undoes a step', async () => {
    const page = browser.page();
    const labels = { in_stock: 'In Stock', low_stock: 'Low Stock', out_of_stock: 'Out of Stock' } as const;
    let status: keyof typeof labels = 'in_stock';
    for (const s of ['low_stock', 'out_of_stock', 'in_stock'] as const) if ((await totalWhere(`/products?stock_status=${s}`)) >= 2) status = s;
    const matching = await totalWhere(`/products?stock_status=${status}`);
    await loginAs(page, 'admin', '/product-listing');
    await page.getByText(`${await totalOf('/products')} records`).waitFor();

    await page
      .getByRole('columnheader', { name: /Stock Status/ })
      .locator('.ant-table-filter-trigger')
      .click();
    await page.getByRole('menuitem', { name: labels[status] }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await eventually(() => params(page.url())).toEqual({ stock_status: status });
    await page.getByText(matching === 1 ? '1 record' : `${matching} records`).waitFor();

    await page.getByRole('columnheader', { name: 'Price', exact: true }).click();
    await eventually(() => params(page.url())).toEqual({ stock_status: status, sort: 'price', order: 'asc' });
    const cheapest = (await api<{ data: { productname: string }[] }>('GET', `/products?stock_status=${status}&sort=price&order=asc&limit=1`)).body.data[0]!;
    await eventually(() => tableRows(page).first().textContent()).toContain(cheapest.productname);

    await page.goBack();
    await eventually(() => params(page.url())).toEqual({ stock_status: status });
    await eventually(() => page.getByRole('columnheader', { name: 'Price', exact: true }).getAttribute('aria-sort')).toBeNull();
  });

  it("filters warehouses by a city picked in the header's search select", async () => {
    const page = browser.page();
    const { body } = await api<{ data: { _id: string; name: string; city_id: string; city: string }[] }>('GET', '/warehouses?q=Indore');
    const city = { id: body.data[0]!.city_id, name: body.data[0]!.city };
    const inCity = await totalWhere(`/warehouses?city_id=${city.id}`);
    await loginAs(page, 'admin', '/warehouses');
    await page.getByRole('columnheader', { name: /City/ }).locator('.ant-table-filter-trigger').click();
    await page.getByRole('combobox', { name: 'Filter by City' }).fill(city.name);
    await page.locator('.ant-select-item-option').filter({ hasText: city.name }).first().click();
    await page.locator('.ant-table-filter-dropdown').getByRole('button', { name: 'Filter' }).click();
    await eventually(() => params(page.url())).toEqual({ city_id: city.id });
    await page.getByText(inCity === 1 ? '1 record' : `${inCity} records`).waitFor();
    for (const cell of await tableRows(page).locator('td:nth-child(2)').allTextContents()) expect(cell).toBe(city.name);
  });

  it('filters cities by a state typed in the header, any part of it in any case', async () => {
    const page = browser.page();
    const typed = 'rajas';
    const matching = await totalWhere(`/cities?state=${typed}`);
    expect(matching).toBeGreaterThan(0);
    await loginAs(page, 'admin', '/cities');
    await page.getByRole('columnheader', { name: /State/ }).locator('.ant-table-filter-trigger').click();
    await page.getByRole('textbox', { name: 'Filter by State' }).fill(typed);
    await page.keyboard.press('Enter');
    await eventually(() => params(page.url())).toEqual({ state: typed });
    await page.getByText(matching === 1 ? '1 record' : `${matching} records`).waitFor();
    for (const cell of await tableRows(page).locator('td:nth-child(2)').allTextContents()) expect(cell.toLowerCase()).toContain(typed);
  });
});
