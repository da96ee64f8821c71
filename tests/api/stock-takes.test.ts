import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { expectLedgerInvariant, balanceOf, queryRows } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';

describe('stock takes: count, review, apply', () => {
  let t: TestApp;
  let fx: ReturnType<typeof stockFixtures>;
  beforeAll(async () => {
    t = await createTestApp();
    fx = stockFixtures(t.db);
  });
  afterEach(async () => {
    await expectLedgerInvariant(t.db);
    // Every take's header counts and variance totals (kept by the lines' triggers) are its lines', whatever the test did to them.
    const drift = await queryRows<{ id: string }>(
      t.db,
      sql`
      select t.id from stock_takes t
        left join (select stock_take_id, count(*)::int as n, count(counted)::int as c, count(*) filter (where counted <> expected)::int as v,
                          coalesce(sum(counted - expected), 0) as q, coalesce(sum(variance_value), 0) as value,
                          count(*) filter (where (counted is null) <> (variance_value is null)) as unvalued
                     from stock_take_lines group by 1) l on l.stock_take_id = t.id
       where t.lines_total <> coalesce(l.n, 0) or t.lines_counted <> coalesce(l.c, 0)
          or t.lines_varied <> coalesce(l.v, 0) or t.variance_quantity <> coalesce(l.q, 0)
          or t.variance_value <> coalesce(l.value, 0) or coalesce(l.unvalued, 0) <> 0`,
    );
    expect(drift).toEqual([]);
  });
  afterAll(() => t.close());

  const start = async (warehouseId: string, extra: object = {}) => {
    const res = await t.request('POST', '/api/stock-takes', { role: 'warehouse-user', body: { warehouse_id: warehouseId, ...extra } });
    expect(res.status).toBe(201);
    return res.body._id as string;
  };
  const count = (id: string, lines: { product_id: string; counted: number | null }[], role: 'admin' | 'warehouse-user' = 'warehouse-user') =>
    t.request('PUT', `/api/stock-takes/${id}/counts`, { role, body: { lines } });
  const sell = (productId: string, warehouseId: string, quantity: number) =>
    t.request('POST', '/api/inventory/remove-stock', {
      role: 'warehouse-user',
      body: { product_id: productId, warehouse_id: warehouseId, quantity, movement_type: 'out' },
    });

  it('applies counted − expected on top of sales since the start, one adjustment per variance, once', async () => {
    const a = await fx.stocked(20);
    const w = a.warehouseId;
    const lines = await queryRows<{ product_id: string; current_stock: number }>(
      t.db,
      sql`
      select product_id, current_stock from inventory where warehouse_id = ${w}::uuid and current_stock >= 5 order by product_id limit 3`,
    );
    const [p1, p2, p3] = lines;
    const id = await start(w);

    // Every line (a page is 50, in name order): the products were picked by id, wherever their names fall.
    const sheet = await t.request('GET', `/api/stock-takes/${id}?limit=500`, { role: 'warehouse-user' });
    expect(sheet.status).toBe(200);
    expect(sheet.body.blind).toBe(true);
    expect(sheet.body.lines.find((l: { product_id: string }) => l.product_id === p1!.product_id).expected).toBe(p1!.current_stock);

    // Counted: p1 three short, p2 exactly, p3 two over. Meanwhile two of p1 and one of p3 are sold.
    expect((await count(id, [{ product_id: p1!.product_id, counted: p1!.current_stock - 3 }])).status).toBe(200);
    expect((await sell(p1!.product_id, w, 2)).status).toBe(200);
    expect((await sell(p3!.product_id, w, 1)).status).toBe(200);
    expect(
      (
        await count(
          id,
          [
            { product_id: p2!.product_id, counted: p2!.current_stock },
            { product_id: p3!.product_id, counted: p3!.current_stock + 2 },
          ],
          'admin',
        )
      ).status,
    ).toBe(200);

    const review = await t.request('GET', `/api/stock-takes/${id}?only_variances=true`, { role: 'admin' });
    expect(review.body.lines.map((l: { product_id: string; variance: number }) => [l.product_id, l.variance]).sort()).toEqual(
      [
        [p1!.product_id, -3],
        [p3!.product_id, 2],
      ].sort(),
    );
    expect(review.body.totals.variance_quantity).toBe(-1);
    // The totals are the whole take's, whatever the lines shown: three counted, the rest not.
    expect(review.body.totals.counted).toBe(3);
    expect(review.body.totals.not_counted).toBe(review.body.totals.lines - 3);
    expect(review.body.lines_matching).toBe(2);

    const applied = await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'warehouse-user' });
    expect(applied.status).toBe(200);
    expect(applied.body.adjustments).toBe(2);
    expect(await balanceOf(t.db, p1!.product_id, w)).toBe(p1!.current_stock - 3 - 2);
    expect(await balanceOf(t.db, p2!.product_id, w)).toBe(p2!.current_stock);
    expect(await balanceOf(t.db, p3!.product_id, w)).toBe(p3!.current_stock + 2 - 1);
    const posted = await queryRows<{ quantity: number }>(
      t.db,
      sql`
      select quantity from stock_movements where reference_type = 'stock_take' and reference_id = ${id} and movement_type = 'adjustment'`,
    );
    expect(posted.map((m) => m.quantity).sort()).toEqual([-3, 2]);

    const again = await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'admin' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(applied.body);
    expect(await balanceOf(t.db, p1!.product_id, w)).toBe(p1!.current_stock - 5);
    expect((await count(id, [{ product_id: p2!.product_id, counted: 1 }])).status).toBe(409);
    expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, { role: 'admin' })).status).toBe(409);
  });

  it('values each variance at the average cost when it is counted, keeps that value as the cost moves, totals every line', async () => {
    const a = await fx.stocked(5);
    const w = a.warehouseId;
    const avgCost = async (productId: string) =>
      (
        await queryRows<{ cost: string }>(
          t.db,
          sql`select coalesce(stock_value / nullif(current_stock, 0), unit_cost, 0)::text as cost from inventory
               where product_id = ${productId}::uuid and warehouse_id = ${w}::uuid`,
        )
      )[0]!.cost;
    // To the paisa as PostgreSQL rounds (half away from zero; Math.round takes half of a negative value up).
    const paise = async (quantity: number, cost: string) =>
      Number((await queryRows<{ v: string }>(t.db, sql`select round(${quantity}::numeric * ${cost}::numeric, 2)::text as v`))[0]!.v);
    const id = await start(w, { blind: false });
    const review = async () => (await t.request('GET', `/api/stock-takes/${id}?only_variances=true&limit=500`, { role: 'admin' })).body;
    const lineOf = (body: { lines: { product_id: string; variance_value: number | null }[] }) =>
      body.lines.find((l) => l.product_id === a.productId)?.variance_value;

    const before = await avgCost(a.productId);
    expect((await count(id, [{ product_id: a.productId, counted: a.stock - 2 }])).status).toBe(200);
    let body = await review();
    expect(lineOf(body)).toBe(await paise(-2, before));
    expect(body.totals.variance_value).toBe(await paise(-2, before));

    // A purchase at another price moves the average cost; the count keeps the value it was saved at.
    const seller = await fx.sellerIn(a.cityId);
    const bought = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      body: {
        product_id: a.productId,
        warehouse_id: w,
        quantity: 7,
        // To the paisa: an average cost has more decimals than a price may.
        unit_cost: Math.round(Number(before) * 300) / 100 + 11,
        movement_reason: 'purchase',
        seller_id: seller,
        reference_id: 'INV-7',
        reference_type: 'invoice',
        notes: 'Dearer delivery',
      },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const after = await avgCost(a.productId);
    expect(after).not.toBe(before);
    body = await review();
    expect(lineOf(body)).toBe(await paise(-2, before));

    // A recount is valued at the cost of its own save.
    expect((await count(id, [{ product_id: a.productId, counted: a.stock - 1 }])).status).toBe(200);
    body = await review();
    expect(lineOf(body)).toBe(await paise(-1, after));

    // Every other line counted as zero: the total is the sum of every line's value, each at its balance's cost now.
    expect((await t.request('POST', `/api/stock-takes/${id}/count-uncounted-as-zero`, { role: 'admin' })).status).toBe(200);
    const [expected] = await queryRows<{ total: string }>(
      t.db,
      sql`select sum(case when l.product_id = ${a.productId}::uuid then ${await paise(-1, after)}
                          else round((l.counted - l.expected) * coalesce(i.stock_value / nullif(i.current_stock, 0), i.unit_cost, 0), 2) end)::text as total
            from stock_take_lines l left join inventory i on i.product_id = l.product_id and i.warehouse_id = ${w}::uuid
           where l.stock_take_id = ${id}::uuid`,
    );
    body = await review();
    expect(body.totals.variance_value).toBe(Number(expected!.total));
    expect(body.totals.variance_value).toBeLessThan(0);
    expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, { role: 'admin' })).status).toBe(200);
  });

  it('refuses (409 naming the product) and applies nothing when counted + movements since the start would be below 0', async () => {
    const a = await fx.stocked(10);
    const [other] = await queryRows<{ product_id: string; current_stock: number }>(
      t.db,
      sql`
      select product_id, current_stock from inventory where warehouse_id = ${a.warehouseId}::uuid and product_id <> ${a.productId}::uuid
       and current_stock > 0 order by product_id limit 1`,
    );
    const id = await start(a.warehouseId);
    await count(id, [
      { product_id: a.productId, counted: 1 },
      { product_id: other!.product_id, counted: other!.current_stock + 7 },
    ]);
    // Everything but 0 of it is sold after the start: 1 counted − stock at start + 0 now < 0.
    expect((await sell(a.productId, a.warehouseId, a.stock)).status).toBe(200);
    const refused = await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(a.productName);
    expect(await balanceOf(t.db, other!.product_id, a.warehouseId)).toBe(other!.current_stock);
    expect((await t.request('GET', `/api/stock-takes/${id}`, { role: 'admin' })).body.status).toBe('open');
    // Recounted right (all of it was there at the start, then sold): it applies, with the other line.
    await count(id, [{ product_id: a.productId, counted: a.stock }]);
    const applied = await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'admin' });
    expect(applied.status).toBe(200);
    expect(await balanceOf(t.db, a.productId, a.warehouseId)).toBe(0);
  });

  it('a category count lists only that category; uncounted lines stay; a product found on the shelf joins with 0 expected', async () => {
    const pair = await fx.unstocked();
    const [cat] = await queryRows<{ category_id: string }>(t.db, sql`select category_id from products where id = ${pair.productId}::uuid`);
    const id = await start(pair.warehouseId, { category_id: cat!.category_id, blind: false });
    const sheet = (await t.request('GET', `/api/stock-takes/${id}?limit=500`, { role: 'admin' })).body;
    const inCategory = await queryRows<{ n: number }>(
      t.db,
      sql`
      select count(*)::int as n from inventory i join products p on p.id = i.product_id
       where i.warehouse_id = ${pair.warehouseId}::uuid and p.category_id = ${cat!.category_id}::uuid`,
    );
    expect(sheet.lines.length).toBe(inCategory[0]!.n);
    expect(sheet.blind).toBe(false);
    const [foreign] = await queryRows<{ id: string }>(t.db, sql`select id from products where category_id <> ${cat!.category_id}::uuid limit 1`);
    const refused = await count(id, [{ product_id: foreign!.id, counted: 3 }]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('lines.0.product_id');
    expect((await count(id, [{ product_id: pair.productId, counted: 4 }])).status).toBe(200);
    expect((await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'admin' })).body.adjustments).toBe(1);
    expect(await balanceOf(t.db, pair.productId, pair.warehouseId)).toBe(4);
  });

  it('a blind count keeps expected stock and variances from a role that may count but not apply, until applied', async () => {
    const a = await fx.stocked(10);
    const id = await start(a.warehouseId, { blind: true });
    const countOnly = structuredClone(DEFAULT_POLICY);
    countOnly.grants['warehouse-user']!['stock-takes'] = ['list', 'show', 'count'];
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: countOnly })).status).toBe(200);
    try {
      expect((await count(id, [{ product_id: a.productId, counted: a.stock - 1 }])).status).toBe(200);
      const counter = await t.request('GET', `/api/stock-takes/${id}?limit=500`, { role: 'warehouse-user' });
      expect(counter.body.expected_hidden).toBe(true);
      const line = counter.body.lines.find((l: { product_id: string }) => l.product_id === a.productId);
      expect([line.expected, line.counted, line.variance, line.variance_value]).toEqual([null, a.stock - 1, null, null]);
      expect(JSON.stringify(counter.body.lines.map((l: { expected: unknown }) => l.expected))).toMatch(/^\[(null,?)+\]$/);
      const reviewer = await t.request('GET', `/api/stock-takes/${id}?limit=500`, { role: 'admin' });
      expect(reviewer.body.expected_hidden).toBe(false);
      expect(reviewer.body.lines.find((l: { product_id: string }) => l.product_id === a.productId).variance).toBe(-1);
      expect((await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'admin' })).status).toBe(200);
      const after = await t.request('GET', `/api/stock-takes/${id}?limit=500`, { role: 'warehouse-user' });
      expect(after.body.lines.find((l: { product_id: string }) => l.product_id === a.productId).expected).toBe(a.stock);
    } finally {
      await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY });
    }
  });

  /** A warehouse with no open stock take, and two of its categories that hold stock there. */
  async function freeWarehouse() {
    const [row] = await queryRows<{ warehouse_id: string; categories: string[] }>(
      t.db,
      sql`
      select i.warehouse_id, array_agg(distinct p.category_id::text) as categories
        from inventory i join products p on p.id = i.product_id
       where i.current_stock > 0
         and not exists (select 1 from stock_takes s where s.warehouse_id = i.warehouse_id and s.status = 'open')
       group by i.warehouse_id having count(distinct p.category_id) >= 2 order by i.warehouse_id limit 1`,
    );
    return { warehouseId: row!.warehouse_id, categories: row!.categories };
  }
  const cancel = async (id: string) => expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, { role: 'admin' })).status).toBe(200);

  it('one open count per product: an overlapping start is 409 naming the open one; another category may run beside it', async () => {
    const {
      warehouseId,
      categories: [c1, c2],
    } = await freeWarehouse();
    const first = await start(warehouseId, { category_id: c1 });
    for (const overlapping of [{ category_id: c1 }, {}]) {
      const res = await t.request('POST', '/api/stock-takes', { role: 'warehouse-user', body: { warehouse_id: warehouseId, ...overlapping } });
      expect([res.status, res.body.open_stock_take_id]).toEqual([409, first]);
      expect(res.body.message).toMatch(
        /^A stock take of .+ is still open \(started .+\): apply or cancel it before starting another that counts the same products\.$/,
      );
    }
    const beside = await start(warehouseId, { category_id: c2 });
    await cancel(first);
    expect((await t.request('POST', '/api/stock-takes', { role: 'admin', body: { warehouse_id: warehouseId } })).body.open_stock_take_id).toBe(beside);
    await cancel(beside);
    await cancel(await start(warehouseId));
  });

  it('two overlapping takes (made before the rule) cannot both move a product: the second apply is refused, stock moved once', async () => {
    const a = await fx.stocked(10);
    const first = await start(a.warehouseId, { blind: false });
    // Two open takes of the same products can only come from before the rule: the second is written into the tables.
    const [legacy] = await queryRows<{ id: string }>(
      t.db,
      sql`
      insert into stock_takes (warehouse_id, blind, created_by, created) values (${a.warehouseId}::uuid, false, ${t.userIds.admin}::uuid, clock_timestamp())
      returning id`,
    );
    await t.db.execute(sql`
      insert into stock_take_lines (stock_take_id, product_id, expected)
      select ${legacy!.id}::uuid, product_id, current_stock from inventory where warehouse_id = ${a.warehouseId}::uuid`);
    // Both count 5 fewer than expected.
    for (const id of [first, legacy!.id]) expect((await count(id, [{ product_id: a.productId, counted: a.stock - 5 }])).status).toBe(200);
    expect((await t.request('POST', `/api/stock-takes/${first}/apply`, { role: 'admin' })).status).toBe(200);
    expect(await balanceOf(t.db, a.productId, a.warehouseId)).toBe(a.stock - 5);
    const second = await t.request('POST', `/api/stock-takes/${legacy!.id}/apply`, { role: 'admin' });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(
      /was corrected by another stock take applied on .+, after this one started: these counts no longer match the stock\. Nothing was applied; cancel this stock take and count again\./,
    );
    expect(await balanceOf(t.db, a.productId, a.warehouseId)).toBe(a.stock - 5);
    await cancel(legacy!.id);
  });

  it('a blind count reveals nothing derived from expected to a counter: no only-variances filter, no totals, not after a cancel', async () => {
    const a = await fx.stocked(10);
    const [other] = await queryRows<{ product_id: string; current_stock: number }>(
      t.db,
      sql`
      select product_id, current_stock from inventory where warehouse_id = ${a.warehouseId}::uuid and product_id <> ${a.productId}::uuid
       and current_stock > 0 order by product_id limit 1`,
    );
    const id = await start(a.warehouseId, { blind: true });
    const countOnly = structuredClone(DEFAULT_POLICY);
    countOnly.grants['warehouse-user']!['stock-takes'] = ['list', 'show', 'count'];
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: countOnly })).status).toBe(200);
    try {
      // One count right, one wrong: which lines an only-variances answer keeps would tell the counter which is which.
      const lines = [
        { product_id: a.productId, counted: a.stock },
        { product_id: other!.product_id, counted: other!.current_stock + 3 },
      ];
      expect((await count(id, lines)).status).toBe(200);
      const filtered = await t.request('GET', `/api/stock-takes/${id}?only_variances=true`, { role: 'warehouse-user' });
      expect(filtered.status).toBe(403);
      expect(filtered.body.message).toBe('The variances of a blind count are shown only to whoever may apply it');
      const sheet = await t.request('GET', `/api/stock-takes/${id}`, { role: 'warehouse-user' });
      expect(sheet.body.totals).toMatchObject({ counted: 2, variances: null, variance_quantity: null, variance_value: null });
      expect((await t.request('GET', `/api/stock-takes/${id}?only_variances=true`, { role: 'admin' })).body.lines.length).toBe(1);

      // Cancelled, never applied: its expected figures are as good as the next count's, so they stay hidden.
      expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, { role: 'admin' })).status).toBe(200);
      const cancelled = await t.request('GET', `/api/stock-takes/${id}`, { role: 'warehouse-user' });
      expect(cancelled.body.status).toBe('cancelled');
      expect(cancelled.body.expected_hidden).toBe(true);
      expect(cancelled.body.lines.map((l: { expected: unknown; variance: unknown }) => [l.expected, l.variance])).toEqual(
        cancelled.body.lines.map(() => [null, null]),
      );
      expect((await t.request('GET', `/api/stock-takes/${id}`, { role: 'admin' })).body.expected_hidden).toBe(false);
    } finally {
      await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY });
    }
  });

  it('sends its lines a page at a time in name order, with the totals of every line; searches, filters and finds the page of a product; counts the uncounted as zero in one step', async () => {
    const w = (await fx.stocked(10)).warehouseId;
    const id = await start(w, { blind: false });
    type Line = { product_id: string; productname: string; sku: string | null; counted: number | null };
    type Sheet = { lines: Line[]; page: number; limit: number; lines_matching: number; totals: { lines: number; counted: number; not_counted: number } };
    const get = async (query = '') => {
      const res = await t.request('GET', `/api/stock-takes/${id}${query}`, { role: 'admin' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Sheet;
    };
    const first = await get();
    const total = first.totals.lines;
    expect(total).toBeGreaterThan(50);
    expect(first.lines).toHaveLength(50);
    expect(first.lines_matching).toBe(total);
    const all = (await get('?limit=500')).lines;
    expect(all).toHaveLength(total);
    // The sheet's order: names whatever their case, then ids; page 2 goes on where page 1 stopped.
    const names = all.map((l) => l.productname.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await get('?page=2')).lines.map((l) => l.product_id)).toEqual(all.slice(50, 100).map((l) => l.product_id));
    // The page holding a product's line.
    const far = all[total - 1]!;
    const found = await get(`?at_product=${far.product_id}&limit=20`);
    expect(found.page).toBe(Math.floor((total - 1) / 20) + 1);
    expect(found.lines.some((l) => l.product_id === far.product_id)).toBe(true);
    // Search: a name's part, or an exact SKU.
    const withSku = all.find((l) => l.sku)!;
    const bySku = await get(`?q=${encodeURIComponent(withSku.sku!.toLowerCase())}`);
    expect(bySku.lines.map((l) => l.product_id)).toContain(withSku.product_id);
    expect(bySku.lines_matching).toBe(bySku.lines.length);
    // Header and totals alone.
    expect((await get('?limit=0')).lines).toEqual([]);

    expect((await count(id, [{ product_id: all[0]!.product_id, counted: 1 }])).status).toBe(200);
    const uncounted = await get('?uncounted=true&limit=500');
    expect(uncounted.lines_matching).toBe(total - 1);
    expect(uncounted.lines.every((l) => l.counted === null)).toBe(true);
    expect(uncounted.totals.counted).toBe(1);

    const zero = await t.request('POST', `/api/stock-takes/${id}/count-uncounted-as-zero`, { role: 'warehouse-user' });
    expect(zero.status).toBe(200);
    expect(zero.body.saved).toBe(total - 1);
    const after = await get('?uncounted=true');
    expect(after.lines_matching).toBe(0);
    expect(after.totals.counted).toBe(total);
    expect((await get('?limit=500')).lines.find((l) => l.product_id === all[0]!.product_id)!.counted).toBe(1);
    // Again: nothing left to count.
    expect((await t.request('POST', `/api/stock-takes/${id}/count-uncounted-as-zero`, { role: 'warehouse-user' })).body.saved).toBe(0);

    for (const [query, field] of [
      ['?limit=501', 'limit'],
      ['?page=0', 'page'],
      ['?at_product=nope', 'at_product'],
    ]) {
      const bad = await t.request('GET', `/api/stock-takes/${id}${query}`, { role: 'admin' });
      expect(bad.status, query).toBe(400);
      expect(JSON.stringify(bad.body), query).toContain(field);
    }
    expect((await t.request('POST', `/api/stock-takes/${id}/count-uncounted-as-zero`, { role: 'seller' })).status).toBe(403);
    await cancel(id);
    expect((await t.request('POST', `/api/stock-takes/${id}/count-uncounted-as-zero`, { role: 'admin' })).status).toBe(409);
  });

  it('validates input, answers 404 for unknown ids, and enforces the policy', async () => {
    expect((await t.request('POST', '/api/stock-takes', { role: 'admin', body: { warehouse_id: 'nope' } })).status).toBe(400);
    const w = (await fx.stocked()).warehouseId;
    const id = await start(w);
    const bad = await count(id, [{ product_id: (await fx.stocked()).productId, counted: -1 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('lines.0.counted');
    expect((await t.request('GET', '/api/stock-takes/00000000-0000-4000-8000-000000000000', { role: 'admin' })).status).toBe(404);
    expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, { role: 'warehouse-user' })).status).toBe(403);
    expect((await t.request('GET', '/api/stock-takes', { role: 'seller' })).status).toBe(403);
    const list = await t.request('GET', '/api/stock-takes?status=open', { role: 'warehouse-user' });
    expect(list.body.data.some((s: { _id: string }) => s._id === id)).toBe(true);
    expect((await t.request('POST', `/api/stock-takes/${id}/cancel`, { role: 'admin' })).status).toBe(200);
    expect((await t.request('POST', `/api/stock-takes/${id}/apply`, { role: 'admin' })).status).toBe(409);
  });
});
