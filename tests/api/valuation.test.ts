import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { expectLedgerInvariant, queryRows } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';
import { averageShare } from '../support/batch-fixtures.js';

let t: TestApp;
let warehouses: { _id: string; city_id: string }[];
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  warehouses = (await t.request('GET', '/api/warehouses?limit=100', { role: 'admin' })).body.data;
  seller = await stockFixtures(t.db).sellerIn(warehouses[0]!.city_id);
});
afterEach(async () => expectLedgerInvariant(t.db));
afterAll(async () => t?.close());

const rupees = (paise: number) => paise / 100;
/** PostgreSQL's round(x, 2) of a positive x = numerator / denominator rupees, in paise. */
const roundedPaise = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

async function newProduct(name = `Valued ${crypto.randomBytes(3).toString('hex')}`): Promise<string> {
  const res = await t.request('POST', '/api/products', {
    role: 'admin',
    body: {
      productname: name,
      category: 'Staples',
      subcategory: 'Rice',
      product_keyword: 'Test',
      price: 80,
      discount_price: 75,
      product_description: 'Valued.',
      unit: 'kg',
      unit_value: '1',
    },
  });
  expect(res.status).toBe(201);
  return res.body._id;
}

const stockRequest = (path: string, body: Record<string, unknown>, role: 'admin' | 'warehouse-user' = 'warehouse-user') =>
  t.request('POST', `/api/inventory/${path}`, { role, body, headers: { 'idempotency-key': crypto.randomUUID() } });
const purchase = (product: string, warehouse: string, quantity: number, unitCost: number) =>
  stockRequest('add-stock', {
    product_id: product,
    warehouse_id: warehouse,
    quantity,
    unit_cost: unitCost,
    movement_reason: 'purchase',
    seller_id: seller,
    reference_id: `INV-${crypto.randomBytes(3).toString('hex')}`,
    reference_type: 'invoice',
    notes: 'Delivery',
  });
const sell = (product: string, warehouse: string, quantity: number) =>
  stockRequest('remove-stock', { product_id: product, warehouse_id: warehouse, quantity, movement_type: 'out', reference_id: 'ORD-1' });
const record = async (product: string, warehouse: string) =>
  (await t.request('GET', `/api/inventory/lookup?product_id=${product}&warehouse_id=${warehouse}`, { role: 'admin' })).body as {
    current_stock: number;
    unit_cost: number;
    total_value: number;
  };

