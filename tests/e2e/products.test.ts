import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readImageInfo } from '../../src/server/services/image-format.js';
import { baseUrl, loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, atPath, chooseSuggestion, deleteRow, eventually, expectRowCount, fieldError, search, tableRows, totalOf, unique } from '../support/e2e-crud.js';
import { makePng } from '../support/images.js';

const SEARCH = 'Search products by name';

type Product = {
  _id: string;
  productname: string;
  product_hindi: string | null;
  price: number;
  discount_price: number;
  gst_rate: number;
  hsn_code: string;
  subcategory: string;
  unit: string;
  main_image: string[];
  colors: { name: string; sizes: string[]; images: string[] }[];
};

/** Picks an option of an antd select by its label. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  // The chosen value covers the input: click the select itself.
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option.replace(/[()&]/g, '\\$&')}$`) })
    .click();
}

async function fillDetails(page: Page, name: string): Promise<void> {
  await pick(page, 'Category', 'Dairy & Bakery');
  await pick(page, 'Subcategory', 'Butter & Cheese');
  await pick(page, 'Unit', 'g');
  await page.getByLabel('Unit Value', { exact: true }).fill('200');
  await page.getByLabel('Product Name', { exact: true }).fill(name);
  await page.getByLabel('Brand', { exact: true }).fill('Test Dairy');
  await page.getByLabel('Description', { exact: true }).fill('Salted table butter.');
  await page.getByLabel('MRP Price', { exact: true }).fill('120');
  await page.getByLabel('Discount Price', { exact: true }).fill('110.5');
}

async function imageWidth(url: string): Promise<{ width: number; height: number; mime: string } | null> {
  const response = await fetch(new URL(url, baseUrl()));
  const info = readImageInfo(new Uint8Array(await response.arrayBuffer()));
  return info && { width: info.width, height: info.height, mime: info.mime };
}

describe('products (SPEC.md sections 2 and 5)', () => {
  const browser = useBrowser();

  it('refuses invalid input with the SPEC.md messages and writes nothing', async () => {
    const page = browser.page();
    const name = unique('Bad Butter');
    await loginAs(page, 'admin', '/product-listing');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await atPath(page, '/product-registration');

    // Subcategory and unit wait for a category.
    await expect(page.getByRole('combobox', { name: 'Subcategory', exact: true }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'Unit', exact: true }).isDisabled()).resolves.toBe(true);

    // A subcategory fills the GST fields; another category clears subcategory, unit and GST.
    await pick(page, 'Category', 'Dairy & Bakery');
    await pick(page, 'Subcategory', 'Butter & Cheese');
    await pick(page, 'Unit', 'g');
    await eventually(() => page.getByLabel('HSN Code', { exact: true }).inputValue()).toBe('0405');
    await pick(page, 'Category', 'Staples');
    await eventually(() => page.getByLabel('HSN Code', { exact: true }).inputValue()).toBe('');
    await expect(page.getByLabel('GST Rate', { exact: true }).inputValue()).resolves.toBe('0');
    await expect(
      page
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel('Subcategory', { exact: true }) })
        .locator('.ant-select-selection-item')
        .count(),
    ).resolves.toBe(0);
    await expect(
      page
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel('Unit', { exact: true }) })
        .locator('.ant-select-selection-item')
        .count(),
    ).resolves.toBe(0);

    await page.getByRole('button', { name: 'Add Color' }).click();
    await page.getByText('Please select a color first', { exact: true }).waitFor();
    await pick(page, 'Color', 'Red');
    await page.getByRole('button', { name: 'Add Color' }).click();
    await pick(page, 'Color', 'Red');
    await page.getByRole('button', { name: 'Add Color' }).click();
    await page.getByText('This color has already been added', { exact: true }).waitFor();
    await expect(page.getByTestId('colour-variant').count()).resolves.toBe(1);

    await page.getByLabel('Product Name', { exact: true }).fill(name);
    await page.getByLabel('MRP Price', { exact: true }).fill('-5');
    await page.getByLabel('Discount Price', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await fieldError(page, 'Prices cannot be negative').waitFor();
    await fieldError(page, 'Subcategory is required').waitFor();
    await fieldError(page, 'Brand is required').waitFor();

    await page.getByLabel('MRP Price', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await fieldError(page, 'Discount price cannot be more than the MRP price').waitFor();
    await atPath(page, '/product-registration');
    expect(await search('/products', name)).toEqual([]);

    // Leaving the filled-in form asks first; both Cancel buttons go back to the list.
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      await dialog.accept();
      return dialog.message();
    });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).resolves.toMatch(/unsaved changes/i);
    await atPath(page, '/product-listing');
  });

  it('adds a product with a colour variant, two sizes and uploaded images resized to 200 px, finds it, edits and deletes it', async () => {
    const page = browser.page();
    const name = unique('Test Butter');
    await loginAs(page, 'admin', '/product-registration');
    await fillDetails(page, name);
    // The subcategory filled the read-only GST fields.
    await eventually(() => page.getByLabel('HSN Code', { exact: true }).inputValue()).toBe('0405');
    await expect(page.getByLabel('GST Rate', { exact: true }).inputValue()).resolves.toBe('12');

    const png = { name: 'butter.png', mimeType: 'image/png', buffer: makePng(400, 300, [240, 200, 60]) };
    await page
      .getByRole('button', { name: 'Add main image' })
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]')
      .setInputFiles(png);
    await page.getByAltText('Main image 1').waitFor();

    await pick(page, 'Color', 'Yellow');
    await page.getByRole('button', { name: 'Add Color' }).click();
    await page.getByLabel('Yellow size 1', { exact: true }).fill('100 g');
    await page.getByRole('button', { name: 'Add Yellow size' }).click();
    await page.getByLabel('Yellow size 2', { exact: true }).fill(' ');
    await page.getByRole('button', { name: 'Add Yellow size' }).click();
    await page.getByLabel('Yellow size 3', { exact: true }).fill('500 g');
    await page
      .getByRole('button', { name: 'Add yellow image' })
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]')
      .locator('input[type=file]')
      .setInputFiles({ ...png, name: 'butter-yellow.png', buffer: makePng(400, 300, [250, 220, 0]) });
    await page.getByAltText('Yellow image 1').waitFor();

    await page.getByRole('button', { name: 'Add Product' }).click();
    await atPath(page, '/product-listing');
    await page.getByText('Product added successfully').waitFor();

    const [found] = await search<Product>('/products', name);
    const created = (await api<Product>('GET', `/products/${found!._id}`)).body;
    expect(created).toMatchObject({
      productname: name,
      product_hindi: null,
      price: 120,
      discount_price: 110.5,
      gst_rate: 12,
      hsn_code: '0405',
      unit: 'g',
      subcategory: 'Butter & Cheese',
      colors: [{ name: 'Yellow', sizes: ['100 g', '500 g'] }],
    });
    expect(created.main_image).toHaveLength(1);
    expect(created.colors[0]!.images).toHaveLength(1);
    for (const url of [created.main_image[0]!, created.colors[0]!.images[0]!]) {
      expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.jpg$/);
      expect(await imageWidth(url)).toEqual({ width: 200, height: 150, mime: 'image/jpeg' });
    }

    await chooseSuggestion(page, SEARCH, name.slice(0, -3), name);
    await expectRowCount(page, 1);
    const row = tableRows(page).first();
    await expect(row.textContent()).resolves.toContain('₹110.50');
    await expect(row.getByRole('img', { name }).count()).resolves.toBe(1);

    await row.getByRole('button', { name: 'Edit' }).click();
    await atPath(page, `/product-edit/${created._id}`);
    await eventually(() => page.getByLabel('Product Name', { exact: true }).inputValue()).toBe(name);
    await page.getByAltText('Main image 1').waitFor();
    await expect(page.getByLabel('Yellow size 2', { exact: true }).inputValue()).resolves.toBe('500 g');
    await page.getByLabel('Hindi Name', { exact: true }).fill('मक्खन');
    await page.getByLabel('Discount Price', { exact: true }).fill('99');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await atPath(page, '/product-listing');
    await page.getByText('Product updated successfully').waitFor();
    const updated = (await api<Product>('GET', `/products/${created._id}`)).body;
    // Stored images are sent back as they are: the same URLs.
    expect(updated).toMatchObject({ product_hindi: 'मक्खन', discount_price: 99, main_image: created.main_image, colors: created.colors });

    await page.goto(`/product-listing?q=${encodeURIComponent(name)}`);
    await expectRowCount(page, 1);
    await deleteRow(page, name, 'Are you sure you want to delete this product?');
    await page.getByText('No products found').waitFor();
    expect((await api('GET', `/products/${created._id}`)).status).toBe(404);
  });

  it('lists products with the real page count and pages with Next, the page kept in the URL', async () => {
    const page = browser.page();
    const pages = Math.ceil((await totalOf('/products')) / 10);
    expect(pages).toBeGreaterThan(1);
    await loginAs(page, 'admin', '/product-listing');
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await expectRowCount(page, 10);
    const first = await tableRows(page).first().textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await eventually(() => tableRows(page).first().textContent()).not.toBe(first);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.goto(`/product-listing?page=${pages}`);
    await page.getByText(`Page ${pages} of ${pages}`).waitFor();
    await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
  });

  it('filters by a warehouse from its View Products button, shown as a removable tag', async () => {
    const page = browser.page();
    const { body } = await api<{ data: { _id: string; name: string }[] }>('GET', '/warehouses?q=Indore%20Hub');
    const warehouse = body.data[0]!;
    const stocked = (await api<{ total: number }>('GET', `/products?warehouse_id=${warehouse._id}&limit=1`)).body.total;
    await loginAs(page, 'admin', '/warehouses?q=Indore%20Hub');
    await tableRows(page).first().getByRole('button', { name: 'View Products' }).click();
    await eventually(() => page.url()).toContain(`/product-listing?warehouse_id=${warehouse._id}`);
    await page.getByText(`Warehouse: ${warehouse.name}`).waitFor();
    await page.getByText(`${stocked} records`).waitFor();
    await page.getByLabel('Remove Warehouse filter').click();
    await eventually(() => new URL(page.url()).search).toBe('');
    await page.getByText(`${await totalOf('/products')} records`).waitFor();
  });

  it('says a missing product was not found and returns to the list', async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/product-edit/00000000-0000-4000-8000-000000000000');
    await page.getByText('Product not found. It may have been deleted or the URL is incorrect.').waitFor();
    await page.getByText('Redirecting to products list...').waitFor();
    await page.waitForURL('**/product-listing');
  });
});
