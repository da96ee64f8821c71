import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';

/** Types into a search box until its suggestions show, then presses Escape. */
async function escapeFromSuggestions(page: Page, box: Locator, typed: string): Promise<void> {
  await box.click();
  await box.pressSequentially(typed);
  const list = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
  await page.locator('.ant-select-dropdown', { has: list }).locator('.ant-select-item-option').first().waitFor();
  await box.press('Escape');
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
  await expect(box.inputValue()).resolves.toBe(typed);
}

describe('search boxes (issue 13)', () => {
  const browser = useBrowser();

  it('Escape closes the suggestions and keeps the text typed, in the list search and the product search', async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/product-listing');
    await escapeFromSuggestions(page, page.getByPlaceholder('Search products by name'), 'mil');
    // Enter still searches by the text kept.
    await page.getByPlaceholder('Search products by name').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('mil');

    await page.goto('/inventory');
    await escapeFromSuggestions(page, page.getByRole('combobox', { name: 'Product name' }), 'tea');
  });
});
