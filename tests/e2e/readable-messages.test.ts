import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { tableRows } from '../support/e2e-crud.js';
import { demoRecord } from '../support/e2e-stock.js';

/** Issue 28: what a person reads says each problem once, in words, with no internals. */
describe('messages on screen (issue 28)', () => {
  const browser = useBrowser();

  it("a refused delete shows one notification with the server's words, not 'Error (status code: 409)'", async () => {
    const page = browser.page();
    const record = await demoRecord(4242, (r) => r.current_stock > 0);
    await loginAs(page, 'admin', `/inventory?product_name=${encodeURIComponent(record.product_name)}&warehouse=${record.warehouse_id}`);
    const row = tableRows(page).filter({ hasText: record.warehouse_name }).first();
    await row.getByRole('button', { name: `Delete ${record.product_name} in ${record.warehouse_name}` }).click();
    const popover = page.locator('.ant-popover').filter({ hasText: 'Are you sure you want to delete this inventory record?' });
    await popover.getByRole('button', { name: 'Delete' }).click();

    const notices = page.locator('.ant-notification-notice');
    await notices.first().waitFor();
    await expect.poll(() => notices.first().innerText()).toContain(`still holds ${record.current_stock} units`);
    const text = (await notices.allInnerTexts()).join('\n');
    expect(text).not.toMatch(/status code/i);
    expect(await notices.count()).toBe(1);
    // The sentence once, not as a title and again below it.
    expect(text.split('still holds').length).toBe(2);
  });

  it('the permissions reset explains itself without pointing at SPEC.md', async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/permissions');
    // An unsaved tick, so that there is something to reset (nothing is saved).
    await page.getByRole('checkbox', { name: 'warehouse-user: products list', exact: true }).check();
    const reset = page.getByRole('button', { name: 'Reset to defaults' });
    await expect.poll(() => reset.isDisabled()).toBe(false);
    await reset.click();
    const confirm = page.locator('.ant-popover').filter({ hasText: 'Reset to defaults?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).not.toMatch(/SPEC|section \d/);
  });
});
