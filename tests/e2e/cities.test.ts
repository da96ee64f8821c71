import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser, savedFile } from '../support/e2e-browser.js';
import { api, atPath, chooseSuggestion, deleteRow, eventually, expectRowCount, fieldError, search, tableRows, totalOf, unique } from '../support/e2e-crud.js';

const SEARCH = 'Search cities by name, state, district or pincode';

describe('city management (SPEC.md section 2)', () => {
  const browser = useBrowser();

  it('refuses invalid input with the SPEC.md messages and writes nothing', async () => {
    const page = browser.page();
    const name = unique('Badcity');
    await loginAs(page, 'admin', '/cities');
    await page.getByRole('heading', { name: 'City Management' }).waitFor();
    await page.getByRole('button', { name: 'Add City' }).click();
    await atPath(page, '/city-registration');

    await expect(page.getByRole('button', { name: 'Remove ward 1' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'City Name' }).fill(name);
    await page.getByLabel('Pincode').fill('12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'Please enter a valid 6-digit pincode').waitFor();
    await fieldError(page, 'State is required').waitFor();
    await fieldError(page, 'District is required').waitFor();
    await page.getByText('At least one ward is required', { exact: true }).waitFor();
    await atPath(page, '/city-registration');
    expect(await search('/cities', name)).toEqual([]);
  });

  it('refuses a city that already exists (same name and state in another case, same pincode) with a clear message', async () => {
    const page = browser.page();
    const name = unique('Twinpur');
    const existing = await api<{ _id: string }>('POST', '/cities', { name, state: 'Gujarat', district: 'Surat', pincode: '395001', wards: ['Adajan'] });
    expect(existing.status).toBe(201);
    await loginAs(page, 'admin', '/city-registration');
    await page.getByRole('textbox', { name: 'City Name' }).fill(` ${name.toUpperCase()} `);
    await page.getByLabel('State').fill('gujarat');
    await page.getByLabel('District').fill('Surat');
    await page.getByLabel('Pincode').fill('395001');
    await page.getByLabel('Ward 1', { exact: true }).fill('Vesu');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A city with this name, state and pincode already exists', { exact: true }).waitFor();
    await atPath(page, '/city-registration');
    expect((await search('/cities', name)).map((c) => c._id)).toEqual([existing.body._id]);
    expect((await api('DELETE', `/cities/${existing.body._id}`)).status).toBe(200);
  });

  it('creates a city, finds it through the search, edits it and deletes it after the confirmation', async () => {
    const page = browser.page();
    const name = unique('Testpur');
    await loginAs(page, 'admin', '/city-registration');
    await page.getByRole('textbox', { name: 'City Name' }).fill(name);
    await page.getByLabel('State').fill('Rajasthan');
    await page.getByLabel('District').fill('Ajmer');
    await page.getByLabel('Pincode').fill('305001');
    await page.getByLabel('Ward 1', { exact: true }).fill('Civil Lines');
    await page.getByRole('button', { name: 'Add Ward' }).click();
    await page.getByLabel('Ward 2', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Add Ward' }).click();
    await page.getByLabel('Ward 3', { exact: true }).fill('Vaishali Nagar');
    await page.getByRole('button', { name: 'Save' }).click();
    await atPath(page, '/cities');
    await page.getByText('City added successfully').waitFor();

    const [created] = await search<{ _id: string; wards: string[]; pincode: string; is_active: boolean }>('/cities', name);
    expect(created).toMatchObject({ wards: ['Civil Lines', 'Vaishali Nagar'], pincode: '305001', is_active: true });

    await chooseSuggestion(page, SEARCH, name.slice(0, -2), name);
    await expectRowCount(page, 1);
    await expect(tableRows(page).first().textContent()).resolves.toContain('Civil Lines, Vaishali Nagar');
    expect(new URL(page.url()).searchParams.get('selected')).toBe(created!._id);

    await tableRows(page).first().getByRole('button', { name: 'Edit' }).click();
    await atPath(page, `/city-edit/${created!._id}`);
    await eventually(() => page.getByRole('textbox', { name: 'City Name' }).inputValue()).toBe(name);
    await page.getByLabel('District').fill('Ajmer North');
    await page.getByRole('button', { name: 'Update' }).click();
    await atPath(page, '/cities');
    await page.getByText('City updated successfully').waitFor();
    expect((await api('GET', `/cities/${created!._id}`)).body).toMatchObject({ district: 'Ajmer North', wards: ['Civil Lines', 'Vaishali Nagar'] });

    await page.getByPlaceholder(SEARCH).fill(name);
    await page.getByPlaceholder(SEARCH).press('Enter');
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe(name);
    await expectRowCount(page, 1);
    await deleteRow(page, name, 'Are you sure you want to delete this city?');
    await page.getByText('No cities found').waitFor();
    expect((await api('GET', `/cities/${created!._id}`)).status).toBe(404);
  });

  it("shows the server's reason when a city in use cannot be deleted", async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/cities?q=Jaipur');
    await expectRowCount(page, 1);
    await deleteRow(page, 'Jaipur', 'Are you sure you want to delete this city?');
    await page
      .getByRole('alert')
      .filter({ hasText: /This city has \d+ warehouse\(s\)/ })
      .waitFor();
    await expectRowCount(page, 1);
  });

  it('exports the current filter and sort to CSV, every page of it: the file the API writes', async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/cities?q=Rajasthan&sort=name&order=desc');
    const listed = (await api<{ data: { name: string }[] }>('GET', '/cities?q=Rajasthan&sort=name&order=desc&limit=100')).body.data;
    await expectRowCount(page, listed.length);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cities-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await savedFile(file), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    // RFC 4180: a cell is quoted where it holds a comma, a quote or a line break.
    expect(header).toBe('City Name,State,District,Pincode,Wards,Status,Created');
    expect(lines.map((line) => line.split(',')[0])).toEqual(listed.map((c) => c.name));
    expect(csv).toContain('Jaipur,Rajasthan,Jaipur,302001,"Malviya Nagar, Vaishali Nagar, Mansarovar, C-Scheme, Raja Park",Active,');
    expect(csv).not.toContain('Pune');
  });

  it('pages through the cities with the real page count, kept in the URL', async () => {
    const page = browser.page();
    const ids: string[] = [];
    try {
      while ((await totalOf('/cities')) <= 10) {
        const { body } = await api<{ _id: string }>('POST', '/cities', {
          name: unique('Pagecity'),
          state: 'Goa',
          district: 'North Goa',
          pincode: '403001',
          wards: ['Panaji'],
        });
        ids.push(body._id);
      }
      const pages = Math.ceil((await totalOf('/cities')) / 10);
      await loginAs(page, 'admin', '/cities');
      await page.getByText(`Page 1 of ${pages}`).waitFor();
      await expectRowCount(page, 10);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page 2 of ${pages}`).waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      await page.reload();
      await page.getByText(`Page 2 of ${pages}`).waitFor();
      await expect(page.getByRole('button', { name: 'Previous' }).isEnabled()).resolves.toBe(true);
    } finally {
      for (const id of ids) await api('DELETE', `/cities/${id}`);
    }
  });
});
