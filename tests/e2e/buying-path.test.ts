import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../src/domain/business-days.js';
import { dayFromToday } from '../support/batch-fixtures.js';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { answerDialog, api, atPath, eventually, unique } from '../support/e2e-crud.js';
import { pickOption, pickProduct } from '../support/e2e-stock.js';

/**
 * The warehouse manager's buying path in the browser (issue 31, 'Done when'): what to reorder in a warehouse, turned
 * into draft orders, one placed, printed, received in two deliveries (a batch and expiry for the perishable), a damaged
 * unit returned, then the same goods in the sale-purchase report and the product's ledger, each row linked to its order;
 * and on a phone, the same screens fit and their controls can be reached. Each test stocks a warehouse of its own
 * through the API, so what it sees to reorder, receive and report is only what it put there.
 */

type Party = { _id: string; name?: string; firstname?: string; lastname?: string; city_id: string };
type Line = { product_id: string; quantity: number; received_quantity: number; returned_quantity: number; due_quantity: number };
type Order = { _id: string; number: string; status: string; seller_id: string; warehouse_id: string; lines: Line[] };
type Suggestion = { inventory_id: string; product_id: string; product_name: string; suggested_quantity: number; on_order: number };
type Item = { quantity: number; reference_type: string | null; reference_id: string | null; purchase_order_id?: string | null };
type Report = { purchases: Record<string, { total_quantity: number; items: Item[] }>; sales: Record<string, unknown> };

