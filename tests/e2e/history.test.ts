import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatINR } from '../../src/domain/money.js';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, atPath, eventually } from '../support/e2e-crud.js';

/**
 * Issue 32, the SPA's part of History: a record's History panel and the Activity screen read what the API recorded in
 * each change's own transaction, and only roles with `history: list` see either.
 */

type Product = { _id: string; productname: string; price: number; discount_price: number };

/** Raises a product's MRP through the API, as admin: the entry the screens must show. */
async function changePrice(): Promise<{ product: Product; line: string }> {
  const { body } = await api<{ data: Product[] }>('GET', '/products?limit=1');
  const product = body.data[0]!;
  const next = Number(product.price) + 7.5;
  const saved = await api('PATCH', `/products/${product._id}`, { price: next });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { product, line: `MRP Price ${formatINR(Number(product.price))} → ${formatINR(next)}` };
}

const historyPanel = (page: Page) => page.getByRole('region', { name: 'History' });
const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: label });

describe('History and Activity in the browser (issue 32)', () => {
  const browser = useBrowser();

  it("shows a price change in the product's History: old and new price, the admin's name, India's time", async () => {
    const page = browser.page();
    const { product, line } = await changePrice();
    await loginAs(page, 'admin', `/product-edit/${product._id}`);
    const latest = historyPanel(page).getByTestId('history-line').first();
    await eventually(() => latest.textContent()).toMatch(
      new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · Aarti Verma · \\d{2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`),
    );
  });

  it("shows a change saved on an inventory record's page in its History at once, without a reload", async () => {
    const page = browser.page();
    const { body } = await api<{ data: { _id: string; location: string }[] }>('GET', '/inventory?limit=1');
    const record = body.data[0]!;
    const location = `Aisle H-${Date.now() % 1000}`;
    await loginAs(page, 'admin', `/inventory-edit/${record._id}`);
    await historyPanel(page).waitFor();
    const details = page.getByRole('form', { name: 'Stock levels and location' });
    await eventually(() => details.getByLabel('Min Stock', { exact: true }).inputValue()).not.toBe('');
    await details.getByLabel('Location', { exact: true }).fill(location);
    await details.getByRole('button', { name: 'Save Details' }).click();
    await historyPanel(page).getByText(`→ ${location} · Aarti Verma`).waitFor();
    expect(await historyPanel(page).getByTestId('history-line').first().textContent()).toContain(`Location ${record.location || '—'} → ${location}`);
  });

  it('lists the change on /activity filtered by the admin, and opens the record from it', async () => {
    const page = browser.page();
    const { product, line } = await changePrice();
    await loginAs(page, 'admin', '/activity');
    await page.getByTestId('activity-entry').first().waitFor();

    await page.getByRole('combobox', { name: 'User', exact: true }).fill('Aarti');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Aarti Verma' }).first().click();
    await eventually(() => new URL(page.url()).searchParams.get('user_id')).toMatch(/^[0-9a-f-]{36}$/);
    const entries = page.getByTestId('activity-entry');
    await eventually(async () => (await entries.allInnerTexts()).every((text) => text.includes('Aarti Verma'))).toBe(true);
    const entry = entries.filter({ hasText: line }).first();
    await entry.waitFor();

    // Named as the entry names it: the product's name when it was changed.
    await entry.getByRole('link', { name: product.productname, exact: true }).click();
    await atPath(page, `/product-edit/${product._id}`);
    await historyPanel(page).getByText(line).first().waitFor();
  });

  it('at 390×844 /activity does not scroll sideways', async () => {
    const page = browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin', '/activity');
    await page.getByTestId('activity-entry').first().waitFor();
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a warehouse user (no history grant by default) has no usable Activity entry, no Activity screen and no History panel', async () => {
    const page = browser.page();
    const { body } = await api<{ data: { _id: string }[] }>('GET', '/inventory?limit=1', undefined, 'warehouse');
    const record = body.data[0]!;
    await loginAs(page, 'warehouse');
    // The sidebar greys out what a role may not open (SPEC.md section 6): the entry is no link.
    await eventually(() => menuItem(page, 'Activity').getAttribute('aria-disabled')).toBe('true');
    expect(await menuItem(page, 'Activity').locator('a').count()).toBe(0);

    await page.goto(`/inventory-edit/${record._id}`);
    await page.getByText('Stock levels and location').waitFor();
    // The access answer the panel waits for is the one the sidebar shows: once it is there, so would the panel be.
    await eventually(() => menuItem(page, 'Activity').getAttribute('aria-disabled')).toBe('true');
    expect(await historyPanel(page).count()).toBe(0);

    await page.goto('/activity');
    await page.getByText('Sorry, your role is not allowed to open this page.').waitFor();
  });
});
