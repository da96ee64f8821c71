import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { api } from '../support/e2e-crud.js';
import { messageOf, requestsMatching } from '../support/e2e-forms.js';
import { formatINR } from '../../src/domain/money.js';
import { demoRecord, formError, inventoryRecord, pickOption, pickProduct, tableRows, type InventoryRow } from '../support/e2e-stock.js';

type Record_ = InventoryRow & { city_id: string };

const addPath = (r: Record_) => `/inventory-registration?warehouse_id=${r.warehouse_id}&city_id=${r.city_id}`;
const submit = (page: Page) => page.getByRole('button', { name: 'Add Stock' });

/** Everything of the add form but the seller: a purchase of `quantity` with an invoice reference. */
async function fillPurchase(page: Page, record: Record_, quantity: number, reference: string): Promise<void> {
  await pickProduct(page, 'Product', record.product_name);
  // The Total Stock figure itself: Min or Max may hold the same number.
  const total = page.getByTestId('current-stock-panel').locator('.ant-statistic').filter({ hasText: 'Total Stock' });
  await total.locator('.ant-statistic-content').getByText(String(record.current_stock), { exact: true }).waitFor();
  await page.getByLabel('Quantity').fill(String(quantity));
  await pickOption(page, 'Movement Reason', 'Purchase');
  await page.getByLabel('Reference ID').fill(reference);
  await pickOption(page, 'Reference Type', 'Invoice');
  await page.getByLabel('Notes').fill('Delivered by the e2e test');
}

function stockRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/inventory/add-stock')) requests.push(request);
  });
  return requests;
}

