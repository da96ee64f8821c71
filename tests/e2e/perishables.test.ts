import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, unique } from '../support/e2e-crud.js';
import { formError, inventoryRecords, pickOption, pickProduct, warehouses } from '../support/e2e-stock.js';
import { dayFromToday } from '../support/batch-fixtures.js';

/** Perishables (issue 17), one journey: a batch received on Add Stock, seen in the lists, in the report, written off. */
describe('perishables: batches, the expiry report and the write-off', () => {
  const browser = useBrowser();

  it('add stock with batch fields → inventory rows expand to batches → expiry report → write off expired', async () => {
    const page = browser.page();
    // A warehouse and a product of its own: the write-off empties only what this test put there.
    const city = (await warehouses())[0]!.city_id;
    const warehouse = await api<{ _id: string }>('POST', '/warehouses', {
      name: unique('Cold Store'), city_id: city, address: '1 Ice Lane', status: 'active', contact_person: 'Asha',
      contact_phone: '+91 98765 43210', contact_email: `${unique('cold').replace(/\W+/g, '.')}@demo.local`,
    });
    expect(warehouse.status).toBe(201);
    const name = unique('E2E Paneer');
    const product = await api<{ _id: string; tracks_expiry: boolean }>('POST', '/products', {
      productname: name, category: 'Dairy & Bakery', subcategory: 'Butter & Cheese', product_keyword: 'E2E Dairy', price: 100,
      discount_price: 90, product_description: 'Fresh paneer.', unit: 'g', unit_value: '200',
    });
    expect(product.body.tracks_expiry).toBe(true);
    const w = warehouse.body._id;

    await loginAs(page, 'warehouse');
    await page.goto(`/inventory-registration?warehouse_id=${w}&city_id=${city}`);
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
    await page.getByRole('table', { name: `Batches of ${name}` }).getByText('PN-01').waitFor();

    // An expired batch arrives too (a late return): the report and the write-off have something to show.
    const returned = await api('POST', '/inventory/add-stock', {
      product_id: product.body._id, warehouse_id: w, quantity: 4, unit_cost: 50, movement_reason: 'return', reference_id: 'RET-E2E',
      reference_type: 'manual', notes: 'Returned late', batch_no: 'PN-00', expiry_date: dayFromToday(-1), confirm_expired: true,
    }, 'warehouse');
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
    await page.getByRole('button', { name: 'Write off expired' }).click();
    await page.getByRole('button', { name: 'Write off', exact: true }).click();
    await page.getByText('Expired stock written off').waitFor();
    await expiredCard.getByText('· 0 units').waitFor();

    const [record] = await inventoryRecords(`&product_id=${product.body._id}&warehouse_id=${w}`);
    expect(record!.current_stock).toBe(6);
  }, 120_000);
});
