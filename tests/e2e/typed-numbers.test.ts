import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../src/server/seed/demo-data.js';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, unique } from '../support/e2e-crud.js';
import { expectStillRefused, requestsMatching, typeAcceptedNumber, typeRefusedNumber } from '../support/e2e-forms.js';
import { demoRecord, inventoryRecords, pickOption, pickProduct, warehouses } from '../support/e2e-stock.js';

const QUANTITY = 'Quantity is required and must be positive';
const UNIT_COST = 'Unit cost is required and must be positive';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const posts = (page: Page, path: string) => requestsMatching(page, (r) => r.method() !== 'GET' && new URL(r.url()).pathname === `/api${path}`);

/** A product of its own, so it has no inventory record anywhere yet. */
async function newProduct(): Promise<{ _id: string; productname: string }> {
  const created = await api<{ _id: string; productname: string }>('POST', '/products', {
    productname: unique('Typed Ghee'),
    category: 'Dairy & Bakery',
    subcategory: 'Butter & Cheese',
    product_keyword: 'E2E Dairy',
    price: 250,
    discount_price: 240,
    product_description: 'Clarified butter.',
    unit: 'g',
    unit_value: '500',
    tracks_expiry: false,
  });
  expect(created.status).toBe(201);
  return created.body;
}

describe('typed numbers are kept as typed, refused with the SPEC.md message, and never sent (issue 13)', () => {
  const browser = useBrowser();

  it('Add Inventory: quantity, unit cost, and the Min/Max Stock of a record it creates', async () => {
    const page = browser.page();
    const product = await newProduct();
    const warehouse = (await warehouses()).find((w) => w.name === DEMO_WAREHOUSES[2]!.name)!;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const sent = posts(page, '/inventory/add-stock');
    await loginAs(page, 'warehouse', `/inventory-registration?warehouse_id=${warehouse._id}&city_id=${warehouse.city_id}`);
    await pickProduct(page, 'Product', product.productname);
    await page.getByText('No stock of this product in this warehouse yet', { exact: false }).waitFor();
    await pickOption(page, 'Movement Reason', 'Purchase');
    await field(page, 'Reference ID').fill(`INV-TYPED-${Date.now()}`);
    await pickOption(page, 'Reference Type', 'Invoice');
    await field(page, 'Notes').fill('Typed numbers check');
    await pickOption(page, 'Seller', /./);
    const submit = page.getByRole('button', { name: 'Add Stock' });

    const quantity = field(page, 'Quantity');
    for (const [typed, message] of [
      ['0', QUANTITY],
      ['-3', QUANTITY],
      ['2.5', 'Quantity must be a whole number'],
      ['0.001', QUANTITY],
    ]) {
      await typeRefusedNumber(page, quantity, typed!, message!);
      await submit.click();
      await expectStillRefused(page, quantity, typed!, message!);
    }
    await typeAcceptedNumber(page, quantity, '5');
    const cost = field(page, 'Unit Cost');
    for (const typed of ['0', '-3', '0.001']) {
      await typeRefusedNumber(page, cost, typed, UNIT_COST);
      await submit.click();
      await expectStillRefused(page, cost, typed, UNIT_COST);
    }
    await typeAcceptedNumber(page, cost, '2.5');

    for (const [label, name] of [
      ['Min Stock', 'Minimum stock'],
      ['Max Stock', 'Maximum stock'],
    ] as const) {
      await typeRefusedNumber(page, field(page, label), '-3', `${name} must be a whole number, 0 or more`);
      await typeRefusedNumber(page, field(page, label), '2.5', `${name} must be a whole number`);
      await typeRefusedNumber(page, field(page, label), '0.001', `${name} must be a whole number`);
      await typeAcceptedNumber(page, field(page, label), '0');
    }
    await typeAcceptedNumber(page, field(page, 'Min Stock'), '10');
    await typeAcceptedNumber(page, field(page, 'Max Stock'), '8');
    await submit.click();
    await expectStillRefused(page, field(page, 'Min Stock'), '10', 'Minimum stock cannot be more than maximum stock');
    expect(sent).toHaveLength(0);

    // Valid at last: the new record has the levels typed, so it can show Low Stock.
    await typeAcceptedNumber(page, field(page, 'Max Stock'), '40');
    await submit.click();
    await page.getByText('Stock updated successfully!').waitFor();
    expect(sent).toHaveLength(1);
    const [record] = await inventoryRecords(`&product_id=${product._id}&warehouse_id=${warehouse._id}`);
    expect(record).toMatchObject({ current_stock: 5, unit_cost: 2.5, minimum_stock: 10, maximum_stock: 40, low_stock_alert: true });
    // The look-up of a product with no record yet is an expected answer, not an error in the console.
    expect(consoleErrors).toEqual([]);
  });

  it('Adjust Stock: the new stock, and the unit cost of the units it adds', async () => {
    const page = browser.page();
    const record = await demoRecord(11, (r) => r.current_stock > 3 && r.unit_cost > 0);
    const sent = posts(page, '/inventory/adjust-stock');
    await loginAs(page, 'admin', `/inventory-edit/${record._id}?warehouse_id=${record.warehouse_id}&city_id=${record.city_id}`);
    const stock = field(page, 'New Stock');
    await expect.poll(() => stock.inputValue()).toBe(String(record.current_stock));
    await field(page, 'Reference ID').fill('COUNT-TYPED');
    await field(page, 'Notes').fill('Typed numbers check');
    const submit = page.getByRole('button', { name: 'Save Adjustment' });
    for (const [typed, message] of [
      ['-3', 'New stock must be a whole number, 0 or more'],
      ['2.5', 'New stock must be a whole number'],
      ['0.001', 'New stock must be a whole number'],
    ]) {
      await typeRefusedNumber(page, stock, typed!, message!);
      await submit.click();
      await expectStillRefused(page, stock, typed!, message!);
    }
    await typeAcceptedNumber(page, stock, String(record.current_stock + 5));
    for (const typed of ['0', '-3', '0.001']) {
      await typeRefusedNumber(page, field(page, 'Unit cost of the added units'), typed, UNIT_COST);
      await submit.click();
      await expectStillRefused(page, field(page, 'Unit cost of the added units'), typed, UNIT_COST);
    }
    expect(sent).toHaveLength(0);
    await expect(api<{ current_stock: number }>('GET', `/inventory/${record._id}`)).resolves.toMatchObject({ body: { current_stock: record.current_stock } });
  });

  it('product prices and handling charge amount', async () => {
    const page = browser.page();
    const sent = requestsMatching(page, (r) => r.method() === 'POST' && /\/api\/(products|handling-charges)$/.test(new URL(r.url()).pathname));
    await loginAs(page, 'admin', '/product-registration');
    for (const [label, name] of [
      ['MRP Price', 'MRP price'],
      ['Discount Price', 'Discount price'],
    ] as const) {
      await typeRefusedNumber(page, field(page, label), '-3', 'Prices cannot be negative');
      await typeRefusedNumber(page, field(page, label), '0.001', `${name} may have at most 2 decimals`);
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expectStillRefused(page, field(page, label), '0.001', `${name} may have at most 2 decimals`);
      await typeAcceptedNumber(page, field(page, label), '2.5');
    }
    // An empty select names its field, without a list of internal values.
    await page.getByText('Unit is required', { exact: true }).waitFor();
    await expect(page.getByText('must be one of', { exact: false }).count()).resolves.toBe(0);

    await page.goto('/handling-charges');
    const amount = field(page, 'Amount (INR)');
    await field(page, 'Charge Type').fill(unique('Typed fee'));
    await typeRefusedNumber(page, amount, '-3', 'Amount cannot be negative');
    await typeRefusedNumber(page, amount, '0.001', 'Amount may have at most 2 decimals');
    await page.getByRole('button', { name: 'Add Charge' }).click();
    await expectStillRefused(page, amount, '0.001', 'Amount may have at most 2 decimals');
    await typeAcceptedNumber(page, amount, '0');
    expect(sent).toHaveLength(0);
  });

  it('report limit', async () => {
    const page = browser.page();
    const reports = requestsMatching(page, (r) => new URL(r.url()).pathname === '/api/inventory/report');
    await loginAs(page, 'admin', '/inventory-report');
    const limit = field(page, 'Limit');
    await expect.poll(() => limit.inputValue()).toBe('100');
    await expect.poll(() => reports.length).toBe(1);
    for (const typed of ['0', '-3', '2.5', '0.001', '5000']) {
      await typeRefusedNumber(page, limit, typed, 'Limit must be a whole number from 1 to 1000');
      await page.getByRole('button', { name: 'Generate Report' }).click();
      await expectStillRefused(page, limit, typed, 'Limit must be a whole number from 1 to 1000');
    }
    expect(reports).toHaveLength(1);
    expect(new URL(page.url()).searchParams.has('limit')).toBe(false);
  });
});
