import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, atPath, deleteRow, eventually, expectRowCount, fieldError, search, tableRows, unique } from '../support/e2e-crud.js';

type Sub = { _id: string; name: string; gst_rate: number; hsn_code: string; perishable: boolean };

describe('categories and subcategories managed in the browser (issue 16)', () => {
  const browser = useBrowser();

  it('admin adds a category and a subcategory, edits its GST rate, and cannot delete it while a product uses it', async () => {
    const page = browser.page();
    const category = unique('Beverages');
    const subcategory = unique('Kombucha');
    await loginAs(page, 'admin');
    await page.locator('.ant-menu').getByRole('link', { name: 'Categories', exact: true }).click();
    await atPath(page, '/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await atPath(page, '/category-registration');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'Category name is required').waitFor();
    await page.getByRole('textbox', { name: 'Category Name' }).fill(category);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category added successfully').waitFor();
    await atPath(page, '/categories');

    await page.goto('/subcategory-registration');
    await page.getByRole('combobox', { name: 'Category' }).fill(category.slice(0, -3));
    await page.locator('.ant-select-item-option').filter({ hasText: category }).click();
    await page.getByLabel('Subcategory Name').fill(subcategory);
    await page.getByLabel('GST Rate (%)').fill('18');
    await page.getByLabel('HSN Code').fill('22');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'HSN code must be 4, 6 or 8 digits').waitFor();
    await page.getByLabel('HSN Code').fill('2202');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Subcategory added successfully').waitFor();
    await atPath(page, '/subcategories');
    const [created] = await search<Sub>('/subcategories', subcategory);
    expect(created).toMatchObject({ gst_rate: 18, hsn_code: '2202', perishable: false });

    // The search and the page live in the URL, so a reload keeps them.
    await page.getByPlaceholder('Search subcategories by name or HSN code').fill(subcategory);
    await page.keyboard.press('Enter');
    await expectRowCount(page, 1);
    await page.reload();
    await expectRowCount(page, 1);
    await expect(tableRows(page).first().textContent()).resolves.toContain(category);
    const productBody = (name: string) => ({
      productname: name,
      category,
      subcategory,
      product_keyword: 'Brew',
      price: 120,
      discount_price: 110,
      product_description: 'Fermented tea.',
      unit: 'ml',
      unit_value: '330',
    });
    const older = await api<{ _id: string; productname: string; gst_rate: number }>('POST', '/products', productBody(unique('Kombucha can')));
    expect(older.body.gst_rate).toBe(18);
    await tableRows(page).first().getByRole('button', { name: 'Edit' }).click();
    await atPath(page, `/subcategory-edit/${created!._id}`);
    await eventually(() => page.getByLabel('GST Rate (%)').inputValue()).toBe('18');
    await page.getByLabel('GST Rate (%)').fill('12');
    await page.getByRole('switch', { name: 'Perishable' }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Subcategory updated successfully').waitFor();
    await atPath(page, '/subcategories');
    expect((await api<Sub>('GET', `/subcategories/${created!._id}`)).body).toMatchObject({ gst_rate: 12, perishable: true });

    // New saves take the new rate; the product list flags the product that keeps the old one.
    const product = await api<{ _id: string; gst_rate: number }>('POST', '/products', productBody(unique('Kombucha bottle')));
    expect(product.body.gst_rate).toBe(12);
    await page.goto(`/product-listing?q=${encodeURIComponent(older.body.productname)}`);
    await expectRowCount(page, 1);
    await eventually(() => tableRows(page).first().getByText('GST 18% → 12%').count()).toBe(1);
    await api('DELETE', `/products/${older.body._id}`);
    await page.goto(`/subcategories?q=${encodeURIComponent(subcategory)}`);
    await expectRowCount(page, 1);
    await deleteRow(page, subcategory, 'Are you sure you want to delete this subcategory?');
    await page.getByText('Subcategory is used by 1 product and cannot be deleted').waitFor();
    await api('DELETE', `/products/${product.body._id}`);
    await deleteRow(page, subcategory, 'Are you sure you want to delete this subcategory?');
    await page.getByText('Subcategory deleted successfully').waitFor();
    await eventually(() => tableRows(page).count()).toBe(0);
  });

  it('warehouse-user sees the categories but no Add, Edit or Delete', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse', '/categories');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await eventually(() => tableRows(page).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Add Category' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});
