import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { queryRows } from '../support/stock-ledger.js';
import { parseCsv } from '../../src/server/services/csv.js';
import { addDays, businessDay } from '../../src/domain/business-days.js';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Row = {
  warehouse_id: string;
  warehouse_name: string;
  category_name: string | null;
  product_id: string | null;
  product_name: string | null;
  quantity: number;
  stock_value?: number;
  average_cost?: number | null;
};
type Report = { as_of: string; data: Row[]; total: number; totals: { quantity: number; stock_value?: number }; errors?: { field: string }[] };

const report = async (query: string, role: 'admin' | 'warehouse-user' | 'sub-admin' = 'admin') =>
  t.request<Report>('GET', `/api/reports/stock-valuation?${query}`, { role });

/** Every row of a report, page after page. */
async function allRows(query: string): Promise<Report> {
  const first = (await report(`${query}&limit=1000&page=1`)).body;
  const rows = [...first.data];
  for (let page = 2; rows.length < first.total; page++) rows.push(...(await report(`${query}&limit=1000&page=${page}`)).body.data);
  return { ...first, data: rows };
}

/** What the ledger says each warehouse held of each product at the end of `day`, summed in JavaScript. */
async function bruteForce(day: string): Promise<Map<string, { quantity: number; paise: number }>> {
  const rows = await queryRows<{ warehouse_id: string; product_id: string; quantity: number; paise: string; day: string }>(
    t.db,
    sql`
    select warehouse_id, product_id, quantity, (value_change * 100)::bigint::text as paise,
           to_char(created at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day
      from stock_movements`,
  );
  const held = new Map<string, { quantity: number; paise: number }>();
  for (const r of rows.filter((m) => m.day <= day)) {
    const key = `${r.warehouse_id}/${r.product_id}`;
    const h = held.get(key) ?? { quantity: 0, paise: 0 };
    held.set(key, { quantity: h.quantity + r.quantity, paise: h.paise + Number(r.paise) });
  }
  for (const [key, h] of held) if (h.quantity === 0 && h.paise === 0) held.delete(key);
  return held;
}