/** A product of the test's own: 'perishable' ones take a batch and expiry on every receipt. */
async function newProduct(name: string, perishable: boolean) {
  const made = await api<{ _id: string; productname: string; tracks_expiry: boolean }>('POST', '/products', {
    productname: unique(name),
    category: 'Dairy & Bakery',
    subcategory: 'Butter & Cheese',
    product_keyword: 'E2E Buying',
    price: 120,
    discount_price: 110,
    product_description: 'Bought in by the buying-path test.',
    unit: 'g',
    unit_value: '200',
    tracks_expiry: perishable,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.tracks_expiry).toBe(perishable);
  return { id: made.body._id, name: made.body.productname };
}

/** A new warehouse in a city whose state has a seller (so that seller's orders split into CGST + SGST), and two sellers. */
async function newStore() {
  const cities = (await api<{ data: { _id: string; state: string }[] }>('GET', '/cities?limit=100')).body.data;
  const stateOf = (cityId: string) => cities.find((c) => c._id === cityId)?.state;
  const sellers = (await api<{ users: Party[] }>('GET', '/users?role=seller&status=active&limit=100')).body.users;
  const home = cities.find((c) => sellers.some((s) => stateOf(s.city_id) === c.state))!;
  const local = sellers.find((s) => stateOf(s.city_id) === home.state)!;
  const other = sellers.find((s) => s._id !== local._id)!;
  const name = unique('Buying Path Store');
  const store = await api<{ _id: string }>('POST', '/warehouses', {
    name,
    city_id: home._id,
    address: '7 Market Road',
    status: 'active',
    contact_person: 'Meera Iyer',
    contact_phone: '+91 98450 12345',
    contact_email: `${unique('buying').replace(/\W+/g, '.')}@demo.local`,
  });
  expect(store.status, JSON.stringify(store.body)).toBe(201);
  const nameOf = (s: Party) => `${s.firstname} ${s.lastname}`;
  return { warehouse: { id: store.body._id, name }, local: { id: local._id, name: nameOf(local) }, other: { id: other._id, name: nameOf(other) } };
}

type Settings = { stock: number; min: number; max: number; pack?: number; lead?: number; seller: string };
/** The product's record in the warehouse: its stock now, its levels, pack size, lead time and preferred seller. */
async function stockRecord(productId: string, warehouseId: string, s: Settings) {
  const made = await api<{ _id: string }>('POST', '/inventory', {
    product_id: productId,
    warehouse_id: warehouseId,
    current_stock: s.stock,
    minimum_stock: s.min,
    maximum_stock: s.max,
    unit_cost: 20,
    order_multiple: s.pack ?? 1,
    lead_time_days: s.lead ?? 3,
    preferred_seller_id: s.seller,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}

const suggestions = async (warehouseId: string) =>
  (await api<{ data: Suggestion[]; total: number }>('GET', `/replenishment?warehouse_id=${warehouseId}&limit=100`)).body;
const ordersIn = async (warehouseId: string) => (await api<{ data: Order[] }>('GET', `/purchase-orders?warehouse_id=${warehouseId}&limit=100`)).body.data;
const orderOf = async (id: string) => (await api<Order>('GET', `/purchase-orders/${id}`)).body;

const statusTag = (page: Page, label: string) => page.locator('.ant-descriptions-item-content .ant-tag', { hasText: new RegExp(`^${label}$`) });
const linesTable = (page: Page) => page.getByRole('table', { name: 'Lines', exact: true });
/** Ordered, received, returned and due of the order's line for this product, as its page shows them. */
const figuresOf = async (page: Page, product: string) =>
  (await linesTable(page).locator('tbody tr.ant-table-row').filter({ hasText: product }).locator('td').allInnerTexts()).slice(2, 6);

async function openStep(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

async function typeDay(input: Locator, day: string) {
  await input.fill(day);
  await input.press('Tab');
}

/** The suggestions table's row of a product. */
const suggestionRow = (page: Page, product: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: product });

describe('the buying path (issue 31)', () => {
  const browser = useBrowser();

  it('at 1440 px: reorder suggestions become draft orders; one is placed, printed, received twice, a damaged unit returned; the report and the ledger show it', async () => {
    const { warehouse, local, other } = await newStore();
    const paneer = await newProduct('E2E Paneer', true);
    const ghee = await newProduct('E2E Ghee', false);
    const butter = await newProduct('E2E Butter', false);
    const cheese = await newProduct('E2E Cheese', false);
    const cream = await newProduct('E2E Cream', false);
    // Four at or below their minimum, one well stocked.
    await stockRecord(paneer.id, warehouse.id, { stock: 0, min: 10, max: 24, pack: 6, seller: local.id });
    await stockRecord(ghee.id, warehouse.id, { stock: 2, min: 10, max: 30, pack: 5, seller: local.id });
    await stockRecord(butter.id, warehouse.id, { stock: 4, min: 10, max: 20, seller: other.id });
    await stockRecord(cheese.id, warehouse.id, { stock: 5, min: 10, max: 20, seller: other.id });
    await stockRecord(cream.id, warehouse.id, { stock: 40, min: 10, max: 50, seller: local.id });
    const before = await suggestions(warehouse.id);
    expect(before.data.map((r) => r.product_name).sort()).toEqual([paneer.name, ghee.name, butter.name, cheese.name].sort());
    const suggested = (name: string) => before.data.find((r) => r.product_name === name)!.suggested_quantity;
    // Up to the maximum, rounded up to the pack: 24 of the paneer (in sixes), 30 of the ghee (28 in fives).
    expect([suggested(paneer.name), suggested(ghee.name), suggested(butter.name)]).toEqual([24, 30, 16]);

    const page = browser.page();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin');

    // What to reorder in the warehouse: the four at their minimum, not the well-stocked one.
    await page.getByRole('menuitem', { name: 'Replenishment' }).click();
    await expectPath(page, '/replenishment');
    await pickOption(page, 'Warehouse', warehouse.name);
    await page.getByText('4 products to reorder', { exact: true }).waitFor();
    await suggestionRow(page, paneer.name).waitFor();
    await expect(suggestionRow(page, cream.name).count()).resolves.toBe(0);
    await expect(suggestionRow(page, paneer.name).locator('td').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['24', local.name]));

    // Three of them chosen, the ghee's quantity changed from the suggestion; the cheese left for later.
    for (const product of [paneer, ghee, butter]) await page.getByRole('checkbox', { name: `Choose ${product.name}` }).check();
    await page.getByText('3 products chosen', { exact: true }).waitFor();
    const gheeQuantity = page.getByLabel(`Order quantity of ${ghee.name}`, { exact: true });
    await expect(gheeQuantity.inputValue()).resolves.toBe('30');
    await gheeQuantity.fill('12');
    await page.getByRole('button', { name: 'Create purchase orders' }).click();
    const question = page.getByRole('dialog').filter({ hasText: 'Create purchase orders?' });
    await question.getByText(`2 draft purchase orders for 2 sellers (${local.name}, ${other.name}), 3 lines in all, delivered to ${warehouse.name}.`).waitFor();
    await question.getByRole('button', { name: 'Create 2 orders' }).click();
    const created = page.getByRole('alert').filter({ hasText: 'Created 2 draft purchase orders' });
    await created.waitFor();

    // One draft per seller, with the chosen quantities; what they order now counts as on order, so only the cheese is left.
    const drafts = await ordersIn(warehouse.id);
    expect(drafts.map((o) => o.status)).toEqual(['draft', 'draft']);
    const mine = drafts.find((o) => o.seller_id === local.id)!;
    const theirs = drafts.find((o) => o.seller_id === other.id)!;
    const linesOf = async (id: string) => (await orderOf(id)).lines.map((l) => [l.product_id, l.quantity]).sort();
    await expect(linesOf(mine._id)).resolves.toEqual(
      [
        [paneer.id, 24],
        [ghee.id, 12],
      ].sort(),
    );
    await expect(linesOf(theirs._id)).resolves.toEqual([[butter.id, 16]]);
    await page.getByText('1 product to reorder', { exact: true }).waitFor();
    await suggestionRow(page, cheese.name).waitFor();
    await expect(suggestionRow(page, paneer.name).count()).resolves.toBe(0);
    expect((await suggestions(warehouse.id)).data.map((r) => r.product_name)).toEqual([cheese.name]);

    // The local seller's draft, opened from the notice, placed after its question.
    await created.getByRole('link', { name: new RegExp(`^${mine.number} \\(${local.name}, 2 lines\\)$`) }).click();
    await expectPath(page, `/purchase-orders/show/${mine._id}`);
    await page.getByRole('heading', { name: `Purchase Order ${mine.number}` }).waitFor();
    expect(mine.number).toMatch(/^PO-\d{4}-\d{5}$/);
    await statusTag(page, 'Draft').waitFor();
    await page.getByRole('button', { name: 'Place Order', exact: true }).click();
    await answerDialog(page.getByRole('dialog').filter({ hasText: 'Send this purchase order to the seller?' }), 'Place Order');
    await statusTag(page, 'Ordered').waitFor();
    await expect.poll(async () => (await orderOf(mine._id)).status).toBe('ordered');

    // Printed: the seller, the warehouse and both lines on the sheet; then back to the order.
    await page.getByRole('button', { name: /Print/ }).click();
    await expectPath(page, `/purchase-orders/print/${mine._id}`);
    const sheet = page.getByRole('article', { name: 'Printable purchase order' });
    await sheet.getByText(local.name).first().waitFor();
    await sheet.getByText(warehouse.name).first().waitFor();
    await expect(sheet.getByRole('table', { name: 'Order lines' }).locator('tbody tr').allInnerTexts()).resolves.toEqual([
      expect.stringContaining(paneer.name),
      expect.stringContaining(ghee.name),
    ]);
    await page.getByRole('button', { name: 'Back to the order' }).click();
    await expectPath(page, `/purchase-orders/show/${mine._id}`);

    // The first delivery: 10 of the paneer in a batch with its expiry, all 12 of the ghee.
    const batch = unique('BP-B1').replace(/\s/g, '-').slice(0, 40);
    let dialog = await openStep(page, 'Receive');
    await dialog.getByLabel(`Receive ${paneer.name}`, { exact: true }).fill('10');
    await dialog.getByLabel(`Batch number for ${paneer.name}`, { exact: true }).fill(batch);
    await typeDay(dialog.getByLabel(`Expiry date for ${paneer.name}`, { exact: true }), dayFromToday(60));
    await expect(dialog.getByLabel(`Receive ${ghee.name}`, { exact: true }).inputValue()).resolves.toBe('12');
    await dialog.getByLabel('Notes', { exact: true }).fill('First van');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusTag(page, 'Partially received').waitFor();
    await eventually(() => figuresOf(page, paneer.name)).toEqual(['24', '10', '0', '14']);
    await expect(figuresOf(page, ghee.name)).resolves.toEqual(['12', '12', '0', '0']);

    // The dashboard counts it among the open orders, and its card opens exactly the orders it counts.
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    const openCard = page.getByTestId('stat-open-orders');
    const counted = (await api<{ purchase_orders: { open: number } }>('GET', '/dashboard/summary')).body.purchase_orders.open;
    await eventually(() => openCard.locator('.ant-statistic-content').textContent()).toBe(counted.toLocaleString('en-IN'));
    await openCard.click();
    await expectPath(page, '/purchase-orders');
    expect(new URL(page.url()).searchParams.get('status')).toBe('ordered,partially_received');
    await page.getByText(counted === 1 ? '1 record' : `${counted} records`, { exact: true }).waitFor();
    const listed = page.locator('.ant-table-tbody tr.ant-table-row');
    await listed.filter({ hasText: mine.number }).filter({ hasText: 'Partially received' }).waitFor();
    await expect(listed.filter({ hasText: theirs.number }).count()).resolves.toBe(0);
    const statuses = await listed.locator('td .ant-tag').filter({ hasNotText: 'Overdue' }).allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 'Ordered' && s !== 'Partially received')).toEqual([]);
    // The seller's name on the list opens their page, which lists this order.
    await listed.filter({ hasText: mine.number }).getByRole('link', { name: local.name }).click();
    await expectPath(page, `/users/show/${local.id}`);
    await page.getByRole('table', { name: 'Purchase Orders' }).getByRole('link', { name: mine.number }).click();
    await expectPath(page, `/purchase-orders/show/${mine._id}`);

    // The second delivery: the rest of the paneer, in another batch; the ghee has nothing left due.
    dialog = await openStep(page, 'Receive');
    await expect(dialog.getByLabel(`Receive ${paneer.name}`, { exact: true }).inputValue()).resolves.toBe('14');
    await expect(dialog.getByLabel(`Receive ${ghee.name}`, { exact: true }).count()).resolves.toBe(0);
    await dialog.getByLabel(`Batch number for ${paneer.name}`, { exact: true }).fill(`${batch}-2`);
    await typeDay(dialog.getByLabel(`Expiry date for ${paneer.name}`, { exact: true }), dayFromToday(90));
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusTag(page, 'Received').waitFor();
    await eventually(() => figuresOf(page, paneer.name)).toEqual(['24', '24', '0', '0']);

    // A damaged unit of the first batch goes back to the seller, with why.
    dialog = await openStep(page, 'Return to Seller');
    await dialog.getByLabel(`Return ${paneer.name}`, { exact: true }).fill('1');
    await pickOption(page, `Batch of ${paneer.name}`, new RegExp(`^${batch} ·`));
    await dialog.getByLabel('Note', { exact: true }).fill('Damaged case');
    await dialog.getByRole('button', { name: 'Return to Seller', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => figuresOf(page, paneer.name)).toEqual(['24', '24', '1', '0']);
    expect((await orderOf(mine._id)).lines.map((l) => [l.received_quantity, l.returned_quantity, l.due_quantity])).toEqual([
      [24, 1, 0],
      [12, 0, 0],
    ]);

    // The sale-purchase report of the warehouse: the three receipts as purchases, the return as −1, each naming the order.
    const today = businessDay(new Date());
    const { body: report } = await api<Report>('GET', `/reports/warehouse-sale-purchase?warehouse_id=${warehouse.id}&start_date=${today}&end_date=${today}`);
    const items = report.purchases[today]!.items;
    expect(items.map((i) => [i.reference_id, i.quantity, i.purchase_order_id])).toEqual([
      [mine.number, 10, mine._id],
      [mine.number, 12, mine._id],
      [mine.number, 14, mine._id],
      [mine.number, -1, mine._id],
    ]);
    expect(report.purchases[today]!.total_quantity).toBe(35);
    expect(report.sales).toEqual({});
    await page.getByRole('menuitem', { name: 'Sale Purchase Report' }).click();
    await expectPath(page, '/sale-purchase-report');
    await pickOption(page, 'Warehouse', warehouse.name);
    for (const label of ['Start date', 'End date']) await typeDay(page.getByLabel(label, { exact: true }), today);
    await page.getByRole('button', { name: 'Get Report' }).click();
    await page.getByText('Purchases · 35 units', { exact: true }).waitFor();
    const purchases = page.getByTestId('purchases');
    await purchases
      .locator('tr.ant-table-row-level-0')
      .getByText(/\(4 items\)$/)
      .click();
    const rows = purchases.locator('tr.ant-table-row-level-1');
    await eventually(() => rows.count()).toBe(4);
    await expect(rows.getByRole('link', { name: mine.number }).count()).resolves.toBe(4);
    const returned = rows.filter({ hasText: 'returned to seller' });
    await expect(returned.locator('td').nth(1).innerText()).resolves.toBe('-1');
    await expect(returned.innerText()).resolves.toContain(paneer.name);
    await returned.getByRole('link', { name: mine.number }).click();
    await expectPath(page, `/purchase-orders/show/${mine._id}`);

    // The paneer's ledger (the inventory report's movements): both receipts and the return, each linked to the order.
    await page.getByRole('menuitem', { name: 'Inventory Report' }).click();
    await expectPath(page, '/inventory-report');
    // The view first: choosing it shows the report of the filters applied so far.
    await page.getByLabel('Report type').getByText('Movements', { exact: true }).click();
    await eventually(() => new URL(page.url()).searchParams.get('report_type')).toBe('movements');
    await pickOption(page, 'Warehouse', warehouse.name);
    await pickProduct(page, 'Product', paneer.name);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await eventually(() => new URL(page.url()).searchParams.get('product_id')).toBe(paneer.id);
    const ledger = page.locator('.ant-collapse-content-active .ant-table-tbody tr.ant-table-row');
    await eventually(() => ledger.count()).toBe(3);
    await expect(ledger.getByRole('link', { name: mine.number }).count()).resolves.toBe(3);
    await expect(ledger.locator('td:nth-child(5)').allInnerTexts()).resolves.toEqual(['−1', '+14', '+10']);
    await ledger.first().getByRole('link', { name: mine.number }).click();
    await atPath(page, `/purchase-orders/show/${mine._id}`);
    await page.getByRole('heading', { name: `Purchase Order ${mine.number}` }).waitFor();
  }, 240_000);

  it('at 390 px: replenishment, creating the order, its page and the receive dialog fit the screen, their controls in reach', async () => {
    const { warehouse, local } = await newStore();
    const ghee = await newProduct('E2E Phone Ghee', false);
    await stockRecord(ghee.id, warehouse.id, { stock: 1, min: 8, max: 20, pack: 4, seller: local.id });

    const page = browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin');
    /** No page is wider than the screen: nothing to scroll sideways. */
    const fits = async () => expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    /** Scrolled into view, the control lies within the screen's width. */
    const inReach = async (control: Locator) => {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    };

    await page.goto('/replenishment');
    await inReach(page.getByLabel('Warehouse', { exact: true }).and(page.getByRole('combobox')));
    // A long warehouse name is cut short in its select, not a page pushed sideways.
    await pickOption(page, 'Warehouse', warehouse.name);
    await page.getByText('1 product to reorder', { exact: true }).waitFor();
    await fits();
    const choose = page.getByRole('checkbox', { name: `Choose ${ghee.name}` });
    await inReach(choose);
    await choose.check();
    const create = page.getByRole('button', { name: 'Create purchase orders' });
    await inReach(create);
    await create.click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Create purchase orders?' }).getByRole('button', { name: 'Create 1 order' });
    await inReach(confirm);
    await fits();
    await confirm.click();
    const link = page.getByRole('alert').filter({ hasText: 'Created 1 draft purchase order' }).getByRole('link');
    await inReach(link);
    await fits();
    await link.click();

    const [order] = await ordersIn(warehouse.id);
    await expectPath(page, `/purchase-orders/show/${order!._id}`);
    await page.getByRole('heading', { name: `Purchase Order ${order!.number}` }).waitFor();
    await statusTag(page, 'Draft').waitFor();
    await fits();
    const place = page.getByRole('button', { name: 'Place Order', exact: true });
    await inReach(place);
    await place.click();
    const placeIt = page.getByRole('dialog').filter({ hasText: 'Send this purchase order to the seller?' }).getByRole('button', { name: 'Place Order' });
    await inReach(placeIt);
    await placeIt.click();
    await statusTag(page, 'Ordered').waitFor();
    await fits();

    const receive = page.getByRole('button', { name: 'Receive', exact: true });
    await inReach(receive);
    const dialog = await openStep(page, 'Receive');
    const box = dialog.getByLabel(`Receive ${ghee.name}`, { exact: true });
    await expect(box.inputValue()).resolves.toBe('20');
    await inReach(box);
    await fits();
    await box.fill('8');
    const send = dialog.getByRole('button', { name: 'Receive', exact: true });
    await inReach(send);
    await send.click();
    await dialog.waitFor({ state: 'detached' });
    await statusTag(page, 'Partially received').waitFor();
    await fits();
    expect((await orderOf(order!._id)).lines[0]).toMatchObject({ received_quantity: 8, due_quantity: 12 });
  }, 180_000);
});
