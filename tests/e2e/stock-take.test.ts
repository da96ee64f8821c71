import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';
import { loginAs, useBrowser } from '../support/e2e-browser.js';
import { api, unique } from '../support/e2e-crud.js';
import { pickOption, tableRows, warehouses } from '../support/e2e-stock.js';

type Line = { product_id: string; productname: string; sku: string | null; barcode: string | null; expected: number };
type Detail = { status: string; expected_hidden: boolean; lines: { expected: number | null; variance: number | null }[]; totals: Record<string, unknown> };

const warehouseNamed = async (name: string) => (await warehouses()).find((w) => w.name === name)!;
const categoryNamed = async (name: string) =>
  (await api<{ MainCategories: { category: string; category_id: string }[] }>('GET', '/categories/main')).body.MainCategories.find((c) => c.category === name)!;

/** Starts a stock take through the API (as admin): the id, or the refusal. */
async function startTake(warehouseId: string, categoryId: string | null, blind = true): Promise<string> {
  const res = await api<{ _id: string; message?: string }>('POST', '/stock-takes', { warehouse_id: warehouseId, category_id: categoryId, blind });
  if (res.status !== 201) throw new Error(`POST /stock-takes answered ${res.status}: ${res.body.message}`);
  return res.body._id;
}

/** Every e2e file shares the server: a test leaves no stock take open behind it. */
async function cancelTakes(ids: string[]): Promise<void> {
  for (const id of ids) await api('POST', `/stock-takes/${id}/cancel`);
}

const isFocused = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .and(page.locator('input'))
    .evaluate((el) => el === document.activeElement);