describe('GET /reports/stock-valuation', () => {
  it('today: the same value as the dashboard, and every (warehouse, product) the ledger holds, to the paisa', async () => {
    const today = await allRows('group_by=product');
    expect(today.as_of).toBe(businessDay(new Date()));
    const dashboard = (await t.request('GET', '/api/dashboard/summary', { role: 'admin' })).body;
    expect(today.totals.stock_value).toBe(dashboard.total_inventory_value);
    const expected = await bruteForce(today.as_of);
    expect(today.total).toBe(expected.size);
    for (const row of today.data) {
      const e = expected.get(`${row.warehouse_id}/${row.product_id}`)!;
      expect([row.quantity, Math.round(row.stock_value! * 100)]).toEqual([e.quantity, e.paise]);
      if (row.quantity > 0) expect(row.average_cost).toBeCloseTo(row.stock_value! / row.quantity, 2);
    }
    expect(Math.round(today.totals.stock_value! * 100)).toBe([...expected.values()].reduce((s, e) => s + e.paise, 0));
  });

  it("as of a past day: what the ledger held then, not today's balances; categories and warehouses add up", async () => {
    const day = addDays(businessDay(new Date()), -45);
    const past = await allRows(`group_by=product&as_of=${day}`);
    const expected = await bruteForce(day);
    expect(past.total).toBe(expected.size);
    expect(Math.round(past.totals.stock_value! * 100)).toBe([...expected.values()].reduce((s, e) => s + e.paise, 0));
    expect(past.totals.quantity).toBe([...expected.values()].reduce((s, e) => s + e.quantity, 0));
    const today = (await report('limit=1')).body;
    expect(past.totals.stock_value).not.toBe(today.totals.stock_value);

    for (const group of ['category', 'warehouse']) {
      const rolled = await allRows(`group_by=${group}&as_of=${day}`);
      expect(rolled.totals).toEqual(past.totals);
      expect(rolled.data.every((r) => r.product_id === null && (group === 'category' ? r.category_name : r.category_name === null))).toBe(true);
      expect(Math.round(rolled.data.reduce((s, r) => s + r.stock_value! * 100, 0))).toBe(Math.round(past.totals.stock_value! * 100));
    }
  });

  it('filters by warehouse and category, sorts by value, and pages', async () => {
    const all = await allRows('group_by=product');
    const { warehouse_id, category_name } = all.data[0]!;
    const one = (await report(`warehouse_id=${warehouse_id}&limit=1000`)).body;
    expect(one.data.every((r) => r.warehouse_id === warehouse_id)).toBe(true);
    expect(one.total).toBe(all.data.filter((r) => r.warehouse_id === warehouse_id).length);
    const categories = (await t.request('GET', '/api/categories/main', { role: 'admin' })).body.MainCategories as { category: string; category_id: string }[];
    const category = categories.find((c) => c.category === category_name)!;
    const inCategory = (await report(`category_id=${category.category_id}&limit=1000`)).body;
    expect(inCategory.data.every((r) => r.category_name === category_name)).toBe(true);
    expect(inCategory.total).toBe(all.data.filter((r) => r.category_name === category_name).length);

    const sorted = (await report('sort=stock_value&order=desc&limit=20')).body.data.map((r) => r.stock_value!);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    const page2 = (await report('limit=5&page=2')).body;
    expect(page2.data.map((r) => r.product_id)).toEqual(all.data.slice(5, 10).map((r) => r.product_id));
    const beyond = (await report('limit=5&page=100000')).body;
    expect([beyond.data, beyond.total, beyond.totals]).toEqual([[], all.total, all.totals]);
  });

  it('pages in name order are the whole name order, both ways and filtered, after a rename, a new category and a deleted record', async () => {
    /** The report's rows in its name order, as the CSV (one sorted statement) lists them: [warehouse, product]. */
    const csvOrder = async (query: string) =>
      parseCsv((await t.request<string>('GET', `/api/reports/stock-valuation.csv?group_by=product&${query}`, { role: 'admin' })).body)
        .records.slice(1)
        .map((r) => `${r.fields[0]} / ${r.fields[2]}`);
    /** The same rows page by page (13 a page: pages start inside groups), walked by the API. */
    const pagedOrder = async (query: string) => {
      const rows: string[] = [];
      for (let page = 1; ; page++) {
        const { data, total } = (await report(`${query}&limit=13&page=${page}`)).body;
        rows.push(...data.map((r) => `${r.warehouse_name} / ${r.product_name}`));
        if (!data.length || rows.length >= total) return rows;
      }
    };
    const day = addDays(businessDay(new Date()), -1);
    const expectSameOrder = async (query: string) => {
      const expected = await csvOrder(query);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(await pagedOrder(query), query).toEqual(expected);
    };

    // A record that held stock yesterday, emptied and deleted today: yesterday's report still lists it.
    const [gone] = await queryRows<{ id: string; product_id: string; warehouse_id: string; stock: number }>(
      t.db,
      sql`
      select i.id, i.product_id, i.warehouse_id, i.current_stock as stock from inventory i join products p on p.id = i.product_id
       where i.current_stock > 0 and not p.tracks_expiry
         and exists (select 1 from stock_movements m where m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
                      and m.created < now() - interval '2 days')
         and not exists (select 1 from stock_movements m where m.product_id = i.product_id and m.warehouse_id = i.warehouse_id
                          and m.created >= now() - interval '2 days')
       order by i.id limit 1`,
    );
    const emptied = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: gone!.product_id, warehouse_id: gone!.warehouse_id, new_stock: 0, notes: 'Closing the shelf' },
    });
    expect(emptied.status).toBe(200);
    expect((await t.request('DELETE', `/api/inventory/${gone!.id}`, { role: 'admin' })).status).toBe(200);
    const yesterday = await allRows(`group_by=product&as_of=${day}`);
    expect(yesterday.data.some((r) => r.product_id === gone!.product_id && r.warehouse_id === gone!.warehouse_id)).toBe(true);
    expect(yesterday.total).toBe((await bruteForce(day)).size);
    const now = await allRows('group_by=product');
    expect(now.data.some((r) => r.product_id === gone!.product_id && r.warehouse_id === gone!.warehouse_id)).toBe(false);

    // A product renamed to sort first, and one moved to another category, are walked under their new names.
    const [renamed, moved] = now.data.slice(-2);
    expect((await t.request('PATCH', `/api/products/${renamed!.product_id}`, { role: 'admin', body: { productname: 'Aaa First Rice' } })).status).toBe(200);
    const [other] = await queryRows<{ category_id: string; subcategory_id: string }>(
      t.db,
      sql`
      select s.category_id, s.id as subcategory_id from subcategories s
       where s.category_id <> (select category_id from products where id = ${moved!.product_id}::uuid) order by s.name limit 1`,
    );
    expect((await t.request('PATCH', `/api/products/${moved!.product_id}`, { role: 'admin', body: other })).status).toBe(200);
    const after = (await report(`warehouse_id=${renamed!.warehouse_id}&limit=1000`)).body.data;
    expect(after.find((r) => r.product_id === renamed!.product_id)?.product_name).toBe('Aaa First Rice');
    const movedRow = (await report(`warehouse_id=${moved!.warehouse_id}&category_id=${other!.category_id}&limit=1000`)).body.data;
    expect(movedRow.some((r) => r.product_id === moved!.product_id)).toBe(true);

    for (const query of [
      '',
      'order=desc',
      `as_of=${day}`,
      `as_of=${day}&order=desc`,
      `warehouse_id=${renamed!.warehouse_id}`,
      `category_id=${other!.category_id}&order=desc`,
    ]) {
      await expectSameOrder(query);
    }
  });

  it('refuses dates outside the calendar or the range, and unknown groups, naming the field', async () => {
    for (const [query, field] of [
      ['as_of=0000-01-01', 'as_of'],
      ['as_of=2026-02-30', 'as_of'],
      ['as_of=9999-12-31', 'as_of'],
      ['group_by=shelf', 'group_by'],
      ['warehouse_id=nope', 'warehouse_id'],
      ['sort=price', 'sort'],
    ] as const) {
      const res = await report(query);
      expect([res.status, res.body.errors?.[0]?.field], query).toEqual([400, field]);
    }
  });

  it('a role without costs sees quantities only: no value field, no sort by one, no value column in the CSV', async () => {
    const policy: Policy = structuredClone(DEFAULT_POLICY);
    policy.signIn['sub-admin'] = true;
    policy.grants['sub-admin'] = { reports: ['list'] };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    const res = await report('limit=5', 'sub-admin');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/stock_value|average_cost/);
    const sorted = await report('sort=stock_value', 'sub-admin');
    expect([sorted.status, sorted.body.errors?.[0]?.field]).toEqual([400, 'sort']);
    const csv = await t.request<string>('GET', '/api/reports/stock-valuation.csv?group_by=warehouse', { role: 'sub-admin' });
    expect(parseCsv(csv.body).records[0]!.fields).toEqual(['Warehouse', 'Quantity']);
  });

  it("the CSV download holds every row (not a page) with a header, in the report's order", async () => {
    const all = await allRows('group_by=product');
    const res = await t.request<string>('GET', '/api/reports/stock-valuation.csv?group_by=product', { role: 'admin' });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="stock-valuation-product-\d{4}-\d{2}-\d{2}\.csv"/);
    const { records } = parseCsv(res.body);
    expect(records[0]!.fields).toEqual(['Warehouse', 'Category', 'Product', 'Quantity', 'Average cost', 'Stock value']);
    expect(records).toHaveLength(all.total + 1);
    expect(records.slice(1).map((r) => [r.fields[2], Number(r.fields[3]), Number(r.fields[5])])).toEqual(
      all.data.map((r) => [r.product_name, r.quantity, r.stock_value]),
    );
  });
});