describe('stock valuation: weighted average cost per product and warehouse', () => {
  it('41 units at ₹18.90 and 10 at ₹42.50 are worth ₹1,199.90 (₹23.53 a unit), and a sale leaves at that average', async () => {
    const product = await newProduct('Toned Milk (valued)');
    const w = warehouses[0]!._id;
    expect((await purchase(product, w, 41, 18.9)).status).toBe(200);
    const received = await purchase(product, w, 10, 42.5);
    expect(received.body.movement).toMatchObject({ quantity: 10, unit_cost: 42.5, total_value: 425, value_change: 425 });
    expect(received.body.inventory).toMatchObject({ current_stock: 51, total_value: 1199.9, unit_cost: 23.53 });

    const sale = await sell(product, w, 5);
    // 5/51 of ₹1,199.90 = ₹117.637… → ₹117.64; what stays is worth the rest, exactly.
    expect(sale.body.movement).toMatchObject({ quantity: -5, value_change: -117.64, total_value: 117.64, unit_cost: 23.53 });
    expect(sale.body.inventory).toMatchObject({ current_stock: 46, total_value: 1082.26, unit_cost: 23.53 });
    // The last units out take whatever value is left: an empty record holds nothing.
    const rest = await sell(product, w, 46);
    expect(rest.body.movement.value_change).toBe(-1082.26);
    expect(rest.body.inventory).toMatchObject({ current_stock: 0, total_value: 0 });
  });

  it("units coming back without a cost enter at the average; into an empty record at the product's last purchase cost", async () => {
    const product = await newProduct();
    const w = warehouses[1]!._id;
    await purchase(product, w, 3, 10);
    await purchase(product, w, 1, 14);
    // A count that finds 2 more (no cost given) adds them at the average, ₹11.00: the average does not move.
    const found = await stockRequest('adjust-stock', { product_id: product, warehouse_id: w, new_stock: 6, notes: 'Recount' });
    expect(found.body.movement).toMatchObject({ quantity: 2, value_change: 22, unit_cost: 11 });
    expect(found.body.inventory).toMatchObject({ total_value: 66, unit_cost: 11 });
    // A count that finds some with a cost given: they enter at it, and move the average.
    const priced = await stockRequest('adjust-stock', { product_id: product, warehouse_id: w, new_stock: 8, unit_cost: 20, notes: 'Found' });
    expect(priced.body.inventory).toMatchObject({ total_value: 106, unit_cost: 13.25 });
    // Emptied, then found again without a cost: the last purchase cost (₹14), not the old average.
    await stockRequest('adjust-stock', { product_id: product, warehouse_id: w, new_stock: 0, notes: 'Lost' });
    const again = await stockRequest('adjust-stock', { product_id: product, warehouse_id: w, new_stock: 5, notes: 'Back' });
    expect(again.body.inventory).toMatchObject({ current_stock: 5, total_value: 70, unit_cost: 14 });
  });

  it('a transfer carries the value its units left with: source + in transit + destination keep it, to the paisa', async () => {
    const product = await newProduct();
    const [from, to] = [warehouses[2]!._id, warehouses[3]!._id];
    await purchase(product, from, 7, 10);
    await purchase(product, from, 5, 11.11);
    await purchase(product, to, 2, 30);
    const total = async () => {
      const [row] = await queryRows<{ paise: number }>(
        t.db,
        sql`
        select ((select coalesce(sum(stock_value), 0) from inventory where product_id = ${product}::uuid)
              + (select coalesce(sum(dispatched_value - settled_value), 0) from transfer_lines where product_id = ${product}::uuid)) * 100 as paise`,
      );
      return Number(row!.paise);
    };
    const before = await total();
    expect(before).toBe(7 * 1000 + 5 * 1111 + 2 * 3000);

    const created = await t.request('POST', '/api/transfers', {
      role: 'warehouse-user',
      body: { from_warehouse_id: from, to_warehouse_id: to, lines: [{ product_id: product, quantity: 7 }] },
    });
    const id = created.body._id;
    const sourceBefore = await record(product, from);
    const dispatched = await t.request('POST', `/api/transfers/${id}/dispatch`, { role: 'warehouse-user' });
    const leaving = rupees(averageShare(12, Math.round(sourceBefore.total_value * 100), 7));
    expect(dispatched.body.in_transit_value).toBe(leaving);
    expect(await total()).toBe(before);

    await t.request('POST', `/api/transfers/${id}/receive`, { role: 'warehouse-user', body: { lines: [{ product_id: product, quantity: 3 }] } });
    expect(await total()).toBe(before);
    // Closed short: the 4 that never came arrive and leave again as damaged, at the same value, so they are written off.
    const closed = await t.request('POST', `/api/transfers/${id}/receive`, {
      role: 'warehouse-user',
      body: { lines: [], close: true, note: 'Crushed in the van' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.in_transit_value).toBe(0);
    const [lost] = await queryRows<{ paise: number }>(
      t.db,
      sql`
      select (-sum(value_change) * 100)::float8 as paise from stock_movements
       where product_id = ${product}::uuid and movement_type = 'damaged' and reference_type = 'transfer'`,
    );
    expect(await total()).toBe(before - lost!.paise);
    // The destination received 3 of the 7 at their share of what left: 3/7 of the line's value.
    const destination = await record(product, to);
    expect(Math.round(destination.total_value * 100)).toBe(6000 + roundedPaise(Math.round(leaving * 100) * 3, 7));
  });

  it('revalue: an admin corrects what the stock held is worth, with a reason, in one valuation row', async () => {
    const product = await newProduct();
    const w = warehouses[0]!._id;
    await purchase(product, w, 4, 25);
    const body = { product_id: product, warehouse_id: w, unit_cost: 22.5, notes: 'Supplier credit note CN-7' };
    expect((await stockRequest('revalue', body)).status).toBe(403);
    expect((await stockRequest('revalue', { ...body, notes: '' }, 'admin')).status).toBe(400);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const res = await t.request('POST', '/api/inventory/revalue', { role: 'admin', body, headers: key });
    expect(res.status).toBe(200);
    expect(res.body.inventory).toMatchObject({ current_stock: 4, total_value: 90, unit_cost: 22.5 });
    expect(res.body.movement).toMatchObject({
      movement_type: 'valuation',
      quantity: 0,
      value_change: -10,
      movement_reason: 'revaluation',
      performed_by: t.userIds.admin,
    });
    expect(res.body.movement.notes).toContain('Supplier credit note CN-7');
    const replay = await t.request('POST', '/api/inventory/revalue', { role: 'admin', body, headers: key });
    expect([replay.headers['idempotent-replayed'], replay.body]).toEqual(['true', res.body]);
    expect((await record(product, w)).total_value).toBe(90);
    await sell(product, w, 4);
    expect((await stockRequest('revalue', body, 'admin')).status).toBe(409);
  });

  it('no drift over 3,000 movements: every row is worth what a reference model says, and Σ values = stock × average', async () => {
    const product = await newProduct();
    const w = warehouses[4 % warehouses.length]!._id;
    // A reference model of the rules, in integer paise, driving a seeded random sequence of requests.
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    let stock = 0;
    let paise = 0;
    let lastPurchase = 0;
    const expected: number[] = [];
    const ops: { kind: string; input: Record<string, unknown> }[] = [];
    const base = { product_id: product, warehouse_id: w };
    const book = (quantity: number, change: number) => {
      stock += quantity;
      paise += change;
      expected.push(change);
    };
    for (let i = 0; i < 3_000; i++) {
      const roll = rnd();
      if (stock === 0 || roll < 0.3) {
        const q = int(1, 40);
        const cost = int(1, 99_999);
        lastPurchase = cost;
        ops.push({
          kind: 'add',
          input: {
            ...base,
            quantity: q,
            unit_cost: cost / 100,
            movement_reason: 'purchase',
            seller_id: seller,
            reference_id: `P${i}`,
            reference_type: 'invoice',
            notes: 'n',
          },
        });
        book(q, q * cost);
      } else if (roll < 0.7) {
        const q = rnd() < 0.1 ? stock : int(1, stock);
        ops.push({ kind: 'remove', input: { ...base, quantity: q, movement_type: rnd() < 0.8 ? 'out' : 'damaged' } });
        book(-q, -averageShare(stock, paise, q));
      } else if (roll < 0.95) {
        const target = rnd() < 0.5 ? int(0, stock) : stock + int(1, 15);
        const delta = target - stock;
        if (delta === 0) continue;
        const cost = delta > 0 && rnd() < 0.3 ? int(1, 99_999) : null;
        ops.push({ kind: 'adjust', input: { ...base, new_stock: target, ...(cost === null ? {} : { unit_cost: cost / 100 }) } });
        if (delta < 0) book(delta, -averageShare(stock, paise, -delta));
        else if (cost !== null) book(delta, delta * cost);
        else if (stock > 0) book(delta, roundedPaise(paise * delta, stock));
        else book(delta, delta * lastPurchase);
      } else {
        const cost = int(1, 99_999);
        const worth = stock * cost;
        ops.push({ kind: 'revalue', input: { ...base, unit_cost: cost / 100, notes: 'Revalued' } });
        if (worth !== paise) book(0, worth - paise);
      }
    }
    await t.db.execute(sql`create temporary table drift_ops (n int primary key, kind text, input jsonb)`);
    await t.db.execute(sql`
      insert into drift_ops select (e.n)::int, e.v->>'kind', e.v->'input'
        from jsonb_array_elements(${JSON.stringify(ops)}::jsonb) with ordinality as e(v, n)`);
    // The API's own one-statement path (stock_request), without HTTP: thousands of requests in seconds.
    await t.db.execute(
      sql.raw(`
      do $$ declare op record; outcome jsonb; begin
        for op in select * from drift_ops order by n loop
          outcome := stock_request(op.kind, '${t.userIds.admin}'::uuid, 'drift', null, null, op.input);
          if (outcome->>'status')::int <> 200 then raise exception 'op % refused: %', op.n, outcome; end if;
        end loop;
      end $$`),
    );
    await t.db.execute(sql`drop table drift_ops`);

    const rows = await queryRows<{ paise: number }>(
      t.db,
      sql`
      select (value_change * 100)::float8 as paise from stock_movements
       where product_id = ${product}::uuid and warehouse_id = ${w}::uuid order by seq`,
    );
    expect(rows.length).toBe(expected.length);
    const firstDifferent = rows.findIndex((r, i) => r.paise !== expected[i]);
    expect(firstDifferent, `row ${firstDifferent}: ${rows[firstDifferent]?.paise} against ${expected[firstDifferent]}`).toBe(-1);
    const held = await record(product, w);
    expect([held.current_stock, Math.round(held.total_value * 100)]).toEqual([stock, paise]);
    if (stock > 0) expect(Math.abs(stock * (held.total_value / stock) - held.total_value)).toBeLessThanOrEqual(0.01);
    expect(held.unit_cost).toBe(stock > 0 ? rupees(roundedPaise(paise, stock)) : held.unit_cost);
  }, 180_000); // ~15 s alone on PGlite, up to three times that on two loaded cores.
});
