import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';

describe('login (SPEC.md sections 2 and 5)', () => {
  const browser = useBrowser();
  const field = (name: 'id' | 'password') => browser.page().getByPlaceholder(name === 'id' ? 'email or mobile number' : 'password', { exact: true });
  const submit = () => browser.page().getByRole('button', { name: 'Login' }).click();
  const alert = () => browser.page().getByRole('alert').first();

  it('shows the validation messages word for word, with the summary', async () => {
    const page = browser.page();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await field('id').waitFor();
    // Lazy routes: the login page does not download the back-office.
    expect(scripts.some((url) => /LoginPage/.test(url))).toBe(true);
    expect(scripts.some((url) => /BackOfficeLayout|DashboardPage|InventoryListPage/.test(url))).toBe(false);
    await submit();
    await page.getByText('Email or phone is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();
    await page.getByText('Error- Please enter the login details!', { exact: true }).waitFor();

    await field('id').fill('not an address');
    await field('password').fill('12345');
    await submit();
    await page.getByText('Invalid email or phone format', { exact: true }).waitFor();
    await page.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
  });

  it("shows the server's refusal of wrong credentials and of roles that may not sign in", async () => {
    const page = browser.page();
    await page.goto('/login');
    await field('id').fill('nobody@demo.local');
    await field('password').fill('wrong-password');
    await submit();
    await expect.poll(() => alert().textContent()).toBe('Invalid email/phone or password');

    await field('id').fill('customer@demo.local');
    await field('password').fill('Demo@123');
    await submit();
    await expect.poll(() => alert().textContent()).toBe('You are not authorized to access this application.');
    await expectPath(page, '/login');
  });

  it("the 'Forgot password?' link explains how a password is reset", async () => {
    const page = browser.page();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByText('User Management').waitFor();
  });

  it('admin lands on /admin-dashboard with name and role in the header; /login then goes back there', async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    await page.getByTestId('current-user').getByText('Admin', { exact: true }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('role'))).resolves.toBe('admin');
    await page.goto('/login');
    await expectPath(page, '/admin-dashboard');
  });

  it("a signed-in user's cold load of a screen asks for the screen's code while the access policy is still on its way", async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    const held: Route[] = [];
    await page.route('**/api/access-policy', (route) => void held.push(route));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/product-listing');
    // Rendered in turn, the screen's code was asked for only once the policy had let the screen open.
    await expect.poll(() => scripts.some((path) => /\/ResourceListPage-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/BackOfficeLayout-[\w-]+\.js$/.test(path))).toBe(true);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held) await route.continue();
    await page.unroute('**/api/access-policy');
    await page.getByRole('heading', { name: 'Product Listing' }).waitFor();
  });

  it('a signed-out visit to a back-office page goes to /login and returns there after signing in', async () => {
    const page = browser.page();
    await page.goto('/cities');
    await expectPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('to')).toBe('/cities');
    await field('id').fill('admin@demo.local');
    await field('password').fill('Admin@123');
    await submit();
    await expectPath(page, '/cities');
    await page.getByRole('menuitem', { name: 'City Listing' }).waitFor();
  });
});
