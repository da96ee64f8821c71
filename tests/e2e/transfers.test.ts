import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, tableRows } from '../support/e2e-crud.js';
import { demoRecord, inventoryRecords, pickOption, pickProduct, warehouses } from '../support/e2e-stock.js';

describe('transfers (issue 18)', () => {
  const browser = useBrowser();

  it('a warehouse user sends stock to another warehouse, dispatches it, receives part and closes the rest as damaged', async () => {
    const record = await demoRecord(18, (r) => r.current_stock >= 5 && r.current_stock < 1000);
    const destination = (await warehouses()).find((w) => w._id !== record.warehouse_id && /Warehouse/.test(w.name))!;
    const stockAt = async (warehouseId: string) =>
      (await inventoryRecords(`&warehouse_id=${warehouseId}&product_id=${record.product_id}`))[0]?.current_stock ?? 0;
    const destinationBefore = await stockAt(destination._id);

    const page = browser.page();
    await loginAs(page, 'warehouse');
    await page.goto('/transfers');
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
    expect((await page.getByTestId('transfer-event').allInnerTexts()).map((t) => t.split('\n')[0]))
      .toEqual(['Created Draft', 'Dispatched In transit', 'Received and closed Received']);

    // The list, filtered to received transfers from the source, shows it with its status.
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const reference = (await api<{ reference: string }>('GET', `/transfers/${id}`)).body.reference;
    await page.goto(`/transfers?status=received&from_warehouse_id=${record.warehouse_id}`);
    await expect.poll(() => tableRows(page).filter({ hasText: reference }).innerText()).toContain('Received');
  });
});
