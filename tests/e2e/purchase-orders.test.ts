import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday } from '../support/batch-fixtures.js';
import { expectPath, loginAs, useBrowser } from '../support/e2e-browser.js';
import { answerDialog, api, atPath, eventually, unique } from '../support/e2e-crud.js';
import { pickOption } from '../support/e2e-stock.js';

/**
 * Purchase orders in the browser (issue 31): drafted on the form, placed, printed, received in two deliveries (a batch
 * and expiry for the perishable), a damaged unit returned with a note; on a phone the order's page and its receive
 * dialog. The API is the second witness of what the screens did.
 */

type Line = {
  product_id: string;
  product_name: string;
  quantity: number;
  received_quantity: number;
  returned_quantity: number;
  due_quantity: number;
  tracks_expiry: boolean;
};
type Order = {
  _id: string;
  number: string;
  status: string;
  lines: Line[];
  taxes: { supply: string; cgst: number; sgst: number; igst: number; total: number };
  history: { action: string; note: string }[];
};
type Product = { _id: string; productname: string; tracks_expiry: boolean; gst_rate: number };
type Party = { _id: string; name?: string; firstname?: string; lastname?: string; city_id: string };

/** A demo warehouse and a seller in the same state (so the tax splits into CGST + SGST), an expiry-tracked product and a plain one. */
async function setting() {
  const cities = (await api<{ data: { _id: string; state: string }[] }>('GET', '/cities?limit=100')).body.data;
  const stateOf = (cityId: string) => cities.find((c) => c._id === cityId)?.state;
  const sellers = (await api<{ users: Party[] }>('GET', '/users?role=seller&status=active&limit=100')).body.users;
  const warehouses = (await api<{ data: Party[] }>('GET', '/warehouses?limit=100')).body.data;
  const warehouse = warehouses.find((w) => sellers.some((s) => stateOf(s.city_id) === stateOf(w.city_id)))!;
  const seller = sellers.find((s) => stateOf(s.city_id) === stateOf(warehouse.city_id))!;
  const products = (await api<{ data: Product[] }>('GET', '/products?limit=1000')).body.data
    .filter((p) => p.gst_rate > 0)
    .sort((a, b) => a.productname.localeCompare(b.productname));
  const names = new Map<string, number>();
  for (const p of products) names.set(p.productname, (names.get(p.productname) ?? 0) + 1);
  // A name typed into the product picker finds that product alone.
  const single = (p: Product) => names.get(p.productname) === 1;
  return {
    warehouse,
    seller,
    sellerName: `${seller.firstname} ${seller.lastname}`,
    state: stateOf(warehouse.city_id)!,
    tracked: products.find((p) => p.tracks_expiry && single(p))!,
    plain: products.filter((p) => !p.tracks_expiry && single(p)).at(-1)!,
  };
}

const orderOf = async (id: string) => (await api<Order>('GET', `/purchase-orders/${id}`)).body;
const idFromUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;
const cellsOf = (row: Locator) => row.locator('td').allInnerTexts();
const linesTable = (page: Page) => page.getByRole('table', { name: 'Lines', exact: true });
/** Ordered, received, returned and due of the order's line for this product, as its page shows them. */
const figuresOf = async (page: Page, product: string) =>
  (await cellsOf(linesTable(page).locator('tbody tr.ant-table-row').filter({ hasText: product }))).slice(2, 6);
const historyTitles = async (page: Page) => (await page.getByTestId('history-entry').allInnerTexts()).map((t) => t.split(' · ')[0]);

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

