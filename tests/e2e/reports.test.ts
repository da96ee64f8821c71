import fs from 'node:fs';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/business-days.js';
import { formatINR } from '../../src/domain/money.js';
import { expectPath, loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
import { api, totalOf, unique } from '../support/e2e-crud.js';
import { pickOption, tableRows, warehouses } from '../support/e2e-stock.js';

type Day = { total: number; total_quantity: number; item_count: number; items: { product_name: string; quantity: number; total_value: number }[] };
type SectionTotals = { total: number; total_quantity: number; item_count: number };
type SalePurchase = { purchases: Record<string, Day>; sales: Record<string, Day>; totals: Record<'purchases' | 'sales', SectionTotals> };
type Report = {
  period: { start_date: string; end_date: string };
  summary: { total_products: number; low_stock_count: number; out_of_stock_count: number; total_value: number };
  movement_statistics: { total_in: number; total_out: number; total_returns: number; total_damaged: number; movement_count: number };
  inventory_items: unknown[];
  movements: Record<string, unknown[]>;
  comparison: { current_stock: { product_name: string; opening_stock: number; closing_stock: number; current_stock: number }[] };
};

const statistic = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content');
const n = (value: number) => value.toLocaleString('en-IN');
const day = (d: string) => dayjs(d).format('DD MMM YYYY');

/** The text of the CSV the page downloads when 'Export CSV' is clicked. */
async function exportedCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  return fs.readFileSync(await savedFile(download), 'utf8').replace(/^\uFEFF/, '');
}

