import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, tableRows } from '../support/e2e-crud.js';

/** Setting → Backups (issue 35): list, Run now and Download, at a desktop's width and a phone's. */
describe('Setting → Backups', () => {
  const browser = useBrowser({ acceptDownloads: true });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`at ${width} px: an admin runs a backup, sees it listed with its size and age, and downloads it`, async () => {
      const page = browser.page();
      await page.setViewportSize({ width, height });
      await loginAs(page, 'admin');
      const before = (await api<{ total: number }>('GET', '/backups')).body.total;
      await page.goto('/backups');
      await page.getByRole('heading', { name: 'Backups' }).waitFor();
      await expect.poll(() => page.getByTestId('backup-schedule').textContent()).toContain('The newest');
      await expect.poll(() => tableRows(page).count()).toBe(before);

      const run = page.getByRole('button', { name: 'Run now' });
      await run.click();
      // The button shows its work while the backup runs, then the new archive heads the list.
      await expect.poll(() => tableRows(page).count(), { timeout: 120_000 }).toBe(before + 1);
      await expect.poll(() => run.getAttribute('class')).not.toContain('ant-btn-loading');
      const newest = tableRows(page).first();
      await expect.poll(() => newest.textContent()).toMatch(/just now|\d+ min ago/);
      await expect.poll(() => newest.textContent()).toMatch(/\d(\.\d)? (KB|MB)/);
      // The page fits the window: nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: /^Download/ }).click()]);
      const listed = (await api<{ data: { name: string; bytes: number }[] }>('GET', '/backups')).body.data[0]!;
      expect(download.suggestedFilename()).toBe(listed.name);
      const file = await download.path();
      expect(fs.statSync(file).size).toBe(listed.bytes);
    }, 180_000);
  }

  it('a role without the backups row sees the entry greyed out and no backup', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    const entry = page.getByRole('menuitem', { name: 'Backups' });
    await entry.waitFor();
    await expect.poll(() => entry.getAttribute('aria-disabled')).toBe('true');
  });
});
