import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday } from '../support/batch-fixtures.js';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, eventually, unique } from '../support/e2e-crud.js';
import { pickOption } from '../support/e2e-stock.js';

/**
 * A document's lines editor on a phone (issue 30): at 390 px a purchase order is drafted with lines added, typed and
 * removed without scrolling sideways; at 1440 px the same editor is a table. The API says what was saved.
 */

type Party = { _id: string; name?: string; firstname?: string };
type Product = { _id: string; productname: string };
type Order = { _id: string; status: string; lines: { product_id: string; quantity: number; unit_cost: number }[] };

/** A demo seller and warehouse, and two products each found alone by its name (no other name contains it). */
async function setting() {
  const sellers = (await api<{ users: Party[] }>('GET', '/users?role=seller&status=active&limit=100')).body.users;
  const seller = sellers.find((s) => sellers.filter((o) => o.firstname!.includes(s.firstname!)).length === 1)!;
  const warehouse = (await api<{ data: Party[] }>('GET', '/warehouses?limit=100')).body.data[0]!;
  const products = (await api<{ data: Product[] }>('GET', '/products?limit=1000')).body.data;
  const alone = products
    .filter((p) => products.filter((o) => o.productname.includes(p.productname)).length === 1)
    .sort((a, b) => a.productname.localeCompare(b.productname));
  return { seller, warehouse, first: alone[0]!, second: alone.at(-1)! };
}

/** Its content fits its box: nothing in it to scroll sideways to. */
const fitsItsBox = (element: Locator) => element.evaluate((e) => e.scrollWidth <= e.clientWidth);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function startOrder(page: Page, seller: Party, warehouse: Party) {
  await page.goto('/purchase-orders/create');
  await pickOption(page, 'Seller', seller.firstname!);
  await pickOption(page, 'Warehouse', warehouse.name!);
  const expected = page.getByLabel('Expected On', { exact: true });
  await expected.fill(dayFromToday(7));
  await expected.press('Tab');
}

/** Tab from this input goes through these, by their accessible names. */
async function tabsFrom(page: Page, start: string, then: string[]) {
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await page.getByLabel(start, { exact: true }).focus();
  for (const name of then) {
    await page.keyboard.press('Tab');
    await eventually(focused).toBe(name);
  }
}

describe("a document's lines editor on a phone (issue 30)", () => {
  const browser = useBrowser();

  it('at 390 px: lines added, typed and removed without scrolling sideways; the draft keeps the one line left', async () => {
    const { seller, warehouse, first, second } = await setting();
    const page = browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin');
    await startOrder(page, seller, warehouse);
    await page.getByLabel('Notes', { exact: true }).fill(unique('E2E phone lines'));

    const lines = page.getByRole('list', { name: 'Lines', exact: true });
    const cards = lines.getByRole('listitem');
    await pickOption(page, 'Product (line 1)', first.productname);
    await page.getByLabel('Quantity (line 1)', { exact: true }).fill('4');
    await page.getByLabel('Unit Cost (line 1)', { exact: true }).fill('12.5');
    await page.getByRole('button', { name: /Add Line/ }).click();
    await eventually(() => cards.count()).toBe(2);
    await pickOption(page, 'Product (line 2)', second.productname);
    await page.getByLabel('Quantity (line 2)', { exact: true }).fill('3');
    await page.getByLabel('Unit Cost (line 2)', { exact: true }).fill('20');

    // Each line's amount and the document's total, as typed.
    await eventually(() => page.getByTestId('total-amount').innerText()).toBe('₹110.00');
    await expect(page.getByTestId('line-amount').allInnerTexts()).resolves.toEqual(['₹50.00', '₹60.00']);
    // Nothing off the side: not in the lines, not on the page, every control of a line within the screen.
    await expect(fitsItsBox(lines)).resolves.toBe(true);
    await expect(pageWidth(page)).resolves.toBeLessThanOrEqual(390);
    const controls = [
      page.getByLabel('Product (line 2)', { exact: true }).and(page.getByRole('combobox')),
      page.getByLabel('Quantity (line 2)', { exact: true }),
      page.getByLabel('Unit Cost (line 2)', { exact: true }),
      page.getByRole('button', { name: 'Remove line 2', exact: true }),
    ];
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }

    // By keyboard, a line's inputs then its Remove, in the order they are read; the first line goes, the second
    // becomes line 1 with what was typed in it.
    await tabsFrom(page, 'Quantity (line 1)', ['Unit Cost (line 1)', 'Remove line 1']);
    await page.keyboard.press('Enter');
    await eventually(() => cards.count()).toBe(1);
    await expect(page.getByLabel('Quantity (line 1)', { exact: true }).inputValue()).resolves.toBe('3');
    await eventually(() => page.getByTestId('total-amount').innerText()).toBe('₹60.00');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: /^Purchase Order PO-\d{4}-\d{5}$/ }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const saved = (await api<Order>('GET', `/purchase-orders/${id}`)).body;
    expect(saved.status).toBe('draft');
    expect(saved.lines).toHaveLength(1);
    expect(saved.lines[0]).toMatchObject({ product_id: second._id, quantity: 3, unit_cost: 20 });
  });

  it('at 1440 px the lines are a table with a column per field, the same names and Tab order', async () => {
    const page = browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin', '/purchase-orders/create');
    const table = page.getByRole('table', { name: 'Lines', exact: true });
    await table.getByRole('columnheader', { name: 'Unit Cost', exact: true }).waitFor();
    await expect(page.getByRole('list', { name: 'Lines', exact: true }).count()).resolves.toBe(0);
    await expect(table.getByLabel('Quantity (line 1)', { exact: true }).count()).resolves.toBe(1);
    await tabsFrom(page, 'Quantity (line 1)', ['Unit Cost (line 1)', 'Remove line 1']);
  });
});
