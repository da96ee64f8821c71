import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { answerDialog, api, unique } from '../support/e2e-crud.js';
import { formError, inventoryRecords, pickOption, pickProduct, warehouses } from '../support/e2e-stock.js';
import { dayFromToday } from '../support/batch-fixtures.js';

type Movement = { movement_type: string; movement_reason: string | null; reference_id: string | null; notes: string; batch_no: string | null };
type Sent = { key: string | undefined; body: Record<string, unknown> };

/**
 * A warehouse and a perishable product of the test's own: a write-off empties only what the test put there.
 * `city` is the warehouse's, so that Add Stock returns to its inventory.
 */
async function coldStore(productName: string) {
  const city = (await warehouses())[0]!.city_id;
  const warehouse = await api<{ _id: string }>('POST', '/warehouses', {
    name: unique('Cold Store'),
    city_id: city,
    address: '1 Ice Lane',
    status: 'active',
    contact_person: 'Asha',
    contact_phone: '+91 98765 43210',
    contact_email: `${unique('cold').replace(/\W+/g, '.')}@demo.local`,
  });
  expect(warehouse.status).toBe(201);
  const product = await api<{ _id: string; tracks_expiry: boolean }>('POST', '/products', {
    productname: productName,
    category: 'Dairy & Bakery',
    subcategory: 'Butter & Cheese',
    product_keyword: 'E2E Dairy',
    price: 100,
    discount_price: 90,
    product_description: 'Fresh paneer.',
    unit: 'g',
    unit_value: '200',
  });
  expect(product.body.tracks_expiry).toBe(true);
  return { city, w: warehouse.body._id, product };
}

/** The add-stock requests the page sends, with their Idempotency-Key. */
function addStockRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/inventory/add-stock') {
      sent.push({ key: r.headers()['idempotency-key'], body: r.postDataJSON() as Record<string, unknown> });
    }
  });
  return sent;
}

/** A late return of one batch on Add Stock, every field filled. */
async function fillReturn(page: Page, name: string, batchNo: string, expiry: string): Promise<void> {
  await pickProduct(page, 'Product', name);
  await page.getByLabel('Batch Number').waitFor();
  await page.getByLabel('Quantity').fill('5');
  await pickOption(page, 'Movement Reason', 'Return');
  await page.getByLabel('Reference ID').fill('RET-E2E');
  await pickOption(page, 'Reference Type', 'Manual');
  await page.getByLabel('Notes').fill('Returned by a customer');
  await page.getByLabel('Batch Number').fill(batchNo);
  const field = page.getByLabel('Expiry Date');
  await field.fill(expiry);
  await field.press('Tab');
}

const EXPIRED_WARNING = 'This date has passed: the batch is already expired and will never be sold.';
const expiredQuestion = (day: string) => `This batch expired on ${dayjs(day).format('DD MMM YYYY')}. It will be recorded and never sold.`;