describe('purchase orders (issue 31)', () => {
  const browser = useBrowser();

  it('an admin drafts an order, places it, prints it, receives it in two deliveries and returns a damaged unit', async () => {
    const { warehouse, seller, sellerName, state, tracked, plain } = await setting();
    const page = browser.page();
    await loginAs(page, 'admin');

    // Drafted on the form: the seller, the warehouse, the expected day, a perishable and a plain line.
    await page.goto('/purchase-orders');
    await page.getByRole('button', { name: 'New Purchase Order' }).click();
    await expectPath(page, '/purchase-orders/create');
    // The picker names a seller by first name (as users are named wherever they are picked).
    await pickOption(page, 'Seller', seller.firstname!);
    await pickOption(page, 'Warehouse', warehouse.name!);
    await typeDay(page.getByLabel('Expected On', { exact: true }), dayFromToday(7));
    const note = unique('E2E order');
    await page.getByLabel('Notes', { exact: true }).fill(note);
    await pickOption(page, 'Product (line 1)', tracked.productname);
    await page.getByLabel('Quantity (line 1)', { exact: true }).fill('10');
    await page.getByLabel('Unit Cost (line 1)', { exact: true }).fill('42.5');
    await page.getByRole('button', { name: /Add Line/ }).click();
    await pickOption(page, 'Product (line 2)', plain.productname);
    await page.getByLabel('Quantity (line 2)', { exact: true }).fill('6');
    await page.getByLabel('Unit Cost (line 2)', { exact: true }).fill('110');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: /^Purchase Order PO-\d{4}-\d{5}$/ }).waitFor();
    const id = idFromUrl(page);
    await atPath(page, `/purchase-orders/show/${id}`);
    const drafted = await orderOf(id);
    expect(drafted).toMatchObject({
      status: 'draft',
      notes: note,
      lines: [
        { product_id: tracked._id, quantity: 10 },
        { product_id: plain._id, quantity: 6 },
      ],
    });

    // Placed, after its question.
    await page.getByRole('button', { name: 'Place Order', exact: true }).click();
    const question = page.getByRole('dialog').filter({ hasText: 'Send this purchase order to the seller?' });
    await answerDialog(question, 'Place Order');
    await page.locator('.ant-descriptions-item-content .ant-tag', { hasText: 'Ordered' }).waitFor();
    await expect.poll(async () => (await orderOf(id)).status).toBe('ordered');

    // Printed: the seller, the lines with their HSN codes, the tax split as the API computed it.
    await page.getByRole('button', { name: /Print/ }).click();
    await expectPath(page, `/purchase-orders/print/${id}`);
    const sheet = page.getByRole('article', { name: 'Printable purchase order' });
    await sheet.getByText(sellerName).waitFor();
    const { taxes } = await orderOf(id);
    expect(taxes.supply).toBe('intra');
    await expect(sheet.getByRole('table', { name: 'GST by rate' }).locator('caption').innerText()).resolves.toBe(`Within ${state}: CGST + SGST`);
    const money = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);
    await expect(sheet.getByTestId('print-cgst').innerText()).resolves.toBe(money(taxes.cgst));
    await expect(sheet.getByTestId('print-sgst').innerText()).resolves.toBe(money(taxes.sgst));
    await expect(sheet.getByTestId('print-total').innerText()).resolves.toBe(money(taxes.total));
    expect(await sheet.getByRole('table', { name: 'Order lines' }).locator('tbody tr').count()).toBe(2);
    // On paper, only the sheet: no sidebar, header or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.ant-layout-sider').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
    await expect(sheet.isVisible()).resolves.toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Back to the order' }).click();
    await expectPath(page, `/purchase-orders/show/${id}`);

    // The first delivery: 4 of the perishable in a batch, 2 of the plain product.
    const firstBatch = unique('E2E-B1').replace(/\s/g, '-').slice(0, 40);
    let dialog = await openStep(page, 'Receive');
    await dialog.getByLabel(`Receive ${tracked.productname}`, { exact: true }).fill('4');
    await dialog.getByLabel(`Receive ${plain.productname}`, { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    // A perishable needs its batch: nothing is sent without it.
    await dialog.getByText('Batch number is required', { exact: true }).waitFor();
    await dialog.getByLabel(`Batch number for ${tracked.productname}`, { exact: true }).fill(firstBatch);
    await typeDay(dialog.getByLabel(`Expiry date for ${tracked.productname}`, { exact: true }), dayFromToday(90));
    await dialog.getByLabel('Notes', { exact: true }).fill('First van');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByText('Purchase order received').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-descriptions-item-content .ant-tag', { hasText: 'Partially received' }).waitFor();
    await eventually(() => figuresOf(page, tracked.productname)).toEqual(['10', '4', '0', '6']);
    await expect(figuresOf(page, plain.productname)).resolves.toEqual(['6', '2', '0', '4']);

    // The second delivery: the rest, the perishable in another batch; the dialog starts from what is still due.
    dialog = await openStep(page, 'Receive');
    await expect(dialog.getByLabel(`Receive ${tracked.productname}`, { exact: true }).inputValue()).resolves.toBe('6');
    await expect(dialog.getByLabel(`Receive ${plain.productname}`, { exact: true }).inputValue()).resolves.toBe('4');
    await dialog.getByLabel(`Receive ${plain.productname}`, { exact: true }).fill('5');
    await dialog.getByText('Only 4 due', { exact: true }).waitFor();
    await dialog.getByLabel(`Receive ${plain.productname}`, { exact: true }).fill('4');
    await dialog.getByLabel(`Batch number for ${tracked.productname}`, { exact: true }).fill(`${firstBatch}-2`);
    await typeDay(dialog.getByLabel(`Expiry date for ${tracked.productname}`, { exact: true }), dayFromToday(120));
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-descriptions-item-content .ant-tag', { hasText: 'Received' }).waitFor();
    await eventually(() => figuresOf(page, tracked.productname)).toEqual(['10', '10', '0', '0']);
    await expect(page.getByRole('button', { name: 'Receive', exact: true }).count()).resolves.toBe(0);

    // A damaged unit of the first batch goes back to the seller, with why.
    dialog = await openStep(page, 'Return to Seller');
    await dialog.getByLabel(`Return ${tracked.productname}`, { exact: true }).fill('1');
    await pickOption(page, `Batch of ${tracked.productname}`, new RegExp(`^${firstBatch} ·`));
    await dialog.getByRole('button', { name: 'Return to Seller', exact: true }).click();
    await dialog.getByText('Say why: a note is required to return to seller', { exact: true }).waitFor();
    await dialog.getByLabel('Note', { exact: true }).fill('Damaged');
    await dialog.getByRole('button', { name: 'Return to Seller', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => figuresOf(page, tracked.productname)).toEqual(['10', '10', '1', '0']);
    await page.locator('.ant-descriptions-item-content .ant-tag', { hasText: 'Received' }).waitFor();

    await eventually(() => historyTitles(page)).toEqual(['Created', 'Ordered', 'Received', 'Received', 'Returned to Seller']);
    const entries = page.getByTestId('history-entry');
    await expect(entries.nth(2).innerText()).resolves.toContain('First van');
    await expect(entries.nth(4).innerText()).resolves.toContain('Damaged');

    // The API agrees: every unit received, one returned, from the batch picked.
    const done = await orderOf(id);
    expect(done.status).toBe('received');
    expect(done.lines.map((l) => [l.received_quantity, l.returned_quantity, l.due_quantity])).toEqual([
      [10, 1, 0],
      [6, 0, 0],
    ]);
    const record = (await api<{ data: { _id: string }[] }>('GET', `/inventory?product_id=${tracked._id}&warehouse_id=${warehouse._id}&limit=1`)).body.data[0]!;
    const batches = (await api<{ data: { batch_no: string; current_stock: number }[] }>('GET', `/inventory/${record._id}/batches`)).body.data;
    expect(
      batches
        .filter((b) => b.batch_no.startsWith(firstBatch))
        .map((b) => [b.batch_no, b.current_stock])
        .sort(),
    ).toEqual([
      [firstBatch, 3],
      [`${firstBatch}-2`, 6],
    ]);

    // The seller's page lists the order.
    await page.getByTestId('order-seller').getByRole('link', { name: sellerName }).click();
    await expectPath(page, `/users/show/${seller._id}`);
    await page.getByRole('table', { name: 'Purchase Orders' }).getByRole('link', { name: done.number }).waitFor();
  });

  it('on a phone (390 px) the order page fits the screen, and its receive dialog receives', async () => {
    const { warehouse, seller, plain } = await setting();
    const made = await api<Order>('POST', '/purchase-orders', {
      seller_id: seller._id,
      warehouse_id: warehouse._id,
      expected_on: dayFromToday(-2),
      lines: [{ product_id: plain._id, quantity: 8, unit_cost: 25 }],
    });
    expect(made.status).toBe(201);
    expect((await api('POST', `/purchase-orders/${made.body._id}/order`, {})).status).toBe(200);

    const page = browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'admin', `/purchase-orders/show/${made.body._id}`);
    await page.getByRole('heading', { name: `Purchase Order ${made.body.number}` }).waitFor();
    // Past its expected day and still open: overdue.
    await page.locator('.ant-descriptions-item-content .ant-tag', { hasText: 'Overdue' }).waitFor();
    await page.getByTestId('tax-total').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    const total = await page.getByTestId('tax-total').boundingBox();
    expect(total!.x + total!.width).toBeLessThanOrEqual(390);

    const dialog = await openStep(page, 'Receive');
    const box = dialog.getByLabel(`Receive ${plain.productname}`, { exact: true });
    await expect(box.inputValue()).resolves.toBe('8');
    const shown = await box.boundingBox();
    expect(shown!.x).toBeGreaterThanOrEqual(0);
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(390);
    await box.fill('3');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.ant-descriptions-item-content .ant-tag', { hasText: 'Partially received' }).waitFor();
    expect((await orderOf(made.body._id)).lines[0]).toMatchObject({ received_quantity: 3, due_quantity: 5 });
  });
});
