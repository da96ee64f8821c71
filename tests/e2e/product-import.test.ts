import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
import { search, tableRows } from '../support/e2e-crud.js';
import { PRODUCT_CSV_EXAMPLES } from '../../src/domain/product-csv.js';

describe('product import (issue 19)', () => {
  const browser = useBrowser();

  it('an admin downloads the template, imports it after the dry run, and finds the products in the list', async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/product-listing');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download template' }).click()]);
    expect(download.suggestedFilename()).toBe('products-template.csv');
    const template = await savedFile(download);
    await dialog.locator('input[type=file]').setInputFiles(template);

    const summary = dialog.getByLabel('Import summary');
    await summary.getByText('2 new', { exact: true }).waitFor();
    await summary.getByText('0 errors', { exact: true }).waitFor();
    expect(await search('/products', PRODUCT_CSV_EXAMPLES[0]!.productname)).toEqual([]);

    await dialog.getByRole('button', { name: 'Import 2 products' }).click();
    await dialog.getByText('Import complete: 2 new, 0 updated.').waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    for (const example of PRODUCT_CSV_EXAMPLES) {
      await page.getByPlaceholder('Search products by name').fill(example.barcode!);
      await page.getByPlaceholder('Search products by name').press('Enter');
      await expect.poll(() => tableRows(page).allInnerTexts()).toEqual([expect.stringContaining(example.productname!)]);
    }
    const [saved] = await search<{ sku: string; price: number }>('/products', PRODUCT_CSV_EXAMPLES[1]!.productname!);
    expect(saved).toMatchObject({ sku: PRODUCT_CSV_EXAMPLES[1]!.sku, price: Number(PRODUCT_CSV_EXAMPLES[1]!.price) });
  });
});
