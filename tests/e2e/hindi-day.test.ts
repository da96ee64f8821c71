import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf, translateText } from '../../src/domain/i18n/catalogue.js';
import { api } from '../support/e2e-crud.js';
import { dataWords, englishLeft, HINDI_WIDTHS, leftOnceSettled, signInInHindi } from '../support/e2e-language.js';
import { navigateInApp } from '../support/e2e-routes.js';
import { demoRecord, inventoryRecord, pickOption, warehouses, type InventoryRow } from '../support/e2e-stock.js';
import { useBrowser } from '../support/e2e-browser.js';

/**
 * Issue 34: a warehouse user's day of work done in Hindi — receive a delivery, adjust a count, send stock to another
 * warehouse, count in a stock take — through the Hindi screens (every label below is the Hindi one), each step's
 * answer in Hindi and its effect in the ledger, with no English left on the screen but data, at 1440 and 390 px.
 */
const hi = (english: string) => translateText(english, 'hi');
const key = (k: string, params?: Record<string, string | number>) => textOf(k, 'hi', params)!;

let data: string[];
beforeAll(async () => {
  data = await dataWords();
});
afterAll(async () => {
  // Every e2e file shares the server: the warehouse user's language goes back.
  await api('PUT', '/auth/me/language', { language: 'en' }, 'warehouse');
});

async function noEnglish(page: Page, where: string): Promise<void> {
  expect(await leftOnceSettled(() => englishLeft(page, data)), `English left on ${where}`).toEqual([]);
}

/** Picks a product in a product search box by its English name (typed as a person would), whatever name it shows. */
async function pickProductNamed(page: Page, label: string, record: InventoryRow): Promise<void> {
  const input = page.getByLabel(label, { exact: true }).and(page.getByRole('combobox'));
  await input.fill(record.product_name.slice(0, Math.max(4, record.product_name.length - 2)));
  const list = await input.getAttribute('aria-controls');
  await page
    .locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option')
    .filter({ hasText: record.product_name })
    .first()
    .click();
}

for (const { name, ...options } of HINDI_WIDTHS) {
  describe(`a warehouse user's day of work in Hindi at ${name} px`, () => {
    const browser = useBrowser(options);

    it('receives a delivery, adjusts a count, sends stock to another warehouse and counts in a stock take, all in Hindi', async () => {
      const page = browser.page();
      await signInInHindi(page);
      const record = await demoRecord(name === '1440' ? 41 : 43, (r) => r.current_stock >= 10 && r.current_stock < 5000);

      // Receive a delivery: a purchase of 6, with its seller and invoice.
      await navigateInApp(page, `/inventory-registration?warehouse_id=${record.warehouse_id}&city_id=${record.city_id}`);
      await page.getByRole('heading', { name: hi('Add Inventory') }).waitFor();
      await pickProductNamed(page, hi('Product'), record);
      await page.getByTestId('current-stock-panel').getByText(key('stock.panel.total')).waitFor();
      await page.getByLabel(hi('Quantity'), { exact: true }).fill('6');
      await pickOption(page, hi('Movement Reason'), hi('Purchase'));
      await pickOption(page, hi('Seller'), /./);
      await page.getByLabel(hi('Reference ID'), { exact: true }).fill(`INV-HI-${name}-${Date.now()}`);
      await pickOption(page, hi('Reference Type'), hi('Invoice'));
      await page.getByLabel(hi('Notes'), { exact: true }).fill('सुबह की डिलीवरी');
      await noEnglish(page, 'the filled receipt');
      await page.getByRole('button', { name: hi('Add Stock') }).click();
      await page.getByText(key('stock.updated')).first().waitFor();
      await expect.poll(async () => (await inventoryRecord(record._id)).current_stock).toBe(record.current_stock + 6);
      await noEnglish(page, 'the answer to the receipt');

      // Adjust: the shelf holds two fewer than the record.
      const counted = record.current_stock + 4;
      await navigateInApp(page, `/inventory-edit/${record._id}?warehouse_id=${record.warehouse_id}&city_id=${record.city_id}`);
      const newStock = page.getByLabel(hi('New Stock'), { exact: true });
      await expect.poll(() => newStock.inputValue()).toBe(String(record.current_stock + 6));
      await newStock.fill(String(counted));
      await page.getByLabel(hi('Reference ID'), { exact: true }).fill(`COUNT-HI-${name}`);
      await page.getByLabel(hi('Notes'), { exact: true }).fill('शेल्फ़ की गिनती');
      await page.getByRole('button', { name: key('stock.adjust.save') }).click();
      await page.getByText(key('stock.updated')).first().waitFor();
      await expect.poll(async () => (await inventoryRecord(record._id)).current_stock).toBe(counted);
      await noEnglish(page, 'the answer to the adjustment');

      // Send three to another warehouse: a transfer, created and dispatched.
      const destination = (await warehouses()).find((w) => w._id !== record.warehouse_id && /Warehouse/.test(w.name))!;
      await navigateInApp(page, '/transfers/new');
      await page.getByRole('heading', { name: hi('New Transfer') }).waitFor();
      await pickOption(page, hi('From warehouse'), record.warehouse_name);
      await pickOption(page, hi('To warehouse'), destination.name);
      await pickProductNamed(page, `${hi('Product')} 1`, record);
      await expect.poll(() => page.getByTestId('available-0').innerText()).toBe(counted.toLocaleString('en-IN'));
      await page.getByLabel(`${key('transfers.fields.quantity')} 1`, { exact: true }).fill('3');
      await noEnglish(page, 'the new transfer');
      await page.getByRole('button', { name: hi('Create Transfer') }).click();
      await page.getByRole('heading', { name: /TR-\d+/ }).waitFor();
      await page.getByRole('button', { name: hi('Dispatch') }).click();
      await page
        .locator('.ant-popover')
        .getByRole('button', { name: hi('Dispatch') })
        .click();
      await page.getByText(hi('Transfer dispatched')).first().waitFor();
      await expect.poll(async () => (await inventoryRecord(record._id)).current_stock).toBe(counted - 3);
      await noEnglish(page, 'the dispatched transfer');

      // Count: a stock take of the product's category in this warehouse, one line counted and saved.
      await navigateInApp(page, '/stock-takes');
      await pickOption(page, hi('Warehouse'), record.warehouse_name);
      const category = (await api<{ category: string }>('GET', `/products/${record.product_id}`)).body.category;
      await pickOption(page, hi('Category'), category);
      await page.getByRole('button', { name: key('stockTakes.form.start') }).click();
      await page.getByRole('heading', { name: key('stockTakes.show.title', { warehouse: record.warehouse_name }) }).waitFor();
      const take = new URL(page.url()).pathname.split('/').pop()!;
      try {
        const line = (await api<{ lines: { productname: string }[] }>('GET', `/stock-takes/${take}`, undefined, 'warehouse')).body.lines[0]!;
        const count = page.getByLabel(key('stockTakes.sheet.countedLabel', { product: line.productname }), { exact: true });
        await count.fill('5');
        await count.press('Enter');
        await page.getByLabel(key('stockTakes.sheet.savedLabel', { product: line.productname })).waitFor();
        await noEnglish(page, 'the count sheet');
      } finally {
        // An open count holds its products: the other width (or a retry) counts the same category next.
        await api('POST', `/stock-takes/${take}/cancel`);
      }
    }, 180_000); // Four pieces of work, each read whole in Hindi, beside the API tests of a full run.
  });
}