/** Perishables (issue 17), one journey: a batch received on Add Stock, seen in the lists, in the report, written off. */
describe('perishables: batches, the expiry report and the write-off', () => {
  const browser = useBrowser();

  it('add stock with batch fields → inventory rows expand to batches → expiry report → write off expired', async () => {
    const page = browser.page();
    const name = unique('E2E Paneer');
    const { city, w, product } = await coldStore(name);

    await loginAs(page, 'warehouse', `/inventory-registration?warehouse_id=${w}&city_id=${city}`);
    await pickProduct(page, 'Product', name);
    await page.getByLabel('Batch Number').waitFor();
    await page.getByLabel('Quantity').fill('6');
    await pickOption(page, 'Movement Reason', 'Adjustment');
    await page.getByLabel('Reference ID').fill('GRN-E2E');
    await pickOption(page, 'Reference Type', 'Manual');
    await page.getByLabel('Notes').fill('Cold chain delivery');
    // After the existing checks, the batch's own, one at a time.
    await page.getByRole('button', { name: 'Add Stock' }).click();
    await formError(page).getByText('Batch number is required', { exact: true }).waitFor();
    await page.getByLabel('Batch Number').fill('PN-01');
    await page.getByRole('button', { name: 'Add Stock' }).click();
    await formError(page).getByText('Expiry date is required', { exact: true }).waitFor();
    const expiry = page.getByLabel('Expiry Date');
    await expiry.fill(dayFromToday(2));
    await expiry.press('Tab');
    await page.getByRole('button', { name: 'Add Stock' }).click();
    await page.getByText('Stock updated successfully!').first().waitFor();
    // Back on the city's inventory, the record opens onto its batch.
    await page.getByRole('heading', { name: 'Inventory for City' }).waitFor();
    await page.getByRole('button', { name: `Show batches of ${name}` }).click();
    await page
      .getByRole('table', { name: `Batches of ${name}` })
      .getByText('PN-01')
      .waitFor();

    // An expired batch arrives too (a late return): the report and the write-off have something to show.
    const returned = await api(
      'POST',
      '/inventory/add-stock',
      {
        product_id: product.body._id,
        warehouse_id: w,
        quantity: 4,
        unit_cost: 50,
        movement_reason: 'return',
        reference_id: 'RET-E2E',
        reference_type: 'manual',
        notes: 'Returned late',
        batch_no: 'PN-00',
        expiry_date: dayFromToday(-1),
        confirm_expired: true,
      },
      'warehouse',
    );
    expect(returned.status).toBe(200);

    await page.goto(`/inventory?product_name=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Show batches of ${name}` }).click();
    const batches = page.getByRole('table', { name: `Batches of ${name}` });
    await batches.getByText('PN-01').waitFor();
    await expect.poll(() => batches.locator('.ant-tag-orange').getByText('Expires in 2 days').count()).toBe(1);
    await expect.poll(() => batches.locator('.ant-tag-red').getByText('Expired 1 day ago').count()).toBe(1);

    await page.goto(`/expiry-report?warehouse_id=${w}`);
    await page.getByRole('heading', { name: 'Expiry Report' }).waitFor();
    const expiredCard = page.getByLabel('Expired bucket');
    await expiredCard.getByText('· 4 units').waitFor();
    await page.getByLabel('0–3 days bucket').getByText('· 6 units').waitFor();
    // Each batch says when it expires, relative to today, in the same words as the batches above.
    const reportRow = (batch: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name }).filter({ hasText: batch });
    await expect.poll(() => reportRow('PN-00').locator('.ant-tag-red').allInnerTexts()).toEqual(['Expired', 'Expired 1 day ago']);
    await expect.poll(() => reportRow('PN-01').locator('.ant-tag-orange').allInnerTexts()).toEqual(['0–3 days', 'Expires in 2 days']);
    // The write-off asks why (prefilled, required) and on what reference, and the ledger keeps both.
    await page.getByRole('button', { name: 'Write off expired' }).click();
    const dialog = page.getByRole('dialog');
    const reason = dialog.getByLabel('Reason');
    await expect.poll(() => reason.inputValue()).toBe('Expired');
    await reason.fill('');
    await dialog.getByRole('button', { name: 'Write off', exact: true }).click();
    await dialog.getByText('Reason is required', { exact: true }).waitFor();
    await reason.fill('Expired in the cold room');
    await dialog.getByLabel('Reference').fill('DN-E2E-7');
    await dialog.getByRole('button', { name: 'Write off', exact: true }).click();
    await page.getByText('Expired stock written off').waitFor();
    await expiredCard.getByText('· 0 units').waitFor();

    const [record] = await inventoryRecords(`&product_id=${product.body._id}&warehouse_id=${w}`);
    expect(record!.current_stock).toBe(6);
    const ledger = (await api<{ data: Movement[] }>('GET', `/inventory/movements?warehouse_id=${w}&movement_type=damaged`)).body.data;
    expect(ledger.map((m) => [m.batch_no, m.movement_reason, m.reference_id, m.notes])).toEqual([
      ['PN-00', 'expired', 'DN-E2E-7', `Expired on ${dayFromToday(-1)}: Expired in the cold room`],
    ]);
  }, 120_000);

  it('receiving an expired batch: a warning beside the date, then a confirmation; confirmed, it is sent once, with confirm_expired', async () => {
    const page = browser.page();
    const name = unique('E2E Curd');
    const { city, w, product } = await coldStore(name);
    const sent = addStockRequests(page);
    await loginAs(page, 'warehouse', `/inventory-registration?warehouse_id=${w}&city_id=${city}`);
    const expired = dayFromToday(-2);
    await fillReturn(page, name, 'CU-01', expired);
    await page.getByText(EXPIRED_WARNING, { exact: true }).waitFor();

    // Cancel: nothing is sent.
    await page.getByRole('button', { name: 'Add Stock' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(expiredQuestion(expired), { exact: true }).waitFor();
    await answerDialog(dialog, 'Cancel');
    expect(sent).toEqual([]);

    await page.getByRole('button', { name: 'Add Stock' }).click();
    await dialog.getByRole('button', { name: 'Receive expired stock' }).click();
    await page.getByText('Stock updated successfully!').first().waitFor();
    expect(sent.map((s) => [s.body.batch_no, s.body.expiry_date, s.body.confirm_expired])).toEqual([['CU-01', expired, true]]);
    const [record] = await inventoryRecords(`&product_id=${product.body._id}&warehouse_id=${w}`);
    expect(record!.current_stock).toBe(5);
  });

  it("the API's 409 for an expired batch (past by its clock, not yet by the screen's) asks the same, and the confirmed resend has a new key", async () => {
    const page = browser.page();
    const name = unique('E2E Lassi');
    const { city, w, product } = await coldStore(name);
    const sent = addStockRequests(page);
    // The browser's clock a day behind India's: yesterday's date has not passed yet for the screen, as just after midnight.
    await page.clock.setFixedTime(new Date(Date.now() - 86_400_000));
    await loginAs(page, 'warehouse', `/inventory-registration?warehouse_id=${w}&city_id=${city}`);
    const expired = dayFromToday(-1);
    await fillReturn(page, name, 'LA-01', expired);
    await page.getByRole('button', { name: 'Add Stock' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText(expiredQuestion(expired), { exact: true }).waitFor();
    expect(await page.getByText(EXPIRED_WARNING).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Receive expired stock' }).click();
    await page.getByText('Stock updated successfully!').first().waitFor();
    expect(sent.map((s) => s.body.confirm_expired)).toEqual([undefined, true]);
    expect(sent[1]!.key).toBeTruthy();
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    const [record] = await inventoryRecords(`&product_id=${product.body._id}&warehouse_id=${w}`);
    expect(record!.current_stock).toBe(5);
  });
});
