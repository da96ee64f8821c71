import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, tableRows, unique } from '../support/e2e-crud.js';
import { messageOf, requestsMatching } from '../support/e2e-forms.js';
import { demoRecord, inventoryRecords, pickOption, pickProduct, warehouses, type InventoryRow } from '../support/e2e-stock.js';
import { dayFromToday } from '../support/batch-fixtures.js';

type Detail = { _id: string; status: string; notes: string; lines: { product_id: string; quantity: number; in_transit: number }[] };

/** A draft of `quantity` units of the record's product to another demo warehouse, made through the API. */
async function draftOf(record: InventoryRow, quantity: number, notes = 'Drafted') {
  const destination = (await warehouses()).find((w) => w._id !== record.warehouse_id && /Warehouse/.test(w.name))!;
  const made = await api<Detail>('POST', '/transfers', {
    from_warehouse_id: record.warehouse_id,
    to_warehouse_id: destination._id,
    lines: [{ product_id: record.product_id, quantity }],
    notes,
  });
  expect(made.status).toBe(201);
  return made.body;
}

const receivePosts = (page: Page) => requestsMatching(page, (r) => r.method() === 'POST' && r.url().endsWith('/receive'));

describe('transfers (issue 18)', () => {
  const browser = useBrowser();

  it('a warehouse user sends stock to another warehouse, dispatches it, receives part and closes the rest as damaged', async () => {
    const record = await demoRecord(18, (r) => r.current_stock >= 5 && r.current_stock < 1000);
    const destination = (await warehouses()).find((w) => w._id !== record.warehouse_id && /Warehouse/.test(w.name))!;
    const stockAt = async (warehouseId: string) =>
      (await inventoryRecords(`&warehouse_id=${warehouseId}&product_id=${record.product_id}`))[0]?.current_stock ?? 0;
    const destinationBefore = await stockAt(destination._id);

    const page = browser.page();
    await loginAs(page, 'warehouse', '/transfers');
    await page.getByRole('link', { name: 'New Transfer' }).click();
    await page.getByRole('heading', { name: 'New Transfer' }).waitFor();
    await pickOption(page, 'From warehouse', record.warehouse_name);
    await pickOption(page, 'To warehouse', destination.name);
    await pickProduct(page, 'Product 1', record.product_name);
    // The stock the source has of it now, beside the line.
    await expect.poll(() => page.getByTestId('available-0').innerText()).toBe(record.current_stock.toLocaleString('en-IN'));
    await page.getByLabel('Quantity 1', { exact: true }).fill('3');
    await page.getByLabel('Notes', { exact: true }).fill('Weekend refill');
    await page.getByRole('button', { name: 'Create Transfer' }).click();
    await page.getByRole('heading', { name: /Transfer TR-\d+/ }).waitFor();
    await page.getByText('Draft', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Dispatch' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: 'Dispatch' }).click();
    await page.getByText('Transfer dispatched').waitFor();
    await expect.poll(() => page.getByTestId('transfer-in-transit').innerText()).toMatch(/^3 unit\(s\)/);
    await expect.poll(() => stockAt(record.warehouse_id)).toBe(record.current_stock - 3);

    await page.getByLabel(`Receive ${record.product_name}`, { exact: true }).fill('2');
    await page.getByRole('checkbox', { name: /Close the transfer/ }).check();
    await page.getByLabel('What happened to the missing units', { exact: true }).fill('One carton crushed');
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const confirm = page.locator('.ant-popover').filter({ hasText: '1 are recorded as damaged' });
    await confirm.getByRole('button', { name: 'Receive' }).click();
    await page.getByText('Transfer received').waitFor();
    await page.getByText('Received and closed').waitFor();
    await page.getByText('One carton crushed').waitFor();
    await expect.poll(() => stockAt(destination._id)).toBe(destinationBefore + 2);
    expect((await page.getByTestId('transfer-event').allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([
      'Created Draft',
      'Dispatched In transit',
      'Received and closed Received',
    ]);

    // The list, filtered to received transfers from the source, shows it with its status.
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const reference = (await api<{ reference: string }>('GET', `/transfers/${id}`)).body.reference;
    await page.goto(`/transfers?status=received&from_warehouse_id=${record.warehouse_id}`);
    await expect.poll(() => tableRows(page).filter({ hasText: reference }).innerText()).toContain('Received');
  });

  it('a draft is edited: the form loads its lines, and the saved draft is what the transfer page shows', async () => {
    const record = await demoRecord(28, (r) => r.current_stock >= 5 && r.current_stock < 1000);
    const made = await draftOf(record, 2, 'First count');
    const page = browser.page();
    await loginAs(page, 'warehouse', `/transfers/${made._id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expectPath(page, `/transfers/${made._id}/edit`);
    await expect.poll(() => page.getByLabel('Product 1', { exact: true }).inputValue()).toBe(record.product_name);
    await expect(page.getByLabel('Quantity 1', { exact: true }).inputValue()).resolves.toBe('2');
    await expect(page.getByLabel('Notes', { exact: true }).inputValue()).resolves.toBe('First count');
    await expect.poll(() => page.getByTestId('available-0').innerText()).toBe(record.current_stock.toLocaleString('en-IN'));

    await page.getByLabel('Quantity 1', { exact: true }).fill('4');
    await page.getByLabel('Notes', { exact: true }).fill('Recounted');
    await page.getByRole('button', { name: 'Save Transfer' }).click();
    await expectPath(page, `/transfers/${made._id}`);
    await page.getByText('Recounted').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('transfer-event').allInnerTexts()).map((t) => t.split('\n')[0]))
      .toEqual(['Created Draft', 'Edited Draft']);
    const saved = (await api<Detail>('GET', `/transfers/${made._id}`)).body;
    expect(saved).toMatchObject({ status: 'draft', notes: 'Recounted', lines: [expect.objectContaining({ product_id: record.product_id, quantity: 4 })] });

    // Once dispatched, there is nothing to edit.
    expect((await api('POST', `/transfers/${made._id}/dispatch`)).status).toBe(200);
    await page.reload();
    await page.getByText('In transit', { exact: true }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
  });

  it('a receipt with an invalid line, or a close without a reason, shows the field error and sends nothing', async () => {
    const record = await demoRecord(29, (r) => r.current_stock >= 5 && r.current_stock < 1000);
    const made = await draftOf(record, 3);
    expect((await api('POST', `/transfers/${made._id}/dispatch`)).status).toBe(200);
    const page = browser.page();
    const sent = receivePosts(page);
    await loginAs(page, 'admin', `/transfers/${made._id}`);
    const box = page.getByLabel(`Receive ${record.product_name}`, { exact: true });
    await expect.poll(() => box.inputValue()).toBe('3');
    const receive = page.getByRole('button', { name: 'Receive', exact: true });
    for (const [typed, message] of [
      ['5', 'Only 3 in transit'],
      ['-1', 'Received quantity must be a whole number of 0 or more'],
      ['1.5', 'Received quantity must be a whole number of 0 or more'],
      ['', 'Received quantity must be a whole number of 0 or more'],
    ] as const) {
      await box.fill(typed);
      await messageOf(page, box).getByText(message, { exact: true }).waitFor();
      await receive.click();
      await messageOf(page, box).getByText(message, { exact: true }).waitFor();
      await expect(page.locator('.ant-popover:visible').count()).resolves.toBe(0);
    }
    await box.fill('2');
    await expect.poll(() => messageOf(page, box).count()).toBe(0);
    await page.getByRole('checkbox', { name: /Close the transfer/ }).check();
    await receive.click();
    const note = page.getByLabel('What happened to the missing units', { exact: true });
    await messageOf(page, note).getByText('Say what happened to the units that did not arrive', { exact: true }).waitFor();
    await expect(page.locator('.ant-popover:visible').count()).resolves.toBe(0);
    expect(sent).toHaveLength(0);

    await note.fill('Lost on the way');
    await receive.click();
    await page.locator('.ant-popover').filter({ hasText: '1 are recorded as damaged' }).getByRole('button', { name: 'Receive' }).click();
    await page.getByText('Transfer received').waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataJSON()).toEqual({ lines: [{ product_id: record.product_id, quantity: 2 }], close: true, note: 'Lost on the way' });
  });

  it("'Available' on a line counts only what dispatch may send: a product's unexpired batches", async () => {
    const source = (await warehouses()).find((w) => /Warehouse/.test(w.name))!;
    const name = unique('E2E Curd');
    const product = await api<{ _id: string; tracks_expiry: boolean }>('POST', '/products', {
      productname: name,
      category: 'Dairy & Bakery',
      subcategory: 'Butter & Cheese',
      product_keyword: 'E2E Dairy',
      price: 60,
      discount_price: 55,
      product_description: 'Fresh curd.',
      unit: 'g',
      unit_value: '400',
    });
    expect(product.body.tracks_expiry).toBe(true);
    const batch = (batch_no: string, quantity: number, days: number, movement_reason: string) =>
      api('POST', '/inventory/add-stock', {
        product_id: product.body._id,
        warehouse_id: source._id,
        quantity,
        unit_cost: 30,
        movement_reason,
        reference_id: batch_no,
        reference_type: 'manual',
        notes: 'Transfer availability',
        batch_no,
        expiry_date: dayFromToday(days),
        confirm_expired: days < 0,
      });
    expect((await batch('CU-01', 6, 10, 'adjustment')).status).toBe(200);
    // An expired batch (a late return): held, but never dispatched.
    expect((await batch('CU-00', 4, -2, 'return')).status).toBe(200);

    const page = browser.page();
    await loginAs(page, 'admin', '/transfers/new');
    await pickOption(page, 'From warehouse', source.name);
    await pickProduct(page, 'Product 1', name);
    await expect.poll(() => page.getByTestId('available-0').innerText()).toBe('6');
    await page.getByText('(4 expired, not sent)').waitFor();
    await page.getByLabel('Quantity 1', { exact: true }).fill('7');
    await page.getByText('More than available in the source warehouse').waitFor();
  });
});
