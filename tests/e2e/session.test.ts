import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';

/** Rewrites the stored access token's payload; the signature no longer matches, as an old token's would not. */
async function tamperAccessToken(page: Page, change: 'expired' | 'bad-signature'): Promise<string> {
  return page.evaluate((kind) => {
    const [header, payload] = localStorage.getItem('token')!.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
    const now = Math.floor(Date.now() / 1000);
    claims.exp = kind === 'expired' ? now - 60 : now + 600;
    const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const token = `${header}.${encoded}.not-the-signature`;
    localStorage.setItem('token', token);
    return token;
  }, change);
}

function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) count += 1;
  });
  return () => count;
}

describe('session in the browser', () => {
  const browser = useBrowser();

  it('an expired access token is refreshed transparently on reload', async () => {
    const page = browser.page();
    await loginAs(page, 'admin', '/warehouses');
    const refreshTokenBefore = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const stale = await tamperAccessToken(page, 'expired');
    const refreshes = countRefreshes(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Warehouse Management' }).waitFor();
    await expectPath(page, '/warehouses');
    expect(refreshes()).toBe(1);
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), refresh: localStorage.getItem('refresh_token') }));
    expect(stored.token).not.toBe(stale);
    expect(stored.refresh).not.toBe(refreshTokenBefore);
  });

  it('two tabs holding an expired token refresh it once between them (refresh tokens are single-use)', async () => {
    const first = browser.page();
    await loginAs(first, 'admin');
    await tamperAccessToken(first, 'expired');
    const second = await browser.context().newPage();
    let refreshes = 0;
    browser.context().on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes += 1;
    });

    await Promise.all([first.goto('/warehouses'), second.goto('/inventory')]);
    await first.getByRole('heading', { name: 'Warehouse Management' }).waitFor();
    await second.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    // The headings render before the data: rows in both tabs mean both tabs' requests went through with a fresh token.
    await first.locator('.ant-table-row').first().waitFor();
    await second.locator('.ant-table-row').first().waitFor();
    expect(refreshes).toBe(1);
  });

  it('a token the API refuses with 401 is refreshed once and the request retried', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    await tamperAccessToken(page, 'bad-signature');
    const refreshes = countRefreshes(page);
    const policyStatuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/access-policy')) policyStatuses.push(response.status());
    });

    await page.goto('/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    expect(policyStatuses).toEqual([401, 200]);
    expect(refreshes()).toBe(1);
  });

  it('logout goes to /, revokes the session, and Back does not return to the back-office', async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    await page.getByRole('menuitem', { name: 'City Listing' }).click();
    await expectPath(page, '/cities');
    const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const accessToken = await page.evaluate(() => localStorage.getItem('token'));
    const me = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me()).status()).toBe(200);

    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectPath(page, '/');
    await page.locator('section#home').waitFor();
    await expect(page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token')])).resolves.toEqual([null, null]);
    const reuse = await page.request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } });
    expect(reuse.status()).toBe(401);
    // The access token of that session ends with it, not 15 minutes later.
    expect((await me()).status()).toBe(401);

    await page.goBack();
    await expectPath(page, '/login');
    await expect(page.getByRole('menuitem', { name: 'Dashboard' }).count()).resolves.toBe(0);
  });
});
