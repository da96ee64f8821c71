import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { today as businessToday, shift } from '../support/business-day.js';
import { bruteForceSuggestions } from '../support/replenishment-brute-force.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Replenishment (issue 31) on the real API and database: each warehouse's suggestions against a brute-force
 * recomputation from the ledger, the purchase order lines and the transfers; the rounding; filters and pages; who may
 * see and order what; and the draft purchase orders made from them, once per Idempotency-Key, all or nothing.
 */
let t: TestApp;
const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers

let mine: string[]; // the demo warehouse-user's warehouses
let here: string; // the warehouse most tests work in (one of mine)
let other: string; // a warehouse outside them
let sellers: { id: string; name: string }[];

const putPolicy = async (change: (p: Policy) => void) => {
  const policy = structuredClone(DEFAULT_POLICY);
  change(policy);
  const res = await t.request('PUT', '/api/permissions', { role: 'admin', body: policy });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** Every suggestion of a warehouse, page by page (as `role` sees them). */
async function allRows(warehouseId: string, extra = '', role: 'admin' | 'warehouse-user' = 'admin'): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await t.request('GET', `/api/replenishment?warehouse_id=${warehouseId}&limit=100&page=${page}${extra}`, { role });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    total = res.body.total;
    rows.push(...res.body.data);
    if (res.body.data.length < 100) break;
  }
  expect(rows).toHaveLength(total);
  return { rows, total };
}

const compared = (r: Row) => ({
  inventory_id: r.inventory_id,
  product_id: r.product_id,
  on_hand: r.on_hand,
  on_order: r.on_order,
  in_transit: r.in_transit,
  daily_outflow: r.daily_outflow,
  days_of_cover: r.days_of_cover,
  projected_stock: r.projected_stock,
  suggested_quantity: r.suggested_quantity,
  minimum_stock: r.minimum_stock,
  maximum_stock: r.maximum_stock,
  lead_time_days: r.lead_time_days,
  order_multiple: r.order_multiple,
  preferred_seller_id: r.preferred_seller_id,
  preferred_seller_name: r.preferred_seller_name,
  product_name: r.product_name,
  category_id: r.category_id,
});

/** A new product (untracked: plain stock, no record anywhere yet), a copy of a demo product's category and tax. */
let made = 0;
async function freshProduct(): Promise<string> {
  made += 1;
  const [row] = await q<{ id: string }>(sql`
    insert into products (productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price, product_description,
                          unit, unit_value, gst_rate, hsn_code)
    select 'Reorder Test ' || ${made}::int, 'परीक्षण', category_id, subcategory_id, 'Brand', 50, 45, 'A test product', unit, unit_value, gst_rate, hsn_code
      from products where not tracks_expiry and gst_rate > 0 order by productname limit 1
    returning id`);
  return row!.id;
}

