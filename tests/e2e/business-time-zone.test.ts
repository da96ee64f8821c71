import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, unique } from '../support/e2e-crud.js';
import { demoRecord, pickOption } from '../support/e2e-stock.js';
import { dayIST, shift } from '../support/business-day.js';

/**
 * Reports and date pickers keep India's business day whatever the browser's time zone (issue 28). The browser runs in
 * a zone whose date differs from India's at this moment (Honolulu, 15½ hours behind, until 15:30 in India; Kiritimati,
 * 8½ hours ahead, after it), with its clock fixed at that moment.
 */
const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const timeIST = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const zoneFor = (at: Date) => (dayIn('Pacific/Honolulu', at) !== dayIST(at) ? 'Pacific/Honolulu' : 'Pacific/Kiritimati');
const shown = (day: string) => dayjs(day).format('DD MMM YYYY');

const ZONE = zoneFor(new Date());

type Added = { movement: { created: string } };

/** A purchase of one unit now, under a reference of its own: a movement of India's today to look for. */
async function purchaseNow() {
  const record = await demoRecord(28, (r) => r.current_stock > 0);
  const { body: sellers } = await api<{ data: { _id: string }[] }>('GET', `/users/by-role/seller?city_id=${record.city_id}`);
  const reference = unique('TZ').replace(' ', '-');
  const added = await api<Added>('POST', '/inventory/add-stock', {
    product_id: record.product_id,
    warehouse_id: record.warehouse_id,
    quantity: 1,
    unit_cost: 10,
    movement_reason: 'purchase',
    reference_id: reference,
    reference_type: 'invoice',
    notes: 'Time zone check',
    seller_id: sellers.data[0]!._id,
  });
  expect(added.status).toBe(200);
  return { record, reference, created: new Date(added.body.movement.created) };
}

/** Fixes the page's clock at `now`, after checking that the browser's date there is not India's. */
async function fixClock(page: Page, now: Date): Promise<string> {
  const india = dayIST(now);
  expect(dayIn(ZONE, now), `the browser's date in ${ZONE} must differ from India's`).not.toBe(india);
  await page.clock.setFixedTime(now);
  return india;
}

/** A calendar cell of the open picker, by its YYYY-MM-DD title. */
const cell = (page: Page, day: string) => page.locator(`.ant-picker-dropdown:visible td.ant-picker-cell-in-view[title="${day}"]`).first();
const isDisabled = async (page: Page, day: string) => (await cell(page, day).getAttribute('class'))!.includes('ant-picker-cell-disabled');

describe(`reports and date pickers in a browser in ${ZONE}`, () => {
  const browser = useBrowser({ timezoneId: ZONE });

  it("the inventory report's default period ends on India's today, its calendar offers that day, and a movement shows the day it is grouped under", async () => {
    const page = browser.page();
    const { reference, created } = await purchaseNow();
    const india = await fixClock(page, new Date());
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/inventory/report')) requests.push(new URL(r.url()));
    });
    await loginAs(page, 'admin', '/inventory-report?report_type=movements');
    await expect.poll(() => requests.at(-1)?.searchParams.get('end_date')).toBe(india);
    expect(requests.at(-1)!.searchParams.get('start_date')).toBe(shift(india, -29));
    await expect.poll(() => page.getByPlaceholder('End date').inputValue()).toBe(shown(india));

    await page.getByPlaceholder('End date').click();
    await cell(page, india).waitFor();
    expect(await isDisabled(page, india)).toBe(false);
    await expect(cell(page, india).getAttribute('class')).resolves.toContain('ant-picker-cell-today');
    await page.keyboard.press('Escape');

    const group = page.locator('.ant-collapse-item').filter({ has: page.locator('.ant-collapse-header', { hasText: `${shown(india)} — ` }) });
    const row = group.locator('tr.ant-table-row').filter({ hasText: reference });
    await expect.poll(() => row.locator('td').first().innerText()).toBe(`${shown(india)}, ${timeIST(created)}`);
  });

  it("the sale-purchase report's pickers take India's today (not a day after it), and a purchase shows India's time under India's day", async () => {
    const page = browser.page();
    const { record, created } = await purchaseNow();
    await loginAs(page, 'admin', '/sale-purchase-report');
    await pickOption(page, 'Warehouse', record.warehouse_name);
    // Only now: the warehouse picker searches as it is typed into, and its debounce (lodash's, timed by Date.now) never
    // fires while the clock stands still.
    const india = await fixClock(page, new Date());
    await page.getByLabel('Start date').fill(india);
    await page.getByLabel('Start date').blur();
    await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe(shown(india));
    // The start date's calendar gone (it fades out), so the open calendar below is the end date's.
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);

    await page.getByLabel('End date').click();
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(1);
    await cell(page, india).waitFor();
    expect(await isDisabled(page, india)).toBe(false);
    expect(await isDisabled(page, shift(india, 1))).toBe(true);
    // The end date's calendar is the one mounted last: the start date's can still be fading out under load.
    await page.locator('.ant-picker-dropdown:visible').last().getByText('Today', { exact: true }).click();
    await expect.poll(() => page.getByLabel('End date').inputValue()).toBe(shown(india));
    await page.getByRole('button', { name: 'Get Report' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('end_date')).toBe(india);

    const dayRow = page
      .getByTestId('purchases')
      .locator('tr.ant-table-row-level-0')
      .filter({ hasText: shown(india) });
    await dayRow.click();
    const item = page
      .getByTestId('purchases')
      .locator('tr.ant-table-row-level-1')
      .filter({ hasText: `${timeIST(created)} · ${record.product_name}` });
    await expect.poll(() => item.count()).toBeGreaterThan(0);
  });
});
