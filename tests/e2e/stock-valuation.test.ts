import fs from 'node:fs';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, businessDay } from '../../src/domain/business-days.js';
import { formatINR } from '../../src/domain/money.js';
import { loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
import { api, atPath, tableRows } from '../support/e2e-crud.js';
import { demoRecord } from '../support/e2e-stock.js';

type Valuation = {
  data: { warehouse_name: string; product_name: string | null; stock_value: number }[];
  total: number;
  totals: { quantity: number; stock_value: number };
};

const statistic = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content');

describe('Stock Valuation (issue 28)', () => {
  const browser = useBrowser();

  it("shows the dashboard's value for today, what the ledger held on a past day, per category, and downloads every row", async () => {
    const today = (await api<Valuation>('GET', '/reports/stock-valuation?limit=50')).body;
    const dashboard = (await api<{ total_inventory_value: number }>('GET', '/dashboard/summary')).body;
    expect(today.totals.stock_value).toBe(dashboard.total_inventory_value);

    const page = browser.page();
    await loginAs(page, 'admin');
    await page.getByRole('menuitem', { name: 'Stock Valuation' }).click();
    await atPath(page, '/stock-valuation');
    await page.getByRole('heading', { name: 'Stock Valuation' }).waitFor();
    await expect.poll(() => statistic(page, 'Stock value').textContent()).toBe(formatINR(dashboard.total_inventory_value));
    await expect.poll(() => tableRows(page).first().textContent()).toContain(today.data[0]!.product_name!);

    // A past day: typed into the date field, read back from the URL, the figures the API gives for it.
    const past = addDays(businessDay(new Date()), -40);
    const then = (await api<Valuation>('GET', `/reports/stock-valuation?as_of=${past}&group_by=category&limit=50`)).body;
    const asOf = page.getByLabel('As of');
    await asOf.click();
    await asOf.fill(dayjs(past).format('DD MMM YYYY'));
    await asOf.press('Enter');
    // The day is in the URL before the grouping changes, so a slow page cannot drop one for the other.
    await expect.poll(() => new URL(page.url()).searchParams.get('as_of')).toBe(past);
    await page.locator('.ant-segmented').getByText('Category', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('group_by')).toBe('category');
    await expect.poll(() => statistic(page, 'Stock value').textContent()).toBe(formatINR(then.totals.stock_value));
    await expect.poll(() => tableRows(page).count()).toBe(Math.min(50, then.total));
    await expect.poll(() => page.getByRole('columnheader', { name: 'Product' }).count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs
      .readFileSync(await savedFile(download), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe('Warehouse,Category,Quantity,Average cost,Stock value');
    expect(csv).toHaveLength(then.total + 1);
    expect(download.suggestedFilename()).toBe(`stock-valuation-category-${past}.csv`);
  });

  it('an admin revalues a record from the inventory list, with a reason; the ledger keeps who and why; a warehouse user cannot', async () => {
    const record = await demoRecord(11, (r) => r.current_stock >= 2);
    const page = browser.page();
    await loginAs(page, 'warehouse', `/inventory?product_name=${encodeURIComponent(record.product_name)}&warehouse=${record.warehouse_id}`);
    await expect.poll(() => tableRows(page).count()).toBe(1);
    expect(await page.getByRole('button', { name: `Revalue ${record.product_name} in ${record.warehouse_name}` }).count()).toBe(0);

    // Another person on the same browser: the warehouse user's session (local storage) goes first.
    await page.evaluate(() => localStorage.clear());
    const admin = page;
    await loginAs(admin, 'admin', `/inventory?product_name=${encodeURIComponent(record.product_name)}&warehouse=${record.warehouse_id}`);
    await admin.getByRole('button', { name: `Revalue ${record.product_name} in ${record.warehouse_name}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('New unit cost').fill('22.5');
    await dialog.getByText(`New stock value: ${formatINR(record.current_stock * 22.5)}`).waitFor();
    await dialog.getByRole('button', { name: 'Revalue' }).click();
    await dialog.getByText('Say why the stock is revalued', { exact: true }).waitFor();
    await dialog.getByLabel('Reason').fill('Supplier credit note');
    await dialog.getByRole('button', { name: 'Revalue' }).click();
    await admin.getByText('Stock revalued').waitFor();
    await expect.poll(() => tableRows(admin).first().textContent()).toContain(formatINR(record.current_stock * 22.5));
    const ledger = (
      await api<{ data: { movement_type: string; notes: string; movement_reason: string }[] }>(
        'GET',
        `/inventory/movements?product_id=${record.product_id}&warehouse_id=${record.warehouse_id}&limit=1`,
      )
    ).body.data[0]!;
    expect(ledger).toMatchObject({ movement_type: 'valuation', movement_reason: 'revaluation' });
    expect(ledger.notes).toContain('Supplier credit note');
  });
});
