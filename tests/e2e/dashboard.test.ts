import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatINR } from '../../src/domain/money.js';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, totalOf } from '../support/e2e-crud.js';
import { devanagariFaceDownloads } from '../support/e2e-language.js';

type Summary = {
  counts: Record<'users' | 'products' | 'inventory_items' | 'warehouses' | 'cities' | 'low_stock' | 'out_of_stock', number>;
  total_inventory_value: number;
  recent_products: { productname: string }[];
  low_stock_alerts: { product_name: string; current_stock: number; minimum_stock: number }[];
  recent_users: { name: string; email: string }[] | null;
  warehouses: { name: string; city: string }[];
};

const statValue = (page: Page, key: string) => page.getByTestId(`stat-${key}`).locator('.ant-statistic-content');
const card = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

/** Scripts the page downloads, to see which chunks a screen pulls in. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('dashboard (SPEC.md "Dashboard")', () => {
  const browser = useBrowser();

  it('shows the API figures in the stat cards and the recent items in the panels, from one summary request', async () => {
    const page = browser.page();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(new URL(r.url()).pathname);
    });
    await loginAs(page, 'admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const { body: summary } = await api<Summary>('GET', '/dashboard/summary');
    // The counts are the lists' own totals, not a count of downloaded rows.
    expect(summary.counts.users).toBe(await totalOf('/users'));
    expect(summary.counts.products).toBe(await totalOf('/products'));
    expect(summary.counts.inventory_items).toBe(await totalOf('/inventory'));

    const expected: [string, string][] = [
      ['users', summary.counts.users.toLocaleString('en-IN')],
      ['products', summary.counts.products.toLocaleString('en-IN')],
      ['inventory', summary.counts.inventory_items.toLocaleString('en-IN')],
      ['warehouses', summary.counts.warehouses.toLocaleString('en-IN')],
      ['cities', summary.counts.cities.toLocaleString('en-IN')],
      ['low-stock', summary.counts.low_stock.toLocaleString('en-IN')],
      ['out-of-stock', summary.counts.out_of_stock.toLocaleString('en-IN')],
      ['value', formatINR(summary.total_inventory_value)],
    ];
    for (const [key, value] of expected) await expect.poll(() => statValue(page, key).textContent()).toBe(value);
    expect(formatINR(summary.total_inventory_value)).toMatch(/^₹[\d,]+\.\d{2}$/);
    // English, ₹ and bold headings included, is drawn in the system's faces: of the face shipped for Hindi only the
    // regular weight comes, for the one Devanagari word on the screen (हिन्दी in the language switch).
    expect(await devanagariFaceDownloads(page)).toEqual([expect.stringMatching(/devanagari-400-normal/)]);

    const alerts = card(page, 'Low Stock Alerts');
    for (const a of summary.low_stock_alerts) await alerts.getByText(`Stock: ${a.current_stock} / Min: ${a.minimum_stock}`).first().waitFor();
    await expect(alerts.locator('.ant-list-item').count()).resolves.toBe(summary.low_stock_alerts.length);
    await expect(card(page, 'Recent Products').locator('.ant-list-item-meta-title').allTextContents()).resolves.toEqual(
      summary.recent_products.map((p) => p.productname),
    );
    await expect(card(page, 'Recent Users').locator('.ant-list-item-meta-title').allTextContents()).resolves.toEqual(
      summary.recent_users!.map((u) => u.name || 'Unknown User'),
    );
    await expect(card(page, 'Warehouses').locator('.ant-list-item-meta-description').allTextContents()).resolves.toEqual(summary.warehouses.map((w) => w.city));

    // No list downloads behind the figures.
    expect(requests.filter((p) => /^\/api\/(users|products|inventory)$/.test(p))).toEqual([]);
    expect(requests).toContain('/api/dashboard/summary');
  });

  it('draws stock in/out for 30 days with the chart library loaded as a chunk of its own', async () => {
    const page = browser.page();
    const scripts = scriptsOf(page);
    await loginAs(page, 'admin', '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    // The chart's chunks by name: a shared chunk of icons may be named after BarChartOutlined.
    expect(scripts.some((s) => /\/(StockChart|BarChart)-[\w-]+\.js$/.test(s))).toBe(false);

    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    const chart = card(page, 'Stock in / out — last 30 days');
    await chart.locator('.recharts-surface').first().waitFor();
    await expect.poll(() => chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(scripts.some((s) => /\/StockChart-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/DashboardPage-[\w-]+\.js$/.test(s))).toBe(true);
  });

  it("its last-30-days Stock In and Stock Out, labelled with their dates, are the inventory report's default summary", async () => {
    const page = browser.page();
    const statistic = (title: string) =>
      page
        .locator('.ant-statistic')
        .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
        .locator('.ant-statistic-content');
    await loginAs(page, 'admin');
    const flow = page.getByTestId('stock-flow');
    const period = await flow.getByTestId('stock-flow-period').textContent();
    const shown = { in: await statistic('Stock In').textContent(), out: await statistic('Stock Out').textContent() };
    expect(period).toMatch(/^\d{2} \w{3} \d{4} – \d{2} \w{3} \d{4}$/);

    await flow.getByRole('link', { name: 'View report' }).click();
    await expectPath(page, '/inventory-report');
    await page.getByText(`${period} · generated`, { exact: false }).waitFor();
    await expect.poll(() => statistic('Stock In').textContent()).toBe(shown.in);
    await expect(statistic('Stock Out').textContent()).resolves.toBe(shown.out);
  });

  it('warehouse-user: quick actions it may not use are greyed out, and no user details are shown', async () => {
    const page = browser.page();
    await loginAs(page, 'warehouse');
    const actions = card(page, 'Quick Actions');
    await expect.poll(() => actions.getByRole('button', { name: 'Add Product' }).isDisabled()).toBe(true);
    await expect.poll(() => actions.getByRole('button', { name: 'Add Warehouse' }).isDisabled()).toBe(true);
    await expect(actions.getByRole('button', { name: 'View Reports' }).isDisabled()).resolves.toBe(false);
    await card(page, 'Recent Users').getByText('User details are available to roles that manage users.').waitFor();
    // A card opens its screen only when the role may open it.
    await expect(
      page
        .getByRole('link')
        .filter({ has: page.getByTestId('stat-users') })
        .count(),
    ).resolves.toBe(0);
    await page.getByTestId('stat-low-stock').click();
    await expectPath(page, '/inventory');
    expect(new URL(page.url()).searchParams.get('low_stock_only')).toBe('true');
    await page.goBack();
    await actions.getByRole('button', { name: 'Add Inventory' }).click();
    await expectPath(page, '/inventory-registration');
  });
});
