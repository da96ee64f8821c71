import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, chooseSuggestion, deleteRow, eventually, expectRowCount, fieldError, search, tableRows, totalOf, unique } from '../support/e2e-crud.js';

const SEARCH = 'Search handling charges by type';
type Charge = { _id: string; charge_type: string; amount: number };

describe('handling charges (SPEC.md sections 2, 4 and 5)', () => {
  const browser = useBrowser();

  it('refuses invalid input with the SPEC.md rules and writes nothing', async () => {
    const page = browser.page();
    const type = unique('Bad fee');
    await loginAs(page, 'admin', '/handling-charges');
    await page.getByRole('button', { name: 'Add Charge' }).click();
    await fieldError(page, 'Charge type is required').waitFor();
    await fieldError(page, 'Amount is required and must be a number').waitFor();
    await page.getByLabel('Charge Type').fill(type);
    await page.getByLabel('Amount (INR)').fill('-1');
    await page.getByRole('button', { name: 'Add Charge' }).click();
    await fieldError(page, 'Amount cannot be negative').waitFor();
    expect(await search('/handling-charges', type)).toEqual([]);
  });

  it('adds a charge, edits it in the form above the table, cancels an edit, and deletes it after the confirmation', async () => {
    const page = browser.page();
    const type = unique('Festive surcharge');
    // The warehouse-user runs the handling charges too (SPEC.md section 6).
    await loginAs(page, 'warehouse', '/handling-charges');
    await page.getByText('Add Handling Charge').waitFor();
    await page.getByLabel('Charge Type').fill(type);
    await page.getByLabel('Amount (INR)').fill('12.5');
    await page.getByRole('button', { name: 'Add Charge' }).click();
    await page.getByText('Handling charge added successfully').waitFor();
    await eventually(() => page.getByLabel('Charge Type').inputValue()).toBe('');
    const [created] = await search<Charge>('/handling-charges', type);
    expect(created).toMatchObject({ charge_type: type, amount: 12.5 });

    await chooseSuggestion(page, SEARCH, type.slice(0, -2), type);
    await expectRowCount(page, 1);
    await expect(tableRows(page).first().textContent()).resolves.toContain('₹12.50');

    await tableRows(page).first().getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Edit Handling Charge').waitFor();
    await expect(page.getByLabel('Charge Type').inputValue()).resolves.toBe(type);
    await page.getByLabel('Amount (INR)').fill('99');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Add Handling Charge').waitFor();
    await expect(page.getByLabel('Charge Type').inputValue()).resolves.toBe('');
    expect((await api<Charge>('GET', `/handling-charges/${created!._id}`)).body.amount).toBe(12.5);

    await tableRows(page).first().getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Amount (INR)').fill('15.75');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Handling charge updated successfully').waitFor();
    await page.getByText('Add Handling Charge').waitFor();
    // The list reloads after the change.
    await eventually(() => tableRows(page).first().textContent()).toContain('₹15.75');
    expect((await api<Charge>('GET', `/handling-charges/${created!._id}`)).body.amount).toBe(15.75);

    await deleteRow(page, type, 'Are you sure you want to delete this handling charge?');
    // The chosen charge is gone: the whole list is back, without it.
    await eventually(() => new URL(page.url()).searchParams.get('selected')).toBeNull();
    await eventually(() => tableRows(page).count()).toBeGreaterThan(0);
    await eventually(() => tableRows(page).filter({ hasText: type }).count()).toBe(0);
    expect((await api('GET', `/handling-charges/${created!._id}`)).status).toBe(404);
    await page.goto(`/handling-charges?q=${encodeURIComponent(type)}`);
    await page.getByText('No handling charges found.').waitFor();
  });

  it('pages through the charges with the real page count', async () => {
    const page = browser.page();
    const ids: string[] = [];
    try {
      while ((await totalOf('/handling-charges')) <= 10) {
        const { body } = await api<Charge>('POST', '/handling-charges', { charge_type: unique('Page fee'), amount: 1 });
        ids.push(body._id);
      }
      const pages = Math.ceil((await totalOf('/handling-charges')) / 10);
      await loginAs(page, 'admin', '/handling-charges');
      await page.getByText(`Page 1 of ${pages}`).waitFor();
      await expectRowCount(page, 10);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page 2 of ${pages}`).waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    } finally {
      for (const id of ids) await api('DELETE', `/handling-charges/${id}`);
    }
  });
});
