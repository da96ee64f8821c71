import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_LOGINS, connectBrowser, loginAs, type DemoLogin, CONTEXT_DEFAULTS } from '../support/e2e-browser.js';
import { findPostgresBin, startCluster, type Cluster } from '../support/postgres-cluster.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * Issue 32, done when: two browsers side by side, an admin and a warehouse user, each on its own API process over one
 * PostgreSQL database, see each other's changes without reloading (every change crosses processes through
 * LISTEN/NOTIFY); an edit form whose record another person saved says so and keeps what was typed, and its save then
 * offers to review or overwrite; the Activity screen names who did each change.
 */

type Record = { _id: string; product_name: string; warehouse_name: string; current_stock: number; location: string; product_id: string; warehouse_id: string };

let cluster: Cluster | undefined;
const servers: ServerProcess[] = [];
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
const tokens = new Map<string, string>();

/** Signs in through the API of `server` (the token a browser of that process would hold). */
async function tokenOf(server: ServerProcess, who: DemoLogin): Promise<string> {
  const known = tokens.get(`${server.url}/${who}`);
  if (known) return known;
  const { email, password } = DEMO_LOGINS[who];
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone: email, password }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  tokens.set(`${server.url}/${who}`, access_token);
  return access_token;
}

async function call<T>(server: ServerProcess, who: DemoLogin, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(server, who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A signed-in page of `who` on `server`, with a marker a reload would lose. */
async function openAs(server: ServerProcess, who: DemoLogin): Promise<Page> {
  const context = await browser!.newContext({ baseURL: server.url, ...CONTEXT_DEFAULTS });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, who);
  return page;
}

const markNotReloaded = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

/** Adds stock through `server` as `who`: a purchase of `quantity`, the answer's new balance. */
async function addStock(server: ServerProcess, who: DemoLogin, record: Record, quantity: number): Promise<number> {
  const sellers = await call<{ data: { _id: string }[] }>(server, who, 'GET', '/users/by-role/seller');
  const added = await call<{ inventory: { current_stock: number } }>(server, who, 'POST', '/inventory/add-stock', {
    product_id: record.product_id,
    warehouse_id: record.warehouse_id,
    quantity,
    unit_cost: 20,
    movement_reason: 'purchase',
    reference_id: `LIVE-${Date.now()}`,
    reference_type: 'invoice',
    notes: 'Delivery seen live',
    seller_id: sellers.body.data[0]!._id,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.inventory.current_stock;
}

/** Waits until `read` is true; answers how long that took after `since`. */
async function seenWithin(read: () => Promise<boolean>, since: number): Promise<number> {
  await expect.poll(read, { timeout: 5000, interval: 25 }).toBe(true);
  return Math.round(performance.now() - since);
}

describe('two browsers on two API processes over PostgreSQL (issue 32)', () => {
  let admin: Page;
  let warehouse: Page;
  let records: Record[];
  const delays: string[] = [];

  beforeAll(async () => {
    const bin = findPostgresBin();
    if (!bin) throw new Error('PostgreSQL binaries not found: the live e2e test runs on PostgreSQL');
    cluster = await startCluster(bin);
    const env = {
      DATABASE_URL: cluster.url(),
      JWT_SECRET: 'e2e-live-secret-0123456789abcdef0123456789abcdef',
      PORT: '0',
      SERVE_SPA: '1',
      SPA_DIR: inject('e2eSpaDir'),
      LOGIN_RATE_LIMIT: '100000',
      DB_POOL_SIZE: '5',
    };
    // One after the other: the first seeds the demo data, the second finds it there.
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));
    browser = await connectBrowser();
    admin = await openAs(servers[0]!, 'admin');
    warehouse = await openAs(servers[1]!, 'warehouse');
    records = (await call<{ data: Record[] }>(servers[1]!, 'warehouse', 'GET', '/inventory?limit=3')).body.data;
  }, 180_000);

  afterAll(async () => {
    console.log(`Live e2e, change → seen in the other browser: ${delays.join('; ')}`);
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    cluster?.stop();
  });

  const rowOf = (page: Page, record: Record) =>
    page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: record.product_name }).filter({ hasText: record.warehouse_name }).first();
  /** A row's text with the digit grouping of Indian numbers ('1,285') taken out. */
  const rowText = async (page: Page, record: Record) => ((await rowOf(page, record).textContent()) ?? '').replace(/(\d),(?=\d)/g, '$1');

  it("shows the admin's stock delivery on the warehouse user's Inventory Management list, without a reload", async () => {
    const record = records[0]!;
    await warehouse.goto('/inventory');
    await rowOf(warehouse, record).waitFor();
    await markNotReloaded(warehouse);
    const before = await rowText(warehouse, record);
    const start = performance.now();
    const stock = await addStock(servers[0]!, 'admin', record, 1234);
    expect(before).not.toContain(String(stock));
    delays.push(`admin → warehouse user ${await seenWithin(async () => (await rowText(warehouse, record)).includes(String(stock)), start)} ms`);
    expect(await notReloaded(warehouse)).toBe(true);
  });

  it("shows the warehouse user's stock change on the admin's list, without a reload", async () => {
    const record = records[1]!;
    await admin.goto('/inventory');
    await rowOf(admin, record).waitFor();
    await markNotReloaded(admin);
    const start = performance.now();
    const stock = await addStock(servers[1]!, 'warehouse', record, 2345);
    delays.push(`warehouse user → admin ${await seenWithin(async () => (await rowText(admin, record)).includes(String(stock)), start)} ms`);
    expect(await notReloaded(admin)).toBe(true);
  });

  it("keeps what the admin typed when the warehouse user saves the same record, says who did, and saves the admin's on Overwrite", async () => {
    const record = records[2]!;
    const details = (page: Page) => page.getByRole('form', { name: 'Stock levels and location' });
    const location = (page: Page) => details(page).getByLabel('Location', { exact: true });
    await admin.goto(`/inventory-edit/${record._id}`);
    await expect.poll(() => details(admin).getByLabel('Min Stock', { exact: true }).inputValue()).not.toBe('');
    await markNotReloaded(admin);
    await location(admin).fill('Aisle A-1 (admin)');

    await warehouse.goto(`/inventory-edit/${record._id}`);
    await expect.poll(() => details(warehouse).getByLabel('Min Stock', { exact: true }).inputValue()).not.toBe('');
    await location(warehouse).fill('Aisle W-9 (warehouse)');
    const start = performance.now();
    await details(warehouse).getByRole('button', { name: 'Save Details' }).click();

    const changed = admin.getByRole('alert').filter({ hasText: 'This record was changed by Vikram Singh.' });
    delays.push(`edit form notice ${await seenWithin(() => changed.isVisible(), start)} ms`);
    expect(await location(admin).inputValue()).toBe('Aisle A-1 (admin)');

    await details(admin).getByRole('button', { name: 'Save Details' }).click();
    const refused = admin.getByRole('alert').filter({ hasText: /^This record was changed by Vikram Singh since you opened it\./ });
    await refused.waitFor();
    expect(await location(admin).inputValue()).toBe('Aisle A-1 (admin)');
    await refused.getByRole('button', { name: 'Review changes' }).click();
    const review = admin.getByRole('dialog', { name: 'Their changes and yours' });
    await review.getByRole('row').filter({ hasText: 'Aisle W-9 (warehouse)' }).filter({ hasText: 'Aisle A-1 (admin)' }).waitFor();
    await review.getByRole('button', { name: 'Close' }).click();
    await refused.getByRole('button', { name: 'Overwrite' }).click();
    await admin.getByRole('button', { name: 'Overwrite them' }).click();
    await expect
      .poll(async () => (await call<Record>(servers[1]!, 'warehouse', 'GET', `/inventory/${record._id}`)).body.location, { timeout: 5000 })
      .toBe('Aisle A-1 (admin)');
    expect(await notReloaded(admin)).toBe(true);
  });

  it("traces every change of the test to its person on the admin's Activity screen", async () => {
    await admin.goto('/activity');
    const entries = admin.getByTestId('activity-entry');
    await entries.first().waitFor();
    const texts = async () => (await entries.allInnerTexts()).join('\n');
    await expect.poll(texts).toContain('Vikram Singh');
    const all = await texts();
    expect(all).toMatch(/Aisle W-9 \(warehouse\)[\s\S]*Vikram Singh|Vikram Singh[\s\S]*Aisle W-9 \(warehouse\)/);
    expect(all).toContain('Aisle A-1 (admin)');
    expect(all).toContain('Aarti Verma');
  });
});
