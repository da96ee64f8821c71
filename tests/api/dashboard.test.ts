import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, inventory, stockMovements } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { queryRows } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summary = async () => {
  const res = await t.request('GET', '/api/dashboard/summary', { role: 'admin' });
  expect(res.status).toBe(200);
  return res.body;
};
const totalOf = async (url: string) => (await t.request('GET', url, { role: 'admin' })).body.total as number;

/** The business day (India) of an instant, computed independently of the server's SQL. */
const dayIST = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /dashboard/summary', () => {
  it('counts agree with the totals of the list endpoints', async () => {
    const body = await summary();
    expect(body.counts).toEqual({
      users: await totalOf('/api/users?limit=1'),
      products: await totalOf('/api/products?limit=1'),
      inventory_items: await totalOf('/api/inventory?limit=1'),
      warehouses: await totalOf('/api/warehouses?limit=1'),
      cities: await totalOf('/api/cities?limit=1'),
      low_stock: await totalOf('/api/inventory?limit=1&low_stock_only=true'),
      out_of_stock: await totalOf('/api/inventory?limit=1&out_of_stock_only=true'),
    });
    // The demo data has something in every card, so a card stuck at 0 would show here.
    for (const value of Object.values(body.counts)) expect(value).toBeGreaterThan(0);
    const report = await t.request('GET', '/api/inventory/report', { role: 'admin' });
    expect(body.total_inventory_value).toBe(report.body.summary.total_value);
  });

  it("total inventory value is what the stock cost: the sum of the ledger rows' values, to the paisa", async () => {
    const [ledger] = await queryRows<{ paise: number }>(t.db, sql`select (sum(value_change) * 100)::float8 as paise from stock_movements`);
    const balances = await t.db.select().from(inventory);
    expect(balances.reduce((sum, b) => sum + Math.round(b.stockValue * 100), 0)).toBe(ledger!.paise);
    expect(Math.round((await summary()).total_inventory_value * 100)).toBe(ledger!.paise);
  });

  it('lists up to 5 low-stock alerts, emptiest first, each at or below its minimum', async () => {
    const { low_stock_alerts: alerts } = await summary();
    expect(alerts).toHaveLength(5);
    for (const a of alerts) {
      expect(a.current_stock).toBeLessThanOrEqual(a.minimum_stock);
      expect(a.out_of_stock).toBe(a.current_stock === 0);
      expect(a).toMatchObject({ product_name: expect.any(String), warehouse_name: expect.any(String) });
    }
    const stocks = alerts.map((a: { current_stock: number }) => a.current_stock);
    expect(stocks).toEqual([...stocks].sort((x, y) => x - y));
  });

  it('shows a new user first among the 5 recent users, and the first 5 warehouses with their city, as the list orders them', async () => {
    const [city] = await t.db.select().from(cities).limit(1);
    const email = `dash.${Date.now()}@example.com`;
    const created = await t.request('POST', '/api/users/create', {
      role: 'admin',
      body: {
        firstname: 'Dashi',
        lastname: 'Board',
        email,
        phonenumber: `+91 77${String(Date.now()).slice(-8)}`,
        password: 'secret123',
        address: '1 Test Street',
        city_id: city!.id,
        role: 'customer',
        status: 'active',
      },
    });
    expect(created.status).toBe(201);
    const body = await summary();
    expect(body.recent_users).toHaveLength(5);
    expect(body.recent_users[0]).toMatchObject({ _id: created.body._id, name: 'Dashi Board', email, role: 'customer' });
    expect(JSON.stringify(body.recent_users)).not.toMatch(/password|scrypt|argon2/i);

    const list = (await t.request('GET', '/api/warehouses?limit=5', { role: 'admin' })).body.data;
    expect(body.warehouses).toEqual(
      list.map((w: { _id: string; name: string; city: string; status: string }) => ({ _id: w._id, name: w.name, city: w.city, status: w.status })),
    );
    expect(body.warehouses.every((w: { city: string | null }) => typeof w.city === 'string')).toBe(true);
  });

  it("its 30 days of stock in and out are the inventory report's default period and its Stock In and Stock Out", async () => {
    const { stock_flow: flow } = await summary();
    const report = (await t.request('GET', '/api/inventory/report', { role: 'admin' })).body;
    expect(report.period).toEqual({ start_date: flow[0].date, end_date: flow.at(-1).date });
    const total = (key: 'stock_in' | 'stock_out') => flow.reduce((sum: number, d: Record<string, number>) => sum + d[key]!, 0);
    expect({ in: total('stock_in'), out: total('stock_out') }).toEqual({ in: report.movement_statistics.total_in, out: report.movement_statistics.total_out });
    expect(total('stock_out')).toBeGreaterThan(0);
  });

  it('lists the 5 most recent products with their first image and prices', async () => {
    const newest = await queryRows<{ id: string; price: number }>(
      t.db,
      sql`
      select id, price::float8 as price from products order by created desc, id desc limit 5`,
    );
    const { recent_products: recent } = await summary();
    expect(recent.map((p: { _id: string }) => p._id)).toEqual(newest.map((p) => p.id));
    expect(recent.map((p: { price: number }) => p.price)).toEqual(newest.map((p) => p.price));
    for (const p of recent) expect(p).toMatchObject({ productname: expect.any(String), discount_price: expect.any(Number) });
  });

  it('stock flow: 30 consecutive days up to today, in and out (movement types, as the inventory report counts them) agreeing with the ledger, and a new stock change counted today', async () => {
    const before = await summary();
    const today = dayIST(new Date());
    expect(before.stock_flow).toHaveLength(30);
    expect(before.stock_flow.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => shift(today, i - 29)));

    const ledger = await t.db.select().from(stockMovements);
    const expected = new Map<string, { in: number; out: number }>();
    for (const m of ledger) {
      const day = expected.get(dayIST(m.created)) ?? { in: 0, out: 0 };
      if (m.movementType === 'in') day.in += m.quantity;
      if (m.movementType === 'out') day.out -= m.quantity;
      expected.set(dayIST(m.created), day);
    }
    for (const d of before.stock_flow) {
      expect({ date: d.date, in: d.stock_in, out: d.stock_out }).toEqual({
        date: d.date,
        in: expected.get(d.date)?.in ?? 0,
        out: expected.get(d.date)?.out ?? 0,
      });
    }
    expect(before.stock_flow.some((d: { stock_in: number }) => d.stock_in > 0)).toBe(true);

    const pair = await stockFixtures(t.db).stocked(5);
    const seller = await stockFixtures(t.db).sellerIn(pair.cityId);
    const add = await t.request('POST', '/api/inventory/add-stock', {
      role: 'warehouse-user',
      body: {
        product_id: pair.productId,
        warehouse_id: pair.warehouseId,
        quantity: 7,
        unit_cost: 10,
        movement_reason: 'purchase',
        reference_id: 'INV-DASH',
        reference_type: 'invoice',
        notes: 'dashboard test',
        seller_id: seller,
      },
    });
    expect(add.status).toBe(200);
    const remove = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'warehouse-user',
      body: { product_id: pair.productId, warehouse_id: pair.warehouseId, quantity: 3, movement_type: 'out' },
    });
    expect(remove.status).toBe(200);

    const after = await summary();
    const last = (s: { stock_flow: { stock_in: number; stock_out: number }[] }) => s.stock_flow.at(-1)!;
    expect(last(after).stock_in - last(before).stock_in).toBe(7);
    expect(last(after).stock_out - last(before).stock_out).toBe(3);
    expect(after.total_inventory_value).not.toBe(before.total_inventory_value);
  });

  it('is open to the warehouse-user, without the names of users (it may not list users), and closed to roles that may not sign in', async () => {
    const res = await t.request('GET', '/api/dashboard/summary', { role: 'warehouse-user' });
    expect(res.status).toBe(200);
    expect(res.body.recent_users).toBeNull();
    expect(res.body.counts.users).toBe((await summary()).counts.users);
    expect((await t.request('GET', '/api/dashboard/summary', { role: 'seller' })).status).toBe(403);
    expect((await t.request('GET', '/api/dashboard/summary')).status).toBe(401);
  });
});
