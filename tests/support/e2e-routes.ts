import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { backOfficeRoutes } from '../../src/app/routes/back-office-routes.js';
import type { RefineAction } from '../../src/app/resources/types.js';
import { DECLARED_RESOURCES } from '../../src/domain/resources/index.js';
import { expectPath } from './e2e-browser.js';
import { api } from './e2e-crud.js';
import { demoRecord } from './e2e-stock.js';

type Listed = { _id: string };
const firstOf = async (path: string, key = 'data') => (await api<Record<string, Listed[]>>('GET', `${path}?limit=1`)).body[key]![0]!._id;

const firstOtherWarehouse = async (id: string) => (await api<{ data: Listed[] }>('GET', '/warehouses?limit=2')).body.data.find((w) => w._id !== id)!._id;

/** A stock take to show, cancelled at once: an open one would stop other tests from counting that warehouse. */
async function cancelledStockTake(warehouseId: string): Promise<string> {
  const take = (await api<Listed>('POST', '/stock-takes', { warehouse_id: warehouseId, blind: false })).body._id;
  await api('POST', `/stock-takes/${take}/cancel`);
  return take;
}

/** Every back-office screen: its route with real ids and the query it expects, and what it does. */
export async function everyScreen(): Promise<{ route: string; action: RefineAction }[]> {
  const record = await demoRecord(5, () => true);
  const transfer = (
    await api<Listed>('POST', '/transfers', {
      from_warehouse_id: record.warehouse_id,
      to_warehouse_id: await firstOtherWarehouse(record.warehouse_id),
      lines: [{ product_id: record.product_id, quantity: 1 }],
    })
  ).body._id;
  // A purchase order (issue 31), a draft so its edit screen shows the form; its page and its print too, and its seller's page.
  const seller = (await api<{ users: Listed[] }>('GET', '/users?role=seller&limit=1')).body.users[0]!._id;
  const order = (
    await api<Listed>('POST', '/purchase-orders', {
      seller_id: seller,
      warehouse_id: record.warehouse_id,
      expected_on: '2030-01-01',
      lines: [{ product_id: record.product_id, quantity: 1, unit_cost: 10 }],
    })
  ).body._id;
  const ids: Record<string, string> = {
    '/product-edit/:id': await firstOf('/products'),
    '/user-edit/:id': await firstOf('/users', 'users'),
    '/city-edit/:id': record.city_id,
    '/warehouse-edit/:id': record.warehouse_id,
    '/inventory-edit/:id': record._id,
    '/inventory-by-city/:cityId': record.city_id,
    '/stock-takes/:id': await cancelledStockTake(record.warehouse_id),
    '/transfers/:id': transfer,
    // A draft, so its edit screen shows the form.
    '/transfers/:id/edit': transfer,
    // Each declared resource's edit screen, on its first record.
    ...Object.fromEntries(
      await Promise.all(
        DECLARED_RESOURCES.flatMap((r) => (r.screens?.edit ? [r.screens.edit] : []).map(async (edit) => [edit, await firstOf(r.path, r.api?.listKey)])),
      ),
    ),
    '/purchase-orders/edit/:id': order,
    '/purchase-orders/show/:id': order,
    '/purchase-orders/print/:id': order,
    '/users/show/:id': seller,
  };
  const query = `warehouse_id=${record.warehouse_id}&city_id=${record.city_id}`;
  return backOfficeRoutes.map(({ path, action }) => {
    const filled = path.replace(/:(id|cityId)(?=\/|$)/, () => ids[path] ?? '');
    if (filled.includes(':') || filled.endsWith('/')) throw new Error(`No id for ${path}`);
    return { route: path.startsWith('/inventory-') && path !== '/inventory-report' ? `${filled}?${query}` : filled, action };
  });
}

/** Every back-office route with real ids and the query its screen expects. */
export const everyRoute = async (): Promise<string[]> => (await everyScreen()).map(({ route }) => route);

/**
 * Goes to a screen as the menu does: in-app navigation, not a reload (a full page load costs seconds of renderer time
 * on a loaded machine, and a user moving through the back-office does not reload either).
 */
export async function navigateInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expectPath(page, route.split('?')[0]!);
}

/** Opens a screen in the app (`navigateInApp`), and waits until it shows its heading and data. */
export async function openInApp(page: Page, route: string): Promise<void> {
  await navigateInApp(page, route);
  await page
    .getByRole('heading', { level: 3 })
    .first()
    .waitFor()
    .catch((e: unknown) => {
      throw new Error(`${route}: ${String(e)}`);
    });
  // Loaded: no page, table or card still waiting for its data.
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count()).toBe(0);
}