describe('add and adjust stock (SPEC.md "Add / adjust inventory", sections 4 and 5)', () => {
  const browser = useBrowser();

  it('checks the add form in the SPEC.md order, one message at a time', async () => {
    const page = browser.page();
    const record = await demoRecord(1, (r) => r.current_stock > 0);
    await loginAs(page, 'warehouse', addPath(record));
    await page.getByRole('heading', { name: 'Add Inventory' }).waitFor();
    const expectOnly = async (message: string) => {
      await submit(page).click();
      await formError(page).getByText(message, { exact: true }).waitFor();
      // The previous message fades out: wait until this one is the only one left.
      await expect.poll(() => formError(page).count()).toBe(1);
    };

    await expectOnly('Product is required');
    await pickProduct(page, 'Product', record.product_name);
    // Picking a product prefills its unit cost; typing again clears both.
    await expect.poll(() => page.getByLabel('Unit Cost').inputValue()).not.toBe('');
    await expectOnly('Quantity is required and must be positive');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Product', { exact: true }).fill(record.product_name.slice(0, 3));
    await expect.poll(() => page.getByLabel('Unit Cost').inputValue()).toBe('');
    await expectOnly('Product is required');
    await pickProduct(page, 'Product', record.product_name);
    await page.getByLabel('Unit Cost').fill('');
    await expectOnly('Unit cost is required and must be positive');
    await page.getByLabel('Unit Cost').fill('12.5');
    await expectOnly('Movement reason is required');
    await pickOption(page, 'Movement Reason', 'Purchase');
    await expectOnly('Reference ID is required');
    await page.getByLabel('Reference ID').fill('INV-ORDER');
    await expectOnly('Reference type is required');
    await pickOption(page, 'Reference Type', 'Invoice');
    await expectOnly('Notes are required');
    await page.getByLabel('Notes').fill('order check');
    await expectOnly('Seller is required for purchase');

    // SPEC.md section 4: leaving purchase clears the chosen seller.
    await pickOption(page, 'Seller', /./);
    await expect.poll(() => page.locator('.ant-select', { has: page.getByLabel('Seller', { exact: true }) }).textContent()).not.toContain('Only for purchases');
    await pickOption(page, 'Movement Reason', 'Return');
    await expect.poll(() => page.locator('.ant-select', { has: page.getByLabel('Seller', { exact: true }) }).textContent()).toContain('Only for purchases');
    // Nothing was sent while the form was incomplete.
    expect((await inventoryRecord(record._id)).current_stock).toBe(record.current_stock);
  });

  it('a purchase needs a seller; the new quantity then shows in the by-city view, the inventory list and the report', async () => {
    const page = browser.page();
    const record = await demoRecord(2, (r) => r.current_stock > 0 && r.current_stock < 5000);
    const expected = record.current_stock + 7;
    await loginAs(page, 'warehouse', addPath(record));
    await fillPurchase(page, record, 7, `INV-E2E-${Date.now()}`);
    await submit(page).click();
    await formError(page).getByText('Seller is required for purchase', { exact: true }).waitFor();
    await pickOption(page, 'Seller', /./);
    await submit(page).click();

    // SPEC.md section 4: to the city's inventory, filtered to the warehouse.
    await page.getByText('Stock updated successfully!').waitFor();
    await expectPath(page, `/inventory-by-city/${record.city_id}`);
    expect(new URL(page.url()).searchParams.get('warehouse_id')).toBe(record.warehouse_id);
    await page.getByRole('heading', { name: 'Inventory for City' }).waitFor();
    const cityRow = tableRows(page).filter({ hasText: record.product_name });
    await expect.poll(() => cityRow.locator('td').nth(2).textContent()).toBe(expected.toLocaleString('en-IN'));
    expect((await inventoryRecord(record._id)).current_stock).toBe(expected);

    await page.goto(`/inventory?product_name=${encodeURIComponent(record.product_name)}&warehouse=${record.warehouse_id}`);
    const listRow = tableRows(page).filter({ hasText: record.warehouse_name });
    await expect.poll(() => listRow.locator('td').nth(1).textContent()).toBe(expected.toLocaleString('en-IN'));

    await page.goto(`/inventory-report?report_type=detailed&warehouse_id=${record.warehouse_id}&product_id=${record.product_id}`);
    const reportRow = tableRows(page).filter({ hasText: record.product_name });
    await expect.poll(() => reportRow.locator('td').nth(3).textContent()).toBe(expected.toLocaleString('en-IN'));
  });

  it('a double-clicked submit adds the stock once', async () => {
    const page = browser.page();
    const record = await demoRecord(3, (r) => r.current_stock > 0 && r.current_stock < 5000);
    await loginAs(page, 'admin', addPath(record));
    await fillPurchase(page, record, 4, `INV-DBL-${Date.now()}`);
    await pickOption(page, 'Seller', /./);
    const requests = stockRequests(page);
    await submit(page).dblclick();
    await page.getByText('Stock updated successfully!').waitFor();
    await expectPath(page, `/inventory-by-city/${record.city_id}`);
    // One request at most; should a second slip out, it carries the same key and is replayed, not applied.
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(new Set(requests.map((r) => r.headers()['idempotency-key'])).size).toBe(1);
    expect((await inventoryRecord(record._id)).current_stock).toBe(record.current_stock + 4);
  });

  it('a retry after a lost answer sends the same Idempotency-Key, and the stock is added once', async () => {
    const page = browser.page();
    const record = await demoRecord(4, (r) => r.current_stock > 0 && r.current_stock < 5000);
    await loginAs(page, 'admin', addPath(record));
    await fillPurchase(page, record, 9, `INV-RETRY-${Date.now()}`);
    await pickOption(page, 'Seller', /./);
    const requests = stockRequests(page);
    // The server applies the first request, but its answer never reaches the browser.
    await page.route(
      '**/api/inventory/add-stock',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await submit(page).click();
    await page
      .getByRole('alert')
      .getByText(/Network error|Cannot connect/)
      .waitFor();
    expect((await inventoryRecord(record._id)).current_stock).toBe(record.current_stock + 9);

    const replay = page.waitForResponse((r) => r.url().endsWith('/api/inventory/add-stock'));
    await submit(page).click();
    expect((await replay).headers()['idempotent-replayed']).toBe('true');
    await page.getByText('Stock updated successfully!').waitFor();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers()['idempotency-key']).toBe(requests[0]!.headers()['idempotency-key']);
    expect((await inventoryRecord(record._id)).current_stock).toBe(record.current_stock + 9);
  });

  it('an adjustment below the minimum shows Low Stock, and is recorded in the ledger as an adjustment', async () => {
    const page = browser.page();
    const record = await demoRecord(5, (r) => r.minimum_stock >= 3 && r.current_stock > r.minimum_stock);
    const target = record.minimum_stock - 1;
    await loginAs(page, 'warehouse', `/inventory?product_name=${encodeURIComponent(record.product_name)}&warehouse=${record.warehouse_id}`);
    const row = tableRows(page).filter({ hasText: record.warehouse_name });
    await expect.poll(() => row.locator('td').nth(8).textContent()).toBe('In Stock');
    await row.getByRole('button', { name: 'Adjust' }).click();
    await expectPath(page, `/inventory-edit/${record._id}`);
    await page.getByRole('heading', { name: 'Adjust Stock' }).waitFor();
    await page.getByText(record.product_name, { exact: true }).waitFor();
    await expect(page.getByLabel('New Stock').inputValue()).resolves.toBe(String(record.current_stock));

    await page.getByLabel('New Stock').fill(String(target));
    await page.getByRole('button', { name: 'Save Adjustment' }).click();
    await formError(page).getByText('Reference ID is required', { exact: true }).waitFor();
    await page.getByLabel('Reference ID').fill('COUNT-1');
    await page.getByLabel('Notes').fill('Shelf count');
    await page.getByRole('button', { name: 'Save Adjustment' }).click();

    await page.getByText('Stock updated successfully!').waitFor();
    // Back to the list it came from, filters kept.
    await expectPath(page, '/inventory');
    expect(new URL(page.url()).searchParams.get('warehouse')).toBe(record.warehouse_id);
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe(target.toLocaleString('en-IN'));
    await expect.poll(() => row.locator('td').nth(8).textContent()).toBe('Low Stock');

    const movements = await api<{ data: { movement_type: string; quantity: number; stock_after: number; notes: string; reference_id: string }[] }>(
      'GET',
      `/inventory/movements?product_id=${record.product_id}&warehouse_id=${record.warehouse_id}&limit=1`,
    );
    expect(movements.body.data[0]).toMatchObject({ movement_type: 'adjustment', quantity: target - record.current_stock, stock_after: target });
    // The form's reference and notes land in their own ledger columns.
    expect(movements.body.data[0]).toMatchObject({ reference_id: 'COUNT-1', notes: 'Shelf count' });
  });

  it('Adjust Stock shows the average unit cost read-only, asks for a cost only for units it adds, and sends none otherwise', async () => {
    const page = browser.page();
    const record = await demoRecord(31, (r) => r.current_stock > 3 && r.unit_cost > 0);
    const sent = requestsMatching(page, (r) => r.method() === 'POST' && r.url().endsWith('/api/inventory/adjust-stock'));
    await loginAs(page, 'admin');
    const open = async () => {
      await page.goto(`/inventory-edit/${record._id}`);
      await page.getByRole('heading', { name: 'Adjust Stock' }).waitFor();
      await expect.poll(() => page.getByLabel('New Stock').inputValue()).toBe(String((await inventoryRecord(record._id)).current_stock));
    };
    await open();
    await expect(page.getByTestId('current-unit-cost').innerText()).resolves.toBe(formatINR(record.unit_cost));
    const cost = page.getByLabel('Unit cost of the added units', { exact: true });
    await expect(cost.count()).resolves.toBe(0);

    // Up: the cost of the added units is asked, optional. Back down: it goes, and what was typed is not sent.
    await page.getByLabel('New Stock').fill(String(record.current_stock + 2));
    await cost.fill('12.5');
    await page.getByLabel('New Stock').fill(String(record.current_stock - 1));
    await expect.poll(() => cost.count()).toBe(0);
    await page.getByLabel('Reference ID').fill('COUNT-DOWN');
    await page.getByLabel('Notes').fill('Shelf count, one short');
    await page.getByRole('button', { name: 'Save Adjustment' }).click();
    await page.getByText('Stock updated successfully!').waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataJSON()).not.toHaveProperty('unit_cost');
    expect(sent[0]!.postDataJSON()).toMatchObject({ new_stock: record.current_stock - 1 });

    // Up with the cost left blank: the units enter at the current average, no unit_cost sent.
    await open();
    await page.getByLabel('New Stock').fill(String(record.current_stock + 1));
    await cost.waitFor();
    await page.getByLabel('Reference ID').fill('COUNT-UP');
    await page.getByLabel('Notes').fill('Found two more');
    await page.getByRole('button', { name: 'Save Adjustment' }).click();
    await page.getByText('Stock updated successfully!').first().waitFor();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.postDataJSON()).not.toHaveProperty('unit_cost');
    expect((await inventoryRecord(record._id)).current_stock).toBe(record.current_stock + 1);
  });

  it("edits the record's Min Stock, Max Stock and Location on the Adjust Stock page, refusing a minimum above the maximum", async () => {
    const page = browser.page();
    const record = await demoRecord(32, (r) => r.current_stock > 0);
    const puts = requestsMatching(page, (r) => r.method() === 'PUT' && r.url().endsWith(`/api/inventory/${record._id}`));
    await loginAs(page, 'warehouse', `/inventory-edit/${record._id}`);
    const details = page.getByRole('form', { name: 'Stock levels and location' });
    // Page-level locators (messageOf looks for the form item around them): no other field on the page has these labels.
    const min = page.getByLabel('Min Stock', { exact: true });
    const max = page.getByLabel('Max Stock', { exact: true });
    await expect.poll(() => min.inputValue()).toBe(String(record.minimum_stock));
    await min.fill('50');
    await max.fill('10');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await messageOf(page, min).getByText('Minimum stock cannot be more than maximum stock', { exact: true }).waitFor();
    expect(puts).toHaveLength(0);

    await max.fill('120');
    await expect.poll(() => messageOf(page, min).count()).toBe(0);
    await details.getByLabel('Location', { exact: true }).fill('Rack B-07');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText('Stock levels and location saved').waitFor();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.postDataJSON()).toEqual({ minimum_stock: 50, maximum_stock: 120, location: 'Rack B-07' });
    await expect(inventoryRecord(record._id)).resolves.toMatchObject({
      minimum_stock: 50,
      maximum_stock: 120,
      location: 'Rack B-07',
      current_stock: record.current_stock,
    });
    // The panel above shows the new levels.
    const panelMin = page.getByTestId('current-stock-panel').locator('.ant-statistic').filter({ hasText: 'Min Stock' });
    await expect.poll(() => panelMin.locator('.ant-statistic-content').innerText()).toBe('50');
  });

  it('leaving a half-filled form asks first', async () => {
    const page = browser.page();
    const record = await demoRecord(6, (r) => r.current_stock > 0);
    await loginAs(page, 'admin', addPath(record));
    await page.getByLabel('Quantity').fill('2');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('menuitem', { name: 'Inventory Listing' }).click();
    await expect.poll(() => asked).toContain('unsaved changes');
    await expectPath(page, '/inventory-registration');
  });
});
