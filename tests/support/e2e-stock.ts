import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_WAREHOUSES } from '../../src/server/seed/demo-data.js';
import { api } from './e2e-crud.js';

/** Helpers for the stock screens' end-to-end tests. */

export type InventoryRow = {
  _id: string;
  product_id: string;
  product_name: string;
  warehouse_id: string;
  warehouse_name: string;
  current_stock: number;
  minimum_stock: number;
  maximum_stock: number;
  unit_cost: number;
  out_of_stock: boolean;
  low_stock_alert: boolean;
  tracks_expiry: boolean;
};
export type WarehouseRow = { _id: string; name: string; city_id: string; city: string };

export async function inventoryRecords(query = ''): Promise<InventoryRow[]> {
  const { status, body } = await api<{ data: InventoryRow[] }>('GET', `/inventory?limit=1000${query}`);
  if (status !== 200) throw new Error(`GET /inventory answered ${status}`);
  return body.data;
}

export async function inventoryRecord(id: string): Promise<InventoryRow> {
  return (await api<InventoryRow>('GET', `/inventory/${id}`)).body;
}

export async function warehouses(): Promise<WarehouseRow[]> {
  return (await api<{ data: WarehouseRow[] }>('GET', '/warehouses?limit=1000')).body.data;
}

/** Opening stock of a product without batches in a warehouse, through the API (an adjustment at ₹10 a unit). */
export async function addOpeningStock(productId: string, warehouseId: string, quantity: number): Promise<void> {
  const added = await api('POST', '/inventory/add-stock', {
    product_id: productId,
    warehouse_id: warehouseId,
    quantity,
    unit_cost: 10,
    movement_reason: 'adjustment',
    reference_id: 'OPENING',
    reference_type: 'manual',
    notes: 'e2e opening stock',
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}

const DEMO_WAREHOUSE_NAMES = new Set(DEMO_WAREHOUSES.map((w) => w.name));

/**
 * A record of a demo warehouse (whose city has sellers) matching `accept`, chosen by a seed so each test takes a
 * different one: the e2e files share one database, and two tests changing the same record would see each other's stock.
 */
export async function demoRecord(seed: number, accept: (r: InventoryRow) => boolean): Promise<InventoryRow & { city_id: string }> {
  const cities = new Map((await warehouses()).map((w) => [w._id, w.city_id]));
  const candidates = (await inventoryRecords())
    // Records held in batches (issue 17) take batch fields: these tests drive the plain stock screens.
    .filter((r) => DEMO_WAREHOUSE_NAMES.has(r.warehouse_name) && !r.tracks_expiry && accept(r))
    .sort((a, b) => a._id.localeCompare(b._id));
  if (candidates.length === 0) throw new Error('no demo inventory record fits');
  const record = candidates[(seed * 7919) % candidates.length]!;
  return { ...record, city_id: cities.get(record.warehouse_id)! };
}

/** A select's input by its label (a form label, whose required mark would spoil the accessible name, or aria-label). */
const combobox = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.getByRole('combobox'));

/** The options of the dropdown that belongs to this combobox (another one may still be fading out). */
async function optionsOf(page: Page, input: Locator): Promise<Locator> {
  const list = await input.getAttribute('aria-controls');
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) }).locator('.ant-select-item-option');
}

/** Opens an antd select by its label and picks the option with this text. */
export async function pickOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  const input = combobox(page, label);
  await page.locator('.ant-select', { has: input }).click();
  // The list is virtual: in a searchable select, type to bring a far-down option into view.
  if (typeof option === 'string' && (await input.getAttribute('readonly')) === null) await input.fill(option);
  await (await optionsOf(page, input)).filter({ hasText: option }).first().click();
  await expect.poll(() => input.getAttribute('aria-expanded')).toBe('false');
}

/** Types into a product search box and picks the suggestion with this name. */
export async function pickProduct(page: Page, label: string, name: string): Promise<void> {
  const input = combobox(page, label);
  await input.fill(name.slice(0, Math.max(4, name.length - 2)));
  await (await optionsOf(page, input)).filter({ hasText: name }).first().click();
  await expect.poll(() => input.inputValue()).toBe(name);
}

/** The text of a form item's validation message. */
export const formError = (page: Page) => page.locator('.ant-form-item-explain-error');

export const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