/** A new inventory record with the given stock and settings. */
async function record(warehouseId: string, body: Record<string, unknown>): Promise<{ productId: string; id: string }> {
  const productId = await freshProduct();
  const res = await t.request('POST', '/api/inventory', {
    role: 'admin',
    headers: key(),
    body: { product_id: productId, warehouse_id: warehouseId, unit_cost: 20, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { productId, id: res.body._id };
}

const sell = async (productId: string, warehouseId: string, quantity: number, movement_type: 'out' | 'damaged' = 'out') => {
  const res = await t.request('POST', '/api/inventory/remove-stock', {
    role: 'admin',
    headers: key(),
    body: { product_id: productId, warehouse_id: warehouseId, quantity, movement_type, reference_type: 'invoice', reference_id: 'INV-R', notes: 'Sold' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const rowOf = async (warehouseId: string, productId: string) => (await allRows(warehouseId)).rows.find((r) => r.product_id === productId);

beforeAll(async () => {
  t = await createTestApp();
  mine = (await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, { role: 'admin' })).body.warehouse_ids;
  here = mine[0]!;
  [{ id: other }] = (await q<{ id: string }>(sql`select id from warehouses where id <> all(${`{${mine.join(',')}}`}::uuid[]) order by name limit 1`)) as [
    { id: string },
  ];
  sellers = await q(sql`select id::text, trim(firstname || ' ' || lastname) as name from users where role = 'seller' order by email`);
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

describe('the suggestions of a warehouse', () => {
  it('are what the ledger, the purchase orders and the transfers say, row for row, in order (brute force)', async () => {
    // Some variety on the seeded records: lead times, packs, preferred sellers.
    await t.db.execute(sql`update inventory set lead_time_days = (hashtext(id::text) & 15), order_multiple = 1 + (hashtext(id::text) & 3) * 4,
      preferred_seller_id = case when hashtext(id::text) & 1 = 0 then ${sellers[0]!.id}::uuid else ${sellers[1]!.id}::uuid end
      where warehouse_id = ${here}::uuid`);
    const [stocked] = await q<{ a: string; b: string }>(sql`
      select (array_agg(i.product_id order by i.product_id))[1] as a, (array_agg(i.product_id order by i.product_id))[2] as b
        from inventory i join products p on p.id = i.product_id
       where i.warehouse_id = ${other}::uuid and i.current_stock > 5 and not p.tracks_expiry
         and exists (select 1 from inventory h where h.product_id = i.product_id and h.warehouse_id = ${here}::uuid)`);
    // Coming in: a draft, an order received in part, a cancelled one (not counted), and a transfer on the road.
    const order = async (productId: string, quantity: number) => {
      const res = await t.request('POST', '/api/purchase-orders', {
        role: 'admin',
        body: {
          seller_id: sellers[0]!.id,
          warehouse_id: here,
          expected_on: shift(businessToday(), 5),
          lines: [{ product_id: productId, quantity, unit_cost: 9.5 }],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body._id as string;
    };
    await order(stocked!.a, 40);
    const partly = await order(stocked!.b, 30);
    const cancelled = await order(stocked!.a, 1000);
    const step = (id: string, action: string, body: unknown = {}) =>
      t.request('POST', `/api/purchase-orders/${id}/${action}`, { role: 'admin', headers: key(), body });
    expect((await step(partly, 'order')).status).toBe(200);
    expect((await step(partly, 'receive', { lines: [{ product_id: stocked!.b, quantity: 12 }] })).status).toBe(200);
    expect((await step(cancelled, 'cancel')).status).toBe(200);
    const transfer = await t.request('POST', '/api/transfers', {
      role: 'admin',
      body: {
        from_warehouse_id: other,
        to_warehouse_id: here,
        lines: [
          { product_id: stocked!.a, quantity: 3 },
          { product_id: stocked!.b, quantity: 2 },
        ],
      },
    });
    expect((await t.request('POST', `/api/transfers/${transfer.body._id}/dispatch`, { role: 'admin', headers: key() })).status).toBe(200);

    const { rows, total } = await allRows(here);
    const expected = await bruteForceSuggestions(t.db, here);
    expect(total).toBeGreaterThan(5);
    expect(rows.map(compared)).toEqual(expected);
    const a = rows.find((r) => r.product_id === stocked!.a);
    if (a) expect(a).toMatchObject({ on_order: 40, in_transit: 3 });
    // Every other warehouse too (their suggestions are the seeded data's as they are).
    for (const w of [other, mine[1]!]) expect((await allRows(w)).rows.map(compared)).toEqual(await bruteForceSuggestions(t.db, w));
  });

  it('projects on hand + on order + in transit − daily outflow × lead time; rounds up to the pack; not transfers out', async () => {
    const p = await record(here, { current_stock: 100, minimum_stock: 60, maximum_stock: 200, lead_time_days: 14, order_multiple: 12 });
    await sell(p.productId, here, 56);
    await sell(p.productId, here, 2, 'damaged');
    // 42 on hand; 58 out in 28 days (2.07 a day); projected 42 − 58 × 14 / 28 = 13; up to 200 is 187: 16 packs of 12.
    expect(await rowOf(here, p.productId)).toMatchObject({
      on_hand: 42,
      on_order: 0,
      in_transit: 0,
      daily_outflow: 2.07,
      days_of_cover: 20.3,
      projected_stock: 13,
      suggested_quantity: 192,
    });
    // 10 sent to another warehouse: on hand falls, the outflow does not (that warehouse sells them).
    const sent = await t.request('POST', '/api/transfers', {
      role: 'admin',
      body: { from_warehouse_id: here, to_warehouse_id: other, lines: [{ product_id: p.productId, quantity: 10 }] },
    });
    expect((await t.request('POST', `/api/transfers/${sent.body._id}/dispatch`, { role: 'admin', headers: key() })).status).toBe(200);
    expect(await rowOf(here, p.productId)).toMatchObject({
      on_hand: 32,
      daily_outflow: 2.07,
      days_of_cover: 15.4,
      projected_stock: 3,
      suggested_quantity: 204,
    });

    // No maximum above the minimum: up to the minimum, and never less than one pack.
    const noMax = await record(here, { current_stock: 12, minimum_stock: 30, maximum_stock: 0, order_multiple: 5 });
    expect(await rowOf(here, noMax.productId)).toMatchObject({ daily_outflow: 0, days_of_cover: null, projected_stock: 12, suggested_quantity: 20 });
    const atMin = await record(here, { current_stock: 10, minimum_stock: 10, maximum_stock: 10, order_multiple: 6 });
    expect(await rowOf(here, atMin.productId)).toMatchObject({ projected_stock: 10, suggested_quantity: 6 });
    const empty = await record(here, { current_stock: 0, minimum_stock: 4, maximum_stock: 9 });
    expect(await rowOf(here, empty.productId)).toMatchObject({ days_of_cover: 0, suggested_quantity: 9 });
    // Above the minimum, or no levels at all: nothing to suggest.
    const fine = await record(here, { current_stock: 50, minimum_stock: 10, maximum_stock: 90 });
    const unmanaged = await record(here, { current_stock: 0, minimum_stock: 0, maximum_stock: 0 });
    expect(await rowOf(here, fine.productId)).toBeUndefined();
    expect(await rowOf(here, unmanaged.productId)).toBeUndefined();
  });

  it('sorts by days of cover, none on hand first and no outflow last, then by name; filters by seller and category; pages', async () => {
    const { rows, total } = await allRows(here);
    const covers = rows.map((r) => r.days_of_cover);
    const firstNull = covers.indexOf(null);
    expect(firstNull === -1 || covers.slice(firstNull).every((c) => c === null)).toBe(true);
    const numbers = covers.filter((c): c is number => c !== null);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    const page2 = await t.request('GET', `/api/replenishment?warehouse_id=${here}&limit=7&page=2`, { role: 'admin' });
    expect(page2.body).toMatchObject({ total, page: 2, limit: 7 });
    expect(page2.body.data.map((r: Row) => r.inventory_id)).toEqual(rows.slice(7, 14).map((r) => r.inventory_id));
    const beyond = await t.request('GET', `/api/replenishment?warehouse_id=${here}&limit=50&page=999`, { role: 'admin' });
    expect(beyond.body).toMatchObject({ data: [], total });

    const seller = sellers[0]!.id;
    const bySeller = await allRows(here, `&seller_id=${seller}`);
    expect(bySeller.rows.map(compared)).toEqual(await bruteForceSuggestions(t.db, here, { sellerId: seller }));
    expect(bySeller.total).toBeGreaterThan(0);
    expect(bySeller.total).toBeLessThan(total);
    const category = rows[0]!.category_id as string;
    const byCategory = await allRows(here, `&category_id=${category}`);
    expect(byCategory.rows.map(compared)).toEqual(await bruteForceSuggestions(t.db, here, { categoryId: category }));
    expect(byCategory.rows.every((r) => r.category_id === category && r.category_name)).toBe(true);
  });

  it('names the field of a bad query: a warehouse is required, ids must be ids, at most 100 a page', async () => {
    const bad = async (query: string, field: string) => {
      const res = await t.request('GET', `/api/replenishment?${query}`, { role: 'admin' });
      expect(res.status, query).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    };
    await bad('', 'warehouse_id');
    await bad('warehouse_id=', 'warehouse_id');
    await bad(`warehouse_id=${crypto.randomUUID()}`, 'warehouse_id');
    await bad(`warehouse_id=${here}&seller_id=nope`, 'seller_id');
    await bad(`warehouse_id=${here}&category_id=x`, 'category_id');
    await bad(`warehouse_id=${here}&limit=101`, 'limit');
    await bad(`warehouse_id=${here}&page=0`, 'page');
  });
});

describe('who sees and orders what', () => {
  afterEach(() => putPolicy(() => {}));

  it('warehouse-user has no replenishment by default; granted, an assigned user sees only their warehouses (another: empty)', async () => {
    expect((await t.request('GET', `/api/replenishment?warehouse_id=${here}`, { role: 'warehouse-user' })).status).toBe(403);
    expect(
      (await t.request('POST', '/api/replenishment/orders', { role: 'warehouse-user', headers: key(), body: { warehouse_id: here, lines: [] } })).status,
    ).toBe(403);
    await putPolicy((p) => {
      p.grants['warehouse-user'] = { ...p.grants['warehouse-user'], replenishment: ['list', 'create'] };
      p.scope['warehouse-user'] = { replenishment: 'assigned' };
    });
    const own = await allRows(here, '', 'warehouse-user');
    expect(own.total).toBe((await allRows(here)).total);
    const elsewhere = await t.request('GET', `/api/replenishment?warehouse_id=${other}`, { role: 'warehouse-user' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ data: [], total: 0 });

    const [line] = (await allRows(other)).rows;
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from purchase_orders`))[0]!.n;
    const refused = await t.request('POST', '/api/replenishment/orders', {
      role: 'warehouse-user',
      headers: key(),
      body: { warehouse_id: other, lines: [{ product_id: line!.product_id, quantity: 5, seller_id: sellers[0]!.id }] },
    });
    expect(refused.status).toBe(403);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from purchase_orders`))[0]!.n).toBe(before);
  });

  it('gives the last purchase cost only to a role that sees costs', async () => {
    const admin = (await allRows(here)).rows;
    expect(admin.some((r) => typeof r.last_purchase_cost === 'number' && r.last_purchase_cost > 0)).toBe(true);
    await putPolicy((p) => {
      p.grants['warehouse-user'] = { ...p.grants['warehouse-user'], replenishment: ['list'] };
      delete p.grants['warehouse-user'].costs;
    });
    const res = await t.request('GET', `/api/replenishment?warehouse_id=${here}&limit=100`, { role: 'warehouse-user' });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/cost/);
  });
});

describe('creating purchase orders from the suggestions', () => {
  const orderCount = async () => (await q<{ n: number }>(sql`select count(*)::int as n from purchase_orders`))[0]!.n;
  const create = (body: unknown, headers = key()) => t.request('POST', '/api/replenishment/orders', { role: 'admin', headers, body });

  it('drafts one order per seller with those lines, priced as POST /purchase-orders prices them; a retry replays; then counted as on order', async () => {
    const [a, b, c] = [
      await record(here, { current_stock: 1, minimum_stock: 20, maximum_stock: 80, lead_time_days: 9, preferred_seller_id: sellers[0]!.id }),
      await record(here, { current_stock: 2, minimum_stock: 20, maximum_stock: 60, lead_time_days: 3, preferred_seller_id: sellers[0]!.id }),
      await record(here, { current_stock: 0, minimum_stock: 5, maximum_stock: 30, lead_time_days: 0 }),
    ];
    const suggested = async (productId: string) => (await rowOf(here, productId))?.suggested_quantity as number | undefined;
    expect([await suggested(a.productId), await suggested(b.productId), await suggested(c.productId)]).toEqual([79, 58, 30]);
    const [lastCost] = await q<{ cost: number | null }>(sql`select nullif(stock_entry_cost(${a.productId}::uuid, null), 0)::float8 as cost`);
    const before = await orderCount();
    const headers = key();
    const body = {
      warehouse_id: here,
      lines: [
        { product_id: a.productId, quantity: 10 },
        { product_id: c.productId, quantity: 30, seller_id: sellers[1]!.id, unit_cost: 12.25 },
        { product_id: b.productId, quantity: 58 },
      ],
    };
    const made = await create(body, headers);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.orders).toHaveLength(2);
    const [first, second] = made.body.orders as Row[];
    expect(first).toMatchObject({ seller_id: sellers[0]!.id, seller_name: sellers[0]!.name, lines: 2, expected_on: shift(businessToday(), 9) });
    expect(second).toMatchObject({ seller_id: sellers[1]!.id, lines: 1, expected_on: shift(businessToday(), 1) });
    expect(first!.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(await orderCount()).toBe(before + 2);

    const order = (await t.request('GET', `/api/purchase-orders/${first!._id}`, { role: 'admin' })).body;
    expect(order).toMatchObject({ status: 'draft', warehouse_id: here, seller_id: sellers[0]!.id, number: first!.number });
    expect(order.history.map((h: Row) => h.action)).toEqual(['created']);
    const [product] = await q<{ gst: number; hsn: string }>(sql`select gst_rate::float8 as gst, hsn_code as hsn from products where id = ${a.productId}::uuid`);
    expect(order.lines.map((l: Row) => [l.product_id, l.quantity])).toEqual([
      [a.productId, 10],
      [b.productId, 58],
    ]);
    // No purchase yet of a fresh product: the record's average cost (20) where there is no last purchase cost.
    expect(order.lines[0]).toMatchObject({ unit_cost: lastCost?.cost ?? 20, gst_rate: product!.gst, hsn_code: product!.hsn });
    expect((await t.request('GET', `/api/purchase-orders/${second!._id}`, { role: 'admin' })).body.lines[0]).toMatchObject({ unit_cost: 12.25 });

    const again = await create(body, headers);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(made.body);
    expect(await orderCount()).toBe(before + 2);

    // The drafts are on order: 1 + 10 is still at most 20 (69 more up to 80); the other two need nothing more.
    expect(await rowOf(here, a.productId)).toMatchObject({ on_order: 10, projected_stock: 11, suggested_quantity: 69 });
    expect([await suggested(b.productId), await suggested(c.productId)]).toEqual([undefined, undefined]);

    // Exactly what POST /purchase-orders makes of the same body, but for its number and ids.
    const twin = await t.request('POST', '/api/purchase-orders', {
      role: 'admin',
      body: {
        seller_id: order.seller_id,
        warehouse_id: order.warehouse_id,
        expected_on: order.expected_on,
        notes: order.notes,
        lines: order.lines.map((l: Row) => ({ product_id: l.product_id, quantity: l.quantity, unit_cost: l.unit_cost })),
      },
    });
    expect(twin.status, JSON.stringify(twin.body)).toBe(201);
    const same = ({ _id: _i, number: _n, created: _c, modified: _m, version: _v, history, lines, ...rest }: Row) => ({
      ...rest,
      history: history.map(({ at: _a, ...h }: Row) => h),
      lines: lines.map(({ _id: _l, ...l }: Row) => l),
    });
    expect(same(twin.body)).toEqual(same(order));
    expect((await t.request('DELETE', `/api/purchase-orders/${twin.body._id}`, { role: 'admin' })).status).toBe(200);
  });

  it('names each bad line and writes nothing when one line is bad', async () => {
    const good = await record(here, { current_stock: 0, minimum_stock: 5, maximum_stock: 10, preferred_seller_id: sellers[0]!.id });
    const orphan = await record(here, { current_stock: 0, minimum_stock: 5, maximum_stock: 10 });
    const before = await orderCount();
    const refused = async (body: unknown, errors: { field: string; message?: string }[]) => {
      const res = await create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors.map((e: Row) => e.field)).toEqual(errors.map((e) => e.field));
      for (const [i, e] of errors.entries()) if (e.message) expect(res.body.errors[i].message).toBe(e.message);
    };
    await refused(
      {
        warehouse_id: here,
        lines: [
          { product_id: good.productId, quantity: 5 },
          { product_id: orphan.productId, quantity: 5 },
        ],
      },
      [{ field: 'lines.1.seller_id' }],
    );
    await refused(
      {
        warehouse_id: here,
        lines: [
          { product_id: good.productId, quantity: 5 },
          { product_id: good.productId.toUpperCase(), quantity: 1 },
        ],
      },
      [{ field: 'lines.1.product_id', message: 'This product is already on line 1' }],
    );
    await refused(
      {
        warehouse_id: here,
        lines: [
          { product_id: crypto.randomUUID(), quantity: 5, seller_id: sellers[0]!.id },
          { product_id: good.productId, quantity: 5, seller_id: t.userIds.admin },
        ],
      },
      [
        { field: 'lines.0.product_id', message: 'Product not found' },
        { field: 'lines.1.seller_id', message: 'Seller not found' },
      ],
    );
    await refused({ warehouse_id: here, lines: [{ product_id: good.productId, quantity: 0 }] }, [{ field: 'lines.0.quantity' }]);
    await refused({ warehouse_id: here, lines: [{ product_id: good.productId, quantity: 2, unit_cost: 0 }] }, [{ field: 'lines.0.unit_cost' }]);
    await refused({ warehouse_id: here, lines: [] }, [{ field: 'lines' }]);
    await refused({ lines: [{ product_id: good.productId, quantity: 1 }] }, [{ field: 'warehouse_id' }]);
    await refused({ warehouse_id: crypto.randomUUID(), lines: [{ product_id: good.productId, quantity: 1 }] }, [
      { field: 'warehouse_id', message: 'Warehouse not found' },
    ]);
    expect(await orderCount()).toBe(before);
    // A refusal with a key is kept for that key: the same request answers the same.
    const headers = key();
    const body = { warehouse_id: here, lines: [{ product_id: orphan.productId, quantity: 5 }] };
    expect((await create(body, headers)).status).toBe(400);
    expect((await create(body, headers)).headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before);
  });
});

describe('the dashboard', () => {
  afterEach(() => putPolicy(() => {}));

  it('counts open and overdue purchase orders and the products to reorder, in the scope of each, for roles that may list them', async () => {
    const past = await t.request('POST', '/api/purchase-orders', {
      role: 'admin',
      body: {
        seller_id: sellers[0]!.id,
        warehouse_id: other,
        expected_on: shift(businessToday(), -2),
        lines: [{ product_id: await freshProduct(), quantity: 3, unit_cost: 4 }],
      },
    });
    expect(past.status, JSON.stringify(past.body)).toBe(201);
    expect((await t.request('POST', `/api/purchase-orders/${past.body._id}/order`, { role: 'admin', headers: key(), body: {} })).status).toBe(200);
    const orders = async (warehouses: string[] | null) =>
      (
        await q<{ open: number; overdue: number }>(sql`
      select count(*)::int as open, (count(*) filter (where expected_on < ${businessToday()}::date))::int as overdue from purchase_orders
       where status in ('ordered', 'partially_received') ${warehouses ? sql`and warehouse_id = any(${`{${warehouses.join(',')}}`}::uuid[])` : sql``}`)
      )[0]!;
    const everywhere = await q<{ id: string }>(sql`select id from warehouses`);
    let reorder = 0;
    for (const w of everywhere) reorder += (await bruteForceSuggestions(t.db, w.id)).length;

    const admin = (await t.request('GET', '/api/dashboard/summary', { role: 'admin' })).body;
    expect(admin.purchase_orders).toEqual(await orders(null));
    expect(admin.purchase_orders.overdue).toBeGreaterThan(0);
    expect(admin.to_reorder).toBe(reorder);
    // warehouse-user lists purchase orders (every warehouse by default) but not replenishment.
    const wh = (await t.request('GET', '/api/dashboard/summary', { role: 'warehouse-user' })).body;
    expect(wh.purchase_orders).toEqual(await orders(null));
    expect(wh.to_reorder).toBeNull();

    await putPolicy((p) => {
      p.grants['warehouse-user'] = { ...p.grants['warehouse-user'], replenishment: ['list'] };
      p.scope['warehouse-user'] = { 'purchase-orders': 'assigned', replenishment: 'assigned' };
    });
    let mineReorder = 0;
    for (const w of mine) mineReorder += (await bruteForceSuggestions(t.db, w)).length;
    const scoped = (await t.request('GET', '/api/dashboard/summary', { role: 'warehouse-user' })).body;
    expect(scoped.purchase_orders).toEqual(await orders(mine));
    expect(scoped.to_reorder).toBe(mineReorder);
    expect(scoped.to_reorder).toBeLessThan(reorder);
  });
});