describe('stock take (issue 19)', () => {
  const browser = useBrowser();

  it('a warehouse user counts three products (one by scanning its barcode), applies, and the inventory list shows the counts', async () => {
    // A warehouse and category with at least three stocked products, found through the API (the witness).
    const warehouses = (await api<{ data: { _id: string; name: string }[] }>('GET', '/warehouses?limit=100')).body.data;
    const categories = (await api<{ MainCategories: { category: string; category_id: string }[] }>('GET', '/categories/main')).body.MainCategories;
    const warehouse = warehouses.find((w) => w.name === 'Pune West Warehouse')!;
    const category = categories.find((c) => c.category === 'Personal Care')!;

    const page = browser.page();
    await loginAs(page, 'warehouse', '/stock-takes');
    await pickOption(page, 'Warehouse', warehouse.name);
    await pickOption(page, 'Category', category.category);
    await page.getByRole('button', { name: 'Start Stock Take' }).click();
    await page.getByRole('heading', { name: /Stock Take: Pune West Warehouse/ }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;

    const sheet = (await api<{ lines: Line[] }>('GET', `/stock-takes/${id}`)).body.lines.filter((l) => l.barcode);
    expect(sheet.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = sheet as [Line, Line, Line];
    const counts = new Map([
      [a.product_id, a.expected + 4],
      [b.product_id, Math.max(0, b.expected - 1)],
      [c.product_id, c.expected + 2],
    ]);
    // Blind by default: the counter does not see what the system expects.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Expected' }).count()).toBe(0);

    for (const line of [a, b]) {
      const input = page.getByLabel(`Counted ${line.productname}`, { exact: true });
      await input.fill(String(counts.get(line.product_id)));
      await input.press('Enter');
      await page.getByLabel(`Saved ${line.productname}`).waitFor();
    }
    // A scanner types the digits and Enter: the line's counted field takes the focus.
    const finder = page.getByLabel('Find product to count', { exact: true });
    await finder.fill(c.barcode!);
    await finder.press('Enter');
    const counted = page.getByLabel(`Counted ${c.productname}`, { exact: true });
    await expect.poll(() => counted.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(String(counts.get(c.product_id)));
    await page.keyboard.press('Enter');
    await page.getByLabel(`Saved ${c.productname}`).waitFor();

    // Nothing is lost on reload: the counts were saved line by line.
    await page.reload();
    await expect.poll(() => page.getByLabel(`Counted ${c.productname}`, { exact: true }).inputValue()).toBe(String(counts.get(c.product_id)));

    await page.getByRole('tab', { name: 'Review' }).click();
    await page.getByRole('switch', { name: 'Only variances' }).click();
    await expect.poll(() => page.getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await page.getByRole('button', { name: 'Apply Stock Take' }).click();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // The toast, or (when the apply is refused) the error on the page, so that a failure says why.
    await expect
      .poll(async () => (await page.locator('.ant-message, .ant-alert').allInnerTexts()).join(' | '))
      .toMatch(/Stock take applied: 3 adjustment\(s\) posted/);

    for (const line of [a, b, c]) {
      await page.goto(`/inventory?warehouse=${warehouse._id}&product_name=${encodeURIComponent(line.productname)}`);
      const row = tableRows(page).filter({ hasText: line.productname });
      await expect.poll(() => row.locator('td').nth(1).innerText()).toBe(String(counts.get(line.product_id)));
    }
  });

  it('one open stock take per warehouse and product: the form names the open one, links to it and waits; a race says the same', async () => {
    // A warehouse of this test's own: nobody else starts a count in it.
    const city = (await warehouses())[0]!.city_id;
    const created = await api<{ _id: string; name: string }>('POST', '/warehouses', {
      name: unique('Count Store'),
      city_id: city,
      address: '9 Tally Road',
      status: 'active',
      contact_person: 'Meera',
      contact_phone: '+91 98765 43211',
      contact_email: `${unique('count').replace(/\W+/g, '.')}@demo.local`,
    });
    expect(created.status).toBe(201);
    const warehouse = created.body;
    const staples = await categoryNamed('Staples');
    const household = await categoryNamed('Household');
    const opened: string[] = [];
    try {
      opened.push(await startTake(warehouse._id, staples.category_id));
      const page = browser.page();
      await loginAs(page, 'admin', '/stock-takes');
      const startButton = page.getByRole('button', { name: 'Start Stock Take' });
      const link = page.getByRole('link', { name: 'Go to the open stock take' });
      await pickOption(page, 'Warehouse', warehouse.name);
      await pickOption(page, 'Category', 'Staples');
      // Before anyone counts: the open count of the same products is named, with a link, and Start waits for it.
      await page
        .getByRole('alert')
        .filter({ hasText: `A stock take of Staples in ${warehouse.name} is still open` })
        .waitFor();
      await expect.poll(() => link.getAttribute('href')).toBe(`/stock-takes/${opened[0]}`);
      await expect.poll(() => startButton.isDisabled()).toBe(true);

      // Another category counts other products.
      await pickOption(page, 'Category', 'Household');
      await expect.poll(() => link.count()).toBe(0);
      await expect.poll(() => startButton.isDisabled()).toBe(false);

      // Someone else starts Household first (this screen does not know yet): the API's 409 is shown, with its link.
      opened.push(await startTake(warehouse._id, household.category_id));
      await startButton.click();
      await page
        .getByRole('alert')
        .filter({ hasText: `A stock take of Household in ${warehouse.name} is still open` })
        .waitFor();
      await expect.poll(() => link.getAttribute('href')).toBe(`/stock-takes/${opened[1]}`);
      await expect.poll(() => startButton.isDisabled()).toBe(true);
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/stock-takes/${opened[1]}`);
      await page.getByRole('heading', { name: new RegExp(`Stock Take: ${warehouse.name}`) }).waitFor();
    } finally {
      await cancelTakes(opened);
    }
  });

  it('a blind count shows a counter who may not apply no expected stock: not on the sheet, no Review, not in the API answer, not once cancelled', async () => {
    const warehouse = await warehouseNamed('Indore Hub');
    const household = await categoryNamed('Household');
    const countOnly = structuredClone(DEFAULT_POLICY);
    countOnly.grants['warehouse-user']!['stock-takes'] = ['list', 'show', 'create', 'count'];
    expect((await api('PUT', '/permissions', countOnly)).status).toBe(200);
    const id = await startTake(warehouse._id, household.category_id, true);
    try {
      const page = browser.page();
      await loginAs(page, 'warehouse');
      // The sheet's page of lines (the header and totals come in an answer of their own, limit=0).
      const linesOf = (r: { url(): string; request(): { method(): string } }) =>
        new URL(r.url()).pathname === `/api/stock-takes/${id}` && r.request().method() === 'GET' && new URL(r.url()).searchParams.get('limit') !== '0';
      const answer = page.waitForResponse(linesOf);
      await page.goto(`/stock-takes/${id}`);
      const sent = (await (await answer).json()) as Detail;
      expect(sent.expected_hidden).toBe(true);
      expect(sent.lines.length).toBeGreaterThan(0);
      expect(sent.lines.every((l) => l.expected === null && l.variance === null)).toBe(true);
      expect([sent.totals.variances, sent.totals.variance_quantity, sent.totals.variance_value]).toEqual([null, null, null]);

      const [line] = (await api<{ lines: Line[] }>('GET', `/stock-takes/${id}`)).body.lines;
      const input = page.getByLabel(`Counted ${line!.productname}`, { exact: true });
      await input.fill(String(line!.expected + 1));
      await input.press('Enter');
      await page.getByLabel(`Saved ${line!.productname}`).waitFor();
      await expect.poll(() => page.getByRole('columnheader', { name: 'Expected' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['Count']);
      await expect.poll(() => page.getByRole('button', { name: 'Apply Stock Take' }).count()).toBe(0);

      // Cancelled, never applied: its figures would still tell the next count what to expect.
      expect((await api('POST', `/stock-takes/${id}/cancel`)).status).toBe(200);
      const again = page.waitForResponse(linesOf);
      await page.reload();
      const cancelled = (await (await again).json()) as Detail;
      expect([cancelled.status, cancelled.expected_hidden]).toEqual(['cancelled', true]);
      expect(cancelled.lines.every((l) => l.expected === null)).toBe(true);
      await page.getByText('Cancelled', { exact: true }).waitFor();
      await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['Count']);
      await expect.poll(() => page.getByRole('columnheader', { name: 'Expected' }).count()).toBe(0);
    } finally {
      await cancelTakes([id]);
      expect((await api('PUT', '/permissions', DEFAULT_POLICY)).status).toBe(200);
    }
  });

  it('the scan box takes a barcode, an SKU or a name: one match is picked, several ask which, an unknown code says so and stays selected', async () => {
    const warehouse = await warehouseNamed('Lucknow Fulfilment Centre');
    const staples = await categoryNamed('Staples');
    // A Staples product with no stock in this warehouse: not on the sheet, found on the shelf.
    const newcomerName = unique('Scanned Jowar Flour');
    const newcomer = await api<{ _id: string }>('POST', '/products', {
      productname: newcomerName,
      category: 'Staples',
      subcategory: 'Atta & Flours',
      product_keyword: 'E2E Mills',
      price: 80,
      discount_price: 75,
      product_description: 'Jowar flour.',
      unit: 'kg',
      unit_value: '1',
    });
    expect(newcomer.status).toBe(201);
    const id = await startTake(warehouse._id, staples.category_id, false);
    try {
      const sheet = (await api<{ lines: Line[] }>('GET', `/stock-takes/${id}`)).body.lines;
      const bySku = sheet.find((l) => l.sku)!;
      const byBarcode = sheet.find((l) => l.barcode && l !== bySku)!;
      const dals = sheet.filter((l) => /dal/i.test(l.productname));
      expect(dals.length).toBeGreaterThanOrEqual(2);

      const page = browser.page();
      await loginAs(page, 'warehouse', `/stock-takes/${id}`);
      const finder = page.getByLabel('Find product to count', { exact: true });

      // An SKU, typed in lower case: its line's counted field takes the focus; Enter there hands it back to the box.
      await finder.fill(bySku.sku!.toLowerCase());
      await finder.press('Enter');
      await expect.poll(() => isFocused(page, `Counted ${bySku.productname}`)).toBe(true);
      await page.keyboard.type('7');
      await page.keyboard.press('Enter');
      await page.getByLabel(`Saved ${bySku.productname}`).waitFor();
      await expect.poll(() => isFocused(page, 'Find product to count')).toBe(true);

      // A name several products contain: which one? Picked with the keyboard (the second of the list).
      await page.keyboard.type('dal');
      await page.keyboard.press('Enter');
      await page.getByText(/products match dal: which one\?/).waitFor();
      await expect.poll(() => isFocused(page, 'Which product?')).toBe(true);
      const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect
        .poll(async () => (await offered.allInnerTexts()).slice(0, dals.length))
        .toEqual(dals.map((l) => [l.productname, l.sku ?? l.barcode].filter(Boolean).join(' · ')));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(page, `Counted ${dals[1]!.productname}`)).toBe(true);
      await page.keyboard.press('Enter');

      // An unknown code is said plainly and stays selected: the next scan replaces it.
      const unknown = '8909999999994';
      await expect.poll(() => isFocused(page, 'Find product to count')).toBe(true);
      await page.keyboard.type(unknown);
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: `No product with code ${unknown}` })
        .waitFor();
      await expect
        .poll(() => finder.evaluate((el: HTMLInputElement) => el === document.activeElement && el.selectionStart === 0 && el.selectionEnd === el.value.length))
        .toBe(true);
      await page.keyboard.type(byBarcode.barcode!);
      await expect.poll(() => finder.inputValue()).toBe(byBarcode.barcode);
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(page, `Counted ${byBarcode.productname}`)).toBe(true);

      // Not on the sheet but in the count's category: its name finds it, and it joins the sheet when counted.
      await finder.fill(newcomerName);
      await finder.press('Enter');
      const newcomerCount = page.getByLabel(`Counted ${newcomerName}`, { exact: true });
      await expect.poll(() => newcomerCount.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await page.getByLabel(`Saved ${newcomerName}`).waitFor();
      const saved = (await api<{ lines: (Line & { counted: number | null })[] }>('GET', `/stock-takes/${id}`)).body.lines;
      expect(saved.find((l) => l.product_id === newcomer.body._id)).toMatchObject({ expected: 0, counted: 3 });
      expect(saved.find((l) => l.product_id === bySku.product_id)!.counted).toBe(7);
    } finally {
      await cancelTakes([id]);
    }
  });
});
