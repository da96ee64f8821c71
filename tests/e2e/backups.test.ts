import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
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
      const file = await savedFile(download);
      expect(fs.statSync(file).size).toBe(listed.bytes);
    }, 180_000);
  }

  it('a failed backup is shown on Backups and, to admins, on the dashboard, until a run succeeds', async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    const dir = inject('e2eBackupDir');
    const away = `${dir}.away`;
    // The folder's disk gone, a file in its place: the run fails, whatever the machine lets root do.
    if (fs.existsSync(dir)) fs.renameSync(dir, away);
    fs.writeFileSync(dir, 'not a folder');
    try {
      await page.goto('/backups');
      await page.getByRole('heading', { name: 'Backups' }).waitFor();
      await page.getByRole('button', { name: 'Run now' }).click();
      await page.locator('.ant-notification-notice').filter({ hasText: 'The backup failed' }).first().waitFor({ timeout: 60_000 });
      const alert = page.getByTestId('backup-failure');
      await expect.poll(() => alert.textContent()).toMatch(/The last backup failed \(\d/);

      await page.goto('/admin-dashboard');
      const warning = page.getByTestId('backup-failure');
      await expect.poll(() => warning.textContent()).toMatch(/The last backup failed/);
      await warning.getByRole('link', { name: 'Backups' }).click();
      await page.getByRole('heading', { name: 'Backups' }).waitFor();
    } finally {
      fs.rmSync(dir, { force: true });
      if (fs.existsSync(away)) fs.renameSync(away, dir);
    }
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(() => page.getByTestId('backup-failure').count(), { timeout: 120_000 }).toBe(0);
    await page.goto('/admin-dashboard');
    await page.getByText('Total Products').first().waitFor();
    expect(await page.getByTestId('backup-failure').count()).toBe(0);
  }, 180_000);

  it('a role without the backups row sees the entry greyed out and no backup', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    const entry = page.getByRole('menuitem', { name: 'Backups' });
    await entry.waitFor();
    await expect.poll(() => entry.getAttribute('aria-disabled')).toBe('true');
  });
});
