import { describe, expect, it } from 'vitest';
import { E2E_SUPPORT_EMAIL } from '../support/e2e-global-setup.js';
import { expectPath, useBrowser } from '../support/e2e-browser.js';

describe('public pages', () => {
  const browser = useBrowser();

  it('the landing page has the Home, About and Contact sections, support e-mail and hours', async () => {
    const page = browser.page();
    await page.goto('/');
    for (const id of ['home', 'about', 'contact']) await page.locator(`section#${id}`).waitFor();
    await page.locator('section#home').getByRole('heading', { level: 1 }).waitFor();
    await page.locator('section#about').getByRole('heading', { name: 'About us' }).waitFor();
    const contact = page.locator('section#contact');
    await contact.getByText(E2E_SUPPORT_EMAIL).waitFor();
    await expect(contact.getByRole('link', { name: E2E_SUPPORT_EMAIL }).getAttribute('href')).resolves.toBe(`mailto:${E2E_SUPPORT_EMAIL}`);
    await contact.getByText('9:00 AM to 8:00 PM, Monday to Saturday').waitFor();
  });

  it('the section links scroll to their section', async () => {
    const page = browser.page();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const inView = (id: string) =>
      page.locator(`section#${id}`).evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await expect(inView('contact')).resolves.toBe(false);
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect.poll(() => inView('contact')).toBe(true);
    expect(new URL(page.url()).hash).toBe('#contact');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('the app link opens the launch notice, and the footer the terms and privacy pages', async () => {
    const page = browser.page();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get the app' }).click();
    await expectPath(page, '/coming-soon');
    await page.getByText('Our app is coming soon').waitFor();
    await page.getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
  });

  it('an unknown path shows the 404 page', async () => {
    const page = browser.page();
    await page.goto('/no-such-page');
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
  });
});
