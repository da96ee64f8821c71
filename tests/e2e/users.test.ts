import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, atPath, chooseSuggestion, deleteRow, eventually, expectRowCount, fieldError, tableRows, totalOf, unique } from '../support/e2e-crud.js';

const SEARCH = 'Search users by name, email or phone';

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

async function fillUser(page: Page, user: { first: string; email: string; phone: string; password: string }): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill(user.first);
  await page.getByLabel('Last Name', { exact: true }).fill('Tester');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByLabel('Phone Number', { exact: true }).fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  // A city is offered by name and state, as its search suggestions name it.
  await pick(page, 'City', 'Lucknow, Uttar Pradesh');
  await page.getByLabel('Address', { exact: true }).fill('12 Hazratganj, Lucknow');
  // A role that may sign in, so the test can show the password works.
  await pick(page, 'Role', 'Warehouse User');
}

const signIn = (emailOrPhone: string, password: string) =>
  fetch(new URL('/api/auth/login', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone, password }),
  });

const randomPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('user management (SPEC.md sections 2, 3 and 5)', () => {
  const browser = useBrowser();

  it('refuses invalid input with the SPEC.md messages and writes nothing', async () => {
    const page = browser.page();
    const email = `${unique('bad').replace(' ', '.')}@example.com`;
    await loginAs(page, 'admin', '/users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    await atPath(page, '/user-registration');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true }).getAttribute('type')).resolves.toBe('email');
    await expect(page.getByLabel('Phone Number', { exact: true }).getAttribute('type')).resolves.toBe('tel');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'Password must be at least 6 characters').waitFor();
    await fieldError(page, 'First name is required').waitFor();
    await fieldError(page, 'City is required').waitFor();
    // An empty select names its field, without the list of internal role ids.
    await fieldError(page, 'Role is required').waitFor();
    await expect(page.getByText('must be one of', { exact: false }).count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await fieldError(page, 'Email must be a valid email address').waitFor();
    await atPath(page, '/user-registration');
    const { body } = await api<{ users: unknown[] }>('GET', `/users?q=${encodeURIComponent(email)}`);
    expect(body.users).toEqual([]);
  });

  it('creates a user, finds it, edits it keeping the password when left blank, and deletes it after the confirmation', async () => {
    const page = browser.page();
    const first = unique('Kavya').replace(' ', '');
    const email = `${first.toLowerCase()}@example.com`;
    await loginAs(page, 'admin', '/user-registration');
    await fillUser(page, { first, email, phone: randomPhone(), password: 'Secret@123' });
    await page.getByRole('button', { name: 'Save' }).click();
    await atPath(page, '/users');
    await page.getByText('User added successfully').waitFor();
    expect((await signIn(email, 'Secret@123')).status).toBe(200);

    await chooseSuggestion(page, SEARCH, first, email);
    await expectRowCount(page, 1);
    const row = tableRows(page).first();
    await expect(row.textContent()).resolves.toContain(`${first} Tester`);
    await expect(row.textContent()).resolves.toContain('Warehouse User');
    const id = new URL(page.url()).searchParams.get('selected')!;

    await row.getByRole('button', { name: 'Edit' }).click();
    await atPath(page, `/user-edit/${id}`);
    await page.getByText('Leave blank to keep the current password.').waitFor();
    await eventually(() => page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByLabel('Last Name', { exact: true }).fill('Verma');
    await page.getByRole('button', { name: 'Update' }).click();
    await atPath(page, '/users');
    await page.getByText('User updated successfully').waitFor();
    const updated = (await api<Record<string, unknown>>('GET', `/users/${id}`)).body;
    expect(updated).toMatchObject({ lastname: 'Verma', status: 'active', city: 'Lucknow' });
    // The blank password kept the old one.
    expect((await signIn(email, 'Secret@123')).status).toBe(200);

    // Not Verified through the API (such a user may not sign in), to see its label in the list.
    const { _id: _id, city: _city, created: _created, modified: _modified, ...fields } = updated;
    expect((await api('PUT', `/users/${id}`, { ...fields, status: 'notverified' })).status).toBe(200);

    await page.goto(`/users?q=${encodeURIComponent(email)}`);
    await tableRows(page).first().getByText('Not Verified').waitFor();
    await deleteRow(page, email, 'Are you sure you want to delete this user?');
    await page.getByText('No users found').waitFor();
    expect((await api('GET', `/users/${id}`)).status).toBe(404);
  });

  it("shows the server's message for an e-mail already registered, keeps the input, and throws nothing uncaught", async () => {
    const page = browser.page();
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await loginAs(page, 'admin', '/user-registration');
    await fillUser(page, { first: 'Dup', email: 'customer@demo.local', phone: randomPhone(), password: 'Secret@123' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('This email is already registered to another user').waitFor();
    await atPath(page, '/user-registration');
    await expect(page.getByLabel('First Name', { exact: true }).inputValue()).resolves.toBe('Dup');
    // A second refusal, and a round trip through the page's event loop, so any rejection has surfaced.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('This email is already registered to another user').waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(uncaught).toEqual([]);
  });

  it('pages through the users with the real page count', async () => {
    const page = browser.page();
    const pages = Math.ceil((await totalOf('/users')) / 10);
    expect(pages).toBeGreaterThan(1);
    await loginAs(page, 'admin', '/users');
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await expectRowCount(page, 10);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`Page 1 of ${pages}`).waitFor();
  });
});
