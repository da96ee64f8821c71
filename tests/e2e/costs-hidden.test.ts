import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
import { api, tableRows } from '../support/e2e-crud.js';
import { navigateInApp } from '../support/e2e-routes.js';
import { demoRecord } from '../support/e2e-stock.js';
import { shift, today } from '../support/business-day.js';

/** Issue 28: a role without 'costs: see' (the API leaves cost figures out) never reads '₹NaN', nor a cost left blank. */
const COST_HEADERS = ['Unit Cost', 'Total Value', 'Value', 'Total'];

/** Everything the page shows: text only, every table header, every card. */
const shownText = (page: Page) => page.locator('main').innerText();

async function settled(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton, .ant-table-placeholder .ant-spin').count(), { timeout: 30_000 }).toBe(0);
}

async function expectNoCosts(page: Page, where: string): Promise<void> {
  const text = await shownText(page);
  expect(text, where).not.toMatch(/NaN/);
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  expect(
    headers.filter((h) => COST_HEADERS.includes(h.trim())),
    where,
  ).toEqual([]);
}

describe("without 'costs: see' (issue 28)", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    const policy: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    const { costs: _costs, ...rest } = policy.grants['warehouse-user'];
    policy.grants['warehouse-user'] = rest;
    expect((await api('PUT', '/permissions', policy)).status).toBe(200);
  });
  afterAll(async () => {
    await api('PUT', '/permissions', DEFAULT_POLICY);
  });

  it('no screen shows ₹NaN or a cost column: dashboard, inventory (and its CSV), city inventory, the four report views, sale-purchase (and its CSV), transfers, stock takes, expiry', async () => {
    const page = browser.page();
    const record = await demoRecord(2828, () => true);
    await loginAs(page, 'warehouse');

    await settled(page, 'Dashboard');
    await expect.poll(() => page.getByTestId('stat-inventory').innerText()).toMatch(/\d/);
    await expectNoCosts(page, 'dashboard');
    expect(await page.getByTestId('stat-value').count()).toBe(0);

    await navigateInApp(page, '/inventory');
    await settled(page, 'Inventory Management');
    await expect.poll(() => tableRows(page).count()).toBeGreaterThan(0);
    await expectNoCosts(page, 'inventory');
    // Its CSV (the API's file) in the list's columns as this role sees them.
    const [inventoryCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const inventoryHeader = fs
      .readFileSync(await savedFile(inventoryCsv), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    expect(inventoryHeader).toBe('Product Name,Current Stock,Min Stock,Max Stock,Location,Warehouse,Status');

    await navigateInApp(page, `/inventory-by-city/${record.city_id}`);
    await settled(page, 'Inventory for City');
    await expect.poll(() => tableRows(page).count()).toBeGreaterThan(0);
    await expectNoCosts(page, 'inventory by city');

    for (const view of ['summary', 'detailed', 'movements', 'comparison']) {
      // A full load: the report reads its view from the address when it opens.
      await page.goto(`/inventory-report?report_type=${view}`);
      await settled(page, 'Inventory Report');
      await expect.poll(() => page.locator('.report-section').count()).toBeGreaterThan(0);
      await expectNoCosts(page, `inventory report, ${view}`);
      expect(await shownText(page), view).not.toContain('₹');
    }

    await navigateInApp(page, `/sale-purchase-report?warehouse_id=${record.warehouse_id}&start_date=${shift(today(), -30)}&end_date=${today()}`);
    await settled(page, 'Sale Purchase Report');
    await page.getByTestId('purchases').waitFor();
    await expectNoCosts(page, 'sale-purchase report');
    expect(await shownText(page)).not.toContain('₹');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const header = fs
      .readFileSync(await savedFile(download), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    expect(header).toBe('Section,Date,Time,Product,Quantity');

    for (const [path, heading] of [
      ['/transfers', 'Transfers'],
      ['/stock-takes', 'Stock Takes'],
    ] as const) {
      await navigateInApp(page, path);
      await settled(page, heading);
      await expectNoCosts(page, path);
    }

    await navigateInApp(page, '/expiry-report');
    await settled(page, 'Expiry Report');
    await expectNoCosts(page, 'expiry report');
    expect(await shownText(page)).not.toContain('₹');
  }, 150_000);
});
