import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api } from '../support/e2e-crud.js';

/** Issue 28: the sidebar, the permissions log and the public header as a new user met them. */
const LONG_ROLE = `regional-inventory-controller-${Date.now().toString(36)}`.slice(0, 40);

describe('layout (issue 28)', () => {
  const browser = useBrowser();

  afterAll(async () => {
    await api('PUT', '/permissions', DEFAULT_POLICY);
    await api('DELETE', `/roles/${LONG_ROLE}`);
  });

  it('at 1440×900 Logout is in view without scrolling the page or the sidebar', async () => {
    const page = browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin');
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    const box = (await logout.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    // Above the sidebar's collapse button (48 px) at the bottom of the window.
    expect(box.y + box.height).toBeLessThanOrEqual(900 - 48);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await logout.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('a sidebar entry reached with the keyboard shows a focus ring', async () => {
    const page = browser.page();
    await loginAs(page, 'admin');
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    const onSiderLink = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return !!active && active.matches('.app-sider .ant-menu-item a');
      });
    for (let i = 0; i < 10 && !(await onSiderLink()); i++) await page.keyboard.press('Tab');
    expect(await onSiderLink()).toBe(true);
    const ring = await page.evaluate(() => {
      const link = document.activeElement!;
      const own = getComputedStyle(link);
      const filled = getComputedStyle(link, '::before');
      const visible = (s: CSSStyleDeclaration) => s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
      return { focusVisible: link.matches(':focus-visible'), shown: visible(own) || visible(filled) };
    });
    expect(ring).toEqual({ focusVisible: true, shown: true });
  });

  it("the header names a custom role by its label, and /permissions fits 390 px with long change-log lines ('scope set to Assigned')", async () => {
    expect((await api('POST', '/roles', { name: LONG_ROLE, label: 'Regional inventory controller' })).status).toBe(201);
    const policy: Policy = JSON.parse(JSON.stringify(DEFAULT_POLICY));
    policy.signIn[LONG_ROLE] = false;
    policy.grants[LONG_ROLE] = { 'update-all-inventory': ['update-all'], inventory: ['list'] };
    policy.scope = { [LONG_ROLE]: { 'update-all-inventory': 'assigned' } };
    expect((await api('PUT', '/permissions', policy)).status).toBe(200);

    const page = browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin', '/permissions');
    const log = page.locator('[aria-label="Recent permission changes"]');
    await log.getByText(`${LONG_ROLE}: update-all-inventory scope set to Assigned`, { exact: true }).waitFor();
    expect(await log.getByText(/scope (all|assigned)$/).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("a cold load shows the app's mark while its code arrives, and only until the screen shows", async () => {
    const page = browser.page();
    const splash = page.locator('#boot-splash');
    // Every script waits for the gate; holding swaps in a closed one (routing also bypasses the HTTP cache).
    let gate = Promise.resolve();
    await page.route('**/assets/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    const holdCode = () => {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return release;
    };

    let release = holdCode();
    await page.goto('/login', { waitUntil: 'commit' });
    await splash.waitFor();
    expect(await page.locator('#root').innerHTML()).toBe('');
    release();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await splash.isVisible()).toBe(false);

    // Signed in, a screen opened cold: the mark until the layout renders.
    await loginAs(page, 'admin');
    release = holdCode();
    await page.reload({ waitUntil: 'commit' });
    await splash.waitFor();
    release();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await splash.isVisible()).toBe(false);
  });

  it('the public header shows the logo on a phone', async () => {
    const page = browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const logo = page.locator('.public-header .public-brand .anticon');
    await logo.waitFor();
    expect(await logo.isVisible()).toBe(true);
    expect((await logo.boundingBox())!.width).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