describe('inventory report generator (SPEC.md "Inventory report generator", section 9)', () => {
  const browser = useBrowser();

  it('defaults to the last 30 days and shows the API figures in each of the four views, with CSV export', async () => {
    const page = browser.page();
    // The API computes the sections of the requested type only: one report of each type.
    const ofType = async (type: string) => (await api<Report>('GET', `/inventory/report?report_type=${type}`)).body;
    const report = await ofType('summary');
    const { inventory_items } = await ofType('detailed');
    const { movements } = await ofType('movements');
    const { comparison } = await ofType('comparison');
    await loginAs(page, 'warehouse');
    await page.getByRole('menuitem', { name: 'Inventory Report' }).click();
    await page.getByRole('heading', { name: 'Inventory Report' }).waitFor();
    await page.getByText(`${day(report.period.start_date)} – ${day(report.period.end_date)}`, { exact: false }).waitFor();
    await expect(page.getByLabel('Limit').inputValue()).resolves.toBe('100');

    await expect.poll(() => statistic(page, 'Inventory Records').textContent()).toBe(n(report.summary.total_products));
    await expect(statistic(page, 'Low Stock').textContent()).resolves.toBe(n(report.summary.low_stock_count));
    await expect(statistic(page, 'Out of Stock').textContent()).resolves.toBe(n(report.summary.out_of_stock_count));
    await expect(statistic(page, 'Total Value').textContent()).resolves.toBe(formatINR(report.summary.total_value));
    await expect(statistic(page, 'Stock In').textContent()).resolves.toBe(n(report.movement_statistics.total_in));
    await expect(statistic(page, 'Stock Out').textContent()).resolves.toBe(n(report.movement_statistics.total_out));
    await expect(statistic(page, 'Damaged').textContent()).resolves.toBe(n(report.movement_statistics.total_damaged));
    const summaryCsv = await exportedCsv(page);
    expect(summaryCsv).toContain(`Total value,${report.summary.total_value}`);

    await page.getByText('Detailed', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('report_type')).toBe('detailed');
    await page.getByText(`${inventory_items.length} of ${report.summary.total_products} records`).waitFor();
    const detailedCsv = (await exportedCsv(page)).trim().split('\r\n');
    expect(detailedCsv[0]).toBe('Product,Warehouse,Location,Current Stock,Min Stock,Max Stock,Unit Cost,Total Value,Out of Stock,Low Stock');
    expect(detailedCsv).toHaveLength(inventory_items.length + 1);

    await page.getByText('Movements', { exact: true }).click();
    await page.locator('.recharts-surface').first().waitFor();
    const latest = Object.keys(movements).sort().at(-1)!;
    await page
      .locator('.ant-collapse-header')
      .first()
      .getByText(`${day(latest)} — ${movements[latest]!.length} movement`, { exact: false })
      .waitFor();

    await page.getByText('Comparison', { exact: true }).click();
    const first = comparison.current_stock[0]!;
    const row = tableRows(page).first();
    await expect
      .poll(() => row.locator('td').allTextContents())
      .toEqual([
        first.product_name,
        n(first.opening_stock),
        n(first.closing_stock),
        first.closing_stock - first.opening_stock > 0
          ? `+${n(first.closing_stock - first.opening_stock)}`
          : first.closing_stock < first.opening_stock
            ? `−${n(first.opening_stock - first.closing_stock)}`
            : '0',
        n(first.current_stock),
      ]);
    const comparisonCsv = (await exportedCsv(page)).trim().split('\r\n');
    expect(comparisonCsv).toHaveLength(comparison.current_stock.length + 1);
  });

  it('sends the chosen filters, keeps them in the URL, and the figures follow', async () => {
    const page = browser.page();
    const pune = (await warehouses()).find((w) => w.name === 'Pune West Warehouse')!;
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/inventory/report')) requests.push(new URL(r.url()));
    });
    await loginAs(page, 'admin', '/inventory-report');
    await pickOption(page, 'Warehouse', 'Pune West Warehouse');
    await pickOption(page, 'Movement type', 'Out');
    await page.getByLabel('Limit').fill('1000');
    // A typed period: ISO for the start, the shown form for the end.
    const from = dayjs().subtract(20, 'day');
    const to = dayjs().subtract(1, 'day');
    await page.getByPlaceholder('Start date').click();
    await page.getByPlaceholder('Start date').fill(from.format('YYYY-MM-DD'));
    await page.keyboard.press('Tab');
    await page.getByPlaceholder('End date').fill(to.format('DD MMM YYYY'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByPlaceholder('Start date').inputValue()).toBe(from.format('DD MMM YYYY'));
    await page.getByRole('button', { name: 'Generate Report' }).click();

    await expect.poll(() => requests.at(-1)?.searchParams.get('warehouse_id')).toBe(pune._id);
    const sent = requests.at(-1)!.searchParams;
    expect([sent.get('movement_type'), sent.get('limit'), sent.get('report_type')]).toEqual(['out', '1000', 'summary']);
    expect([sent.get('start_date'), sent.get('end_date')]).toEqual([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')]);
    expect(sent.has('low_stock_only')).toBe(false);
    const { body: report } = await api<Report>('GET', `/inventory/report?${sent.toString()}`);
    expect(report.movement_statistics.total_out).toBeGreaterThan(0);
    await expect.poll(() => statistic(page, 'Stock Out').textContent()).toBe(n(report.movement_statistics.total_out));
    await expect(statistic(page, 'Stock In').textContent()).resolves.toBe('0');
    expect(new URL(page.url()).searchParams.get('movement_type')).toBe('out');

    await page.reload();
    await expect.poll(() => statistic(page, 'Stock Out').textContent()).toBe(n(report.movement_statistics.total_out));
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });
});

describe('sale purchase report (SPEC.md "Sale purchase report", section 5)', () => {
  const browser = useBrowser();

  it('is enabled only with a warehouse and both dates (typed or picked), and shows collapsed day rows with totals that match the API', async () => {
    const page = browser.page();
    const jaipur = (await warehouses()).find((w) => w.name === 'Jaipur Central Warehouse')!;
    const start = dayjs().subtract(30, 'day');
    const end = dayjs();
    const query = `warehouse_id=${jaipur._id}&start_date=${start.format('YYYY-MM-DD')}&end_date=${end.format('YYYY-MM-DD')}`;
    const { body: expected } = await api<SalePurchase>('GET', `/reports/warehouse-sale-purchase?${query}`);
    expect(Object.keys(expected.purchases).length).toBeGreaterThan(0);
    expect(Object.keys(expected.sales).length).toBeGreaterThan(0);

    await loginAs(page, 'warehouse', '/sale-purchase-report');
    const button = page.getByRole('button', { name: 'Get Report' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    await pickOption(page, 'Warehouse', 'Jaipur Central Warehouse');
    await expect(button.isDisabled()).resolves.toBe(true);
    // Typed dates: ISO, taken when the field is left; and the form the field shows.
    await page.getByLabel('Start date').fill(start.format('YYYY-MM-DD'));
    await page.getByLabel('Start date').blur();
    await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe(start.format('DD MMM YYYY'));
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.getByLabel('End date').fill(end.format('DD MMM YYYY'));
    await page.getByLabel('End date').press('Enter');
    await expect.poll(() => button.isDisabled()).toBe(false);
    await button.click();
    await expect.poll(() => new URL(page.url()).search.slice(1)).toBe(query);

    for (const [section, days] of [
      ['purchases', expected.purchases],
      ['sales', expected.sales],
    ] as const) {
      const table = page.getByTestId(section);
      const dayRows = table.locator('tr.ant-table-row-level-0');
      await expect.poll(() => dayRows.count()).toBe(Object.keys(days).length);
      const entries = Object.entries(days).sort(([a], [b]) => a.localeCompare(b));
      for (const [i, [date, totals]] of entries.entries()) {
        const items = totals.item_count;
        await expect(dayRows.nth(i).locator('td').allTextContents()).resolves.toEqual(
          expect.arrayContaining([`${day(date)} (${items} ${items === 1 ? 'item' : 'items'})`, n(totals.total_quantity), formatINR(totals.total)]),
        );
      }
      // Collapsed: only the days and their totals; a click opens that day's movements.
      await expect(table.locator('tr.ant-table-row-level-1').count()).resolves.toBe(0);
      const [, last] = entries.at(-1)!;
      await dayRows.last().click();
      // Its first movements, and a 'Show more' row when it had more of them.
      const more = last.item_count > last.items.length ? 1 : 0;
      await expect.poll(() => table.locator('tr.ant-table-row-level-1').count()).toBe(last.items.length + more);
      await expect(table.locator('tr.ant-table-row-level-1').first().textContent()).resolves.toContain(last.items[0]!.product_name);
      // The grand total is the period's (a page of days at most; here the whole period fits one).
      const grand = Math.round(entries.reduce((s, [, d]) => s + d.total, 0) * 100) / 100;
      expect(expected.totals[section].total).toBeCloseTo(grand, 2);
      await expect(page.getByTestId(`${section}-grand-total`).textContent()).resolves.toBe(formatINR(grand));
    }

    const csv = (await exportedCsv(page)).trim().split('\r\n');
    // The download is the API's: every movement of the period, each day followed by its total line.
    const lines = (days: Record<string, Day>) => Object.values(days).reduce((s, d) => s + d.item_count + 1, 0);
    expect(csv[0]).toBe('Section,Date,Time,Product,Quantity,Unit Cost,Total Value');
    expect(csv).toHaveLength(1 + lines(expected.purchases) + lines(expected.sales));

    // A day of one purchase says '1 item'.
    const store = await api<{ _id: string }>('POST', '/warehouses', {
      name: unique('One Item Store'),
      city_id: jaipur.city_id,
      address: '3 Test Road',
      status: 'active',
      contact_person: 'Test Person',
      contact_phone: '+91 90000 00002',
      contact_email: 'one-item@example.com',
    });
    // A product without batches (another test may have just added one that tracks expiry).
    const { body: product } = await api<{ data: { _id: string; tracks_expiry: boolean }[] }>('GET', '/products?limit=50');
    product.data = product.data.filter((p) => !p.tracks_expiry);
    const { body: sellers } = await api<{ data: { _id: string }[] }>('GET', '/users/by-role/seller');
    const added = await api('POST', '/inventory/add-stock', {
      product_id: product.data[0]!._id,
      warehouse_id: store.body._id,
      quantity: 3,
      unit_cost: 10,
      movement_reason: 'purchase',
      reference_id: 'INV-ONE',
      reference_type: 'invoice',
      notes: 'One item',
      seller_id: sellers.data[0]!._id,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const today = businessDay(new Date());
    await page.goto(`/sale-purchase-report?warehouse_id=${store.body._id}&start_date=${today}&end_date=${today}`);
    await page
      .getByTestId('purchases')
      .locator('tr.ant-table-row-level-0')
      .getByText(`${day(today)} (1 item)`, { exact: true })
      .waitFor();
    await page.getByTestId('sales').getByText('No sales in this period').waitFor();
  });
});

describe('update all inventory (SPEC.md "Update all inventory", section 6)', () => {
  const browser = useBrowser();

  it('admin picks a warehouse from a select and sees what the reconciliation created or corrected', async () => {
    const page = browser.page();
    const city = await api<{ _id: string }>('POST', '/cities', {
      name: unique('Reconcile City'),
      state: 'Kerala',
      district: 'Ernakulam',
      pincode: '682001',
      wards: ['Ward 1'],
      is_active: true,
    });
    const name = unique('Reconcile Store');
    const created = await api<{ _id: string }>('POST', '/warehouses', {
      name,
      city_id: city.body._id,
      address: '2 Test Road',
      status: 'active',
      contact_person: 'Test Person',
      contact_phone: '+91 90000 00001',
      contact_email: 'reconcile@example.com',
    });
    expect(created.status).toBe(201);
    const products = await totalOf('/products');

    await loginAs(page, 'admin', '/update-all-inventory');
    await page.getByRole('heading', { name: 'Update All Inventory', level: 3 }).waitFor();
    await expect(page.getByRole('button', { name: 'Update Inventory' }).isDisabled()).resolves.toBe(true);
    await pickOption(page, 'Warehouse', name);
    // It says what it will create and waits for a confirmation: nothing is written before.
    await page.getByRole('button', { name: 'Update Inventory' }).click();
    const confirm = page.getByTestId('update-all-confirm');
    await expect
      .poll(() => confirm.innerText())
      .toBe(
        `It will create ${products.toLocaleString('en-IN')} inventory records (0 in stock) for the products with none in ${name} yet. ` +
          'Any balance that differs from its stock movements is reset to them.',
      );
    const recordsHere = async () => (await api<{ total: number }>('GET', `/inventory?limit=1&warehouse=${created.body._id}`)).body.total;
    expect(await recordsHere()).toBe(0);
    await page.locator('.ant-popover').getByRole('button', { name: 'Update Inventory' }).click();
    const result = page.getByTestId('reconcile-result');
    await result.getByText('Inventory updated successfully!').waitFor();
    await expect(result.locator('.ant-descriptions-item-content').allTextContents()).resolves.toEqual([name, String(products), '0']);
    expect(await recordsHere()).toBe(products);

    await page.getByRole('button', { name: 'Update Inventory' }).first().click();
    await expect.poll(() => confirm.innerText()).toContain(`Every product already has a record in ${name}: no record will be created.`);
    await page.locator('.ant-popover').getByRole('button', { name: 'Update Inventory' }).click();
    await result.getByText('nothing needed correcting', { exact: false }).waitFor();
    await expect(result.locator('.ant-descriptions-item-content').allTextContents()).resolves.toEqual([name, '0', '0']);
  });

  it('warehouse-user may use the inventory screens and reports, but not update-all', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    for (const [path, heading] of [
      ['/inventory', 'Inventory Management'],
      ['/inventory-registration', 'Add Inventory'],
      ['/inventory-report', 'Inventory Report'],
      ['/sale-purchase-report', 'Sale Purchase Report'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 3 }).waitFor();
    }
    await expect.poll(() => page.getByRole('menuitem', { name: 'Update All Inventory' }).getAttribute('aria-disabled')).toBe('true');
    await page.goto('/update-all-inventory');
    await page.getByText('Sorry, your role is not allowed to open this page.').waitFor();
    await expectPath(page, '/update-all-inventory');
    await expect(page.getByRole('button', { name: 'Update Inventory' }).count()).resolves.toBe(0);
  });
});
