import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { balanceOf, expectLedgerInvariant, movementCount, queryRows } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';
import { averageShare } from '../support/batch-fixtures.js';
import { MOVEMENT_COUNT_CAP } from '../../src/server/services/inventory-service.js';

let t: TestApp;
let fx: ReturnType<typeof stockFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  fx = stockFixtures(t.db);
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

type Rec = {
  _id: string;
  product_name: string;
  warehouse_name: string;
  current_stock: number;
  minimum_stock: number;
  location: string;
  warehouse_id: string;
  out_of_stock: boolean;
  low_stock_alert: boolean;
  total_value: number;
  unit_cost: number;
};

describe('GET /inventory', () => {
  it('lists records with product and warehouse names, derived flags, and the total', async () => {
    const res = await t.request<{ data: Rec[]; total: number }>('GET', '/api/inventory?limit=1000', { role: 'warehouse-user' });
    expect(res.status).toBe(200);
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory`);
    expect(res.body.total).toBe(row!.n);
    expect(res.body.data).toHaveLength(row!.n);
    for (const r of res.body.data) {
      expect(r.product_name).toBeTruthy();
      expect(r.warehouse_name).toBeTruthy();
      expect(r.out_of_stock).toBe(r.current_stock === 0);
      expect(r.low_stock_alert).toBe(r.current_stock <= r.minimum_stock);
      // Total value is what the stock cost; unit cost its average, to the paisa.
      if (r.current_stock > 0) expect(r.unit_cost).toBeCloseTo(r.total_value / r.current_stock, 2);
      else expect(r.total_value).toBe(0);
    }
    // The demo data has both kinds of trouble.
    expect(res.body.data.some((r) => r.out_of_stock)).toBe(true);
    expect(res.body.data.some((r) => r.low_stock_alert && !r.out_of_stock)).toBe(true);
  });

  it('filters by product name, location, warehouse, low stock and out of stock', async () => {
    const all = (await t.request<{ data: Rec[] }>('GET', '/api/inventory?limit=1000', { role: 'admin' })).body.data;
    const get = async (query: string) => (await t.request<{ data: Rec[]; total: number }>('GET', `/api/inventory?limit=1000&${query}`, { role: 'admin' })).body;

    const milk = await get('product_name=MILK');
    expect(milk.total).toBe(all.filter((r) => r.product_name.toLowerCase().includes('milk')).length);
    expect(milk.total).toBeGreaterThan(0);

    const aisle = await get('location=Aisle%20A-1');
    expect(aisle.data.every((r) => r.location.startsWith('Aisle A-1'))).toBe(true);

    const w = all[0]!.warehouse_id;
    expect((await get(`warehouse=${w}`)).total).toBe(all.filter((r) => r.warehouse_id === w).length);

    const low = await get('low_stock_only=true');
    expect(low.total).toBe(all.filter((r) => r.low_stock_alert).length);
    const out = await get('out_of_stock_only=true');
    expect(out.total).toBe(all.filter((r) => r.out_of_stock).length);
    // Only truthy flags filter: the client sends nothing else, but "false" must not filter either.
    expect((await get('out_of_stock_only=false')).total).toBe(all.length);

    const bad = await t.request('GET', '/api/inventory?warehouse=nope', { role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('warehouse');
  });

  it('pages, and refuses a limit out of range', async () => {
    const page1 = await t.request<{ data: Rec[]; total: number }>('GET', '/api/inventory?limit=5&page=1', { role: 'admin' });
    const page2 = await t.request<{ data: Rec[]; total: number }>('GET', '/api/inventory?limit=5&page=2', { role: 'admin' });
    expect(page1.body.data).toHaveLength(5);
    expect(page2.body.data.map((r) => r._id)).not.toContain(page1.body.data[0]!._id);
    expect((await t.request('GET', '/api/inventory?limit=1001', { role: 'admin' })).status).toBe(400);
  });
});

describe('POST /inventory', () => {
  it('creates the record; an opening stock enters the ledger as an in movement with reason adjustment', async () => {
    const p = await fx.unstocked();
    const res = await t.request('POST', '/api/inventory', {
      role: 'warehouse-user',
      body: {
        product_id: p.productId,
        product_name: 'ignored',
        current_stock: 40,
        minimum_stock: 5,
        maximum_stock: 100,
        warehouse_id: p.warehouseId,
        unit_cost: 9.5,
        notes: 'Opening count',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      product_id: p.productId,
      product_name: p.productName,
      warehouse_id: p.warehouseId,
      warehouse_name: p.warehouseName,
      current_stock: 40,
      minimum_stock: 5,
      maximum_stock: 100,
      unit_cost: 9.5,
      total_value: 380,
      out_of_stock: false,
      low_stock_alert: false,
    });
    const movements = await t.request('GET', `/api/inventory/movements?product_id=${p.productId}&warehouse_id=${p.warehouseId}`, { role: 'admin' });
    expect(movements.body.data).toHaveLength(1);
    expect(movements.body.data[0]).toMatchObject({
      movement_type: 'in',
      movement_reason: 'adjustment',
      quantity: 40,
      stock_before: 0,
      stock_after: 40,
      performed_by: t.userIds['warehouse-user'],
    });
  });

  it('writes no movement for an opening stock of 0, and refuses a second record for the same pair with 409', async () => {
    const p = await fx.unstocked();
    const body = { product_id: p.productId, warehouse_id: p.warehouseId, current_stock: 0, minimum_stock: 1, maximum_stock: 10, unit_cost: 1, notes: '' };
    expect((await t.request('POST', '/api/inventory', { role: 'admin', body })).status).toBe(201);
    expect(await movementCount(t.db, sql`product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`)).toBe(0);
    const again = await t.request('POST', '/api/inventory', { role: 'admin', body: { ...body, current_stock: 5 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already has an inventory record');
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(0);
  });

  it('validates the body and the references', async () => {
    const p = await fx.unstocked();
    const base = { product_id: p.productId, warehouse_id: p.warehouseId, current_stock: 1, minimum_stock: 1, maximum_stock: 10, unit_cost: 1 };
    for (const [body, field] of [
      [{ ...base, product_id: undefined }, 'product_id'],
      [{ ...base, current_stock: -1 }, 'current_stock'],
      [{ ...base, current_stock: 1.5 }, 'current_stock'],
      [{ ...base, minimum_stock: 20 }, 'minimum_stock'],
      [{ ...base, unit_cost: -1 }, 'unit_cost'],
      [{ ...base, product_id: crypto.randomUUID() }, 'product_id'],
      [{ ...base, warehouse_id: 'x' }, 'warehouse_id'],
    ] as const) {
      const res = await t.request('POST', '/api/inventory', { role: 'admin', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(0);
  });

  it('honours an Idempotency-Key: the retry gets the first 201, not a 409', async () => {
    const p = await fx.unstocked();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = { product_id: p.productId, warehouse_id: p.warehouseId, current_stock: 3, minimum_stock: 0, maximum_stock: 0, unit_cost: 2 };
    const first = await t.request('POST', '/api/inventory', { role: 'admin', headers, body });
    const retry = await t.request('POST', '/api/inventory', { role: 'admin', headers, body });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(3);
  });
});

describe('GET, PUT and DELETE /inventory/{id}', () => {
  it('shows a record, and answers 404 for an unknown or malformed id', async () => {
    const p = await fx.stocked();
    const lookup = await t.request('GET', `/api/inventory/lookup?product_id=${p.productId}&warehouse_id=${p.warehouseId}`, { role: 'warehouse-user' });
    expect(lookup.status).toBe(200);
    const shown = await t.request('GET', `/api/inventory/${lookup.body._id}`, { role: 'warehouse-user' });
    expect(shown.body).toEqual({ ...lookup.body, version: expect.any(Number) });
    for (const id of [crypto.randomUUID(), 'abc']) {
      const res = await t.request('GET', `/api/inventory/${id}`, { role: 'admin' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Inventory not found' });
    }
    const missing = await fx.unstocked();
    expect(
      (await t.request('GET', `/api/inventory/lookup?product_id=${missing.productId}&warehouse_id=${missing.warehouseId}`, { role: 'admin' })).status,
    ).toBe(404);
  });

  it('edits attributes, leaves the average cost to the ledger, and turns a changed current_stock into an adjustment', async () => {
    const p = await fx.stocked(3);
    const { body: rec } = await t.request('GET', `/api/inventory/lookup?product_id=${p.productId}&warehouse_id=${p.warehouseId}`, { role: 'admin' });
    const res = await t.request('PUT', `/api/inventory/${rec._id}`, {
      role: 'warehouse-user',
      body: { current_stock: p.stock - 3, minimum_stock: 2, maximum_stock: 500, warehouse_id: p.warehouseId, unit_cost: 7.25, notes: 'Recount' },
    });
    expect(res.status).toBe(200);
    // The 3 missing units leave at the average; the unit cost sent (SPEC.md's legacy form sends 0) does not revalue the rest.
    const out = averageShare(rec.current_stock, Math.round(rec.total_value * 100), 3) / 100;
    const left = Math.round((rec.total_value - out) * 100) / 100;
    expect(res.body).toMatchObject({ current_stock: p.stock - 3, minimum_stock: 2, maximum_stock: 500, total_value: left, notes: 'Recount' });
    expect(res.body.unit_cost).toBeCloseTo(left / (p.stock - 3), 2);
    const movements = await t.request('GET', `/api/inventory/movements?product_id=${p.productId}&warehouse_id=${p.warehouseId}&limit=1`, { role: 'admin' });
    expect(movements.body.data[0]).toMatchObject({ movement_type: 'adjustment', quantity: -3, stock_after: p.stock - 3, value_change: -out, notes: 'Recount' });

    const count = await movementCount(t.db, sql`product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`);
    const same = await t.request('PUT', `/api/inventory/${rec._id}`, {
      role: 'admin',
      body: { current_stock: p.stock - 3, location: 'Cold room', unit_cost: 0 },
    });
    expect(same.body).toMatchObject({ location: 'Cold room', total_value: left, unit_cost: res.body.unit_cost });
    expect(await movementCount(t.db, sql`product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`)).toBe(count);
  });

  it('lists movements newest first and counts them no further than the cap (total_capped)', async () => {
    const p = await fx.unstocked();
    const body = { product_id: p.productId, warehouse_id: p.warehouseId, current_stock: 4, minimum_stock: 1, maximum_stock: 50, unit_cost: 3 };
    expect((await t.request('POST', '/api/inventory', { role: 'admin', body })).status).toBe(201);
    const url = `/api/inventory/movements?product_id=${p.productId}&warehouse_id=${p.warehouseId}`;
    const few = await t.request('GET', `${url}&limit=5`, { role: 'admin' });
    expect(few.body).toMatchObject({ total: 1, total_capped: false });
    // Revaluations of nothing (0 units, 0 value), each a second older than the last: balances stay as they were.
    await t.db.execute(sql`
      insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost, total_value,
        value_change, movement_reason, reference_type, notes, created)
      select ${p.productId}::uuid, ${p.warehouseId}::uuid, 'valuation', 0, 4, 4, 3, 0, 0, 'adjustment', 'manual', 'older ' || i,
             now() - make_interval(secs => 60 + i)
        from generate_series(1, ${MOVEMENT_COUNT_CAP + 5}) as i`);
    const many = await t.request('GET', `${url}&limit=3`, { role: 'admin' });
    expect(many.body).toMatchObject({ total: MOVEMENT_COUNT_CAP, total_capped: true });
    expect(many.body.data.map((m: { notes: string }) => m.notes)).toEqual([few.body.data[0].notes, 'older 1', 'older 2']);
    // Past the count: the pages go on to the oldest row (10,006 rows, two a page).
    const last = await t.request('GET', `${url}&limit=2&page=${(MOVEMENT_COUNT_CAP + 6) / 2}`, { role: 'admin' });
    expect(last.body.data.map((m: { notes: string }) => m.notes)).toEqual([`older ${MOVEMENT_COUNT_CAP + 4}`, `older ${MOVEMENT_COUNT_CAP + 5}`]);
    await expectLedgerInvariant(t.db);
  });

  it('refuses to move a record to another warehouse, and min above max', async () => {
    const p = await fx.stocked();
    const other = await fx.unstocked();
    const { body: rec } = await t.request('GET', `/api/inventory/lookup?product_id=${p.productId}&warehouse_id=${p.warehouseId}`, { role: 'admin' });
    const moved = await t.request('PUT', `/api/inventory/${rec._id}`, {
      role: 'admin',
      body: { warehouse_id: other.warehouseId === p.warehouseId ? crypto.randomUUID() : other.warehouseId },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].field).toBe('warehouse_id');
    const minMax = await t.request('PUT', `/api/inventory/${rec._id}`, { role: 'admin', body: { minimum_stock: 50, maximum_stock: 10 } });
    expect(minMax.status).toBe(400);
    expect(minMax.body.message).toContain('Minimum stock cannot be more than maximum stock');
    expect((await t.request('PUT', `/api/inventory/${crypto.randomUUID()}`, { role: 'admin', body: { notes: 'x' } })).status).toBe(404);
  });

  it('deletes only an empty record (409 otherwise); its ledger stays', async () => {
    const p = await fx.stocked();
    const { body: rec } = await t.request('GET', `/api/inventory/lookup?product_id=${p.productId}&warehouse_id=${p.warehouseId}`, { role: 'admin' });
    const refused = await t.request('DELETE', `/api/inventory/${rec._id}`, { role: 'warehouse-user' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`still holds ${p.stock} units`);
    await t.request('POST', '/api/inventory/adjust-stock', { role: 'admin', body: { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: 0 } });
    const ledger = await movementCount(t.db, sql`product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`);
    const deleted = await t.request('DELETE', `/api/inventory/${rec._id}`, { role: 'warehouse-user' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Inventory deleted successfully' });
    expect((await t.request('GET', `/api/inventory/${rec._id}`, { role: 'admin' })).status).toBe(404);
    expect(await movementCount(t.db, sql`product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`)).toBe(ledger);
    expect((await t.request('DELETE', `/api/inventory/${rec._id}`, { role: 'admin' })).status).toBe(404);
  });
});

describe('GET /inventory/by-city/{cityId}', () => {
  it("pages the city's warehouses, each with its records", async () => {
    const cities = (await t.request('GET', '/api/cities', { role: 'admin' })).body.data as { _id: string; name: string }[];
    const jaipur = cities.find((c) => c.name === 'Jaipur')!;
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`
      select count(*)::int as n from inventory i join warehouses w on w.id = i.warehouse_id where w.city_id = ${jaipur._id}::uuid`,
    );
    // Four warehouses in Jaipur: the two of the demo data and two new ones, one of them empty.
    const body = (name: string) => ({
      name,
      city_id: jaipur._id,
      address: 'Test Road, Jaipur',
      status: 'active',
      contact_person: 'T',
      contact_phone: '+91 90000 00000',
      contact_email: 'wh@example.com',
    });
    for (const name of ['Zz Jaipur Annex', 'Zz Jaipur Empty Store']) {
      expect((await t.request('POST', '/api/warehouses', { role: 'admin', body: body(name) })).status).toBe(201);
    }
    const [warehouseCount] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from warehouses where city_id = ${jaipur._id}::uuid`);

    const first = await t.request('GET', `/api/inventory/by-city/${jaipur._id}`, { role: 'warehouse-user' });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({
      total: warehouseCount!.n,
      limit: 3,
      skip: 0,
      current_page: 1,
      total_pages: Math.ceil(warehouseCount!.n / 3),
    });
    expect(first.body.warehouses).toHaveLength(3);
    const names = first.body.warehouses.map((w: { warehouse_name: string }) => w.warehouse_name);
    expect(names).toEqual([...names].sort());

    // Walk every page: each warehouse once, each record of the city once, under its own warehouse.
    const seen = new Set<string>();
    const seenWarehouses: string[] = [];
    for (let skip = 0; skip < warehouseCount!.n; skip += 3) {
      const page = await t.request('GET', `/api/inventory/by-city/${jaipur._id}?skip=${skip}&rows_limit=100`, { role: 'admin' });
      expect(page.body.pagination.current_page).toBe(skip / 3 + 1);
      for (const w of page.body.warehouses) {
        seenWarehouses.push(w.warehouse_name);
        for (const r of w.inventory) {
          expect(r.warehouse_id).toBe(w.warehouse_id);
          expect(r.warehouse_name).toBe(w.warehouse_name);
          seen.add(r._id);
        }
      }
    }
    expect(seen.size).toBe(count!.n);
    expect(new Set(seenWarehouses).size).toBe(warehouseCount!.n);
    expect(seenWarehouses).toContain('Zz Jaipur Empty Store');

    const warehouseId = first.body.warehouses[0].warehouse_id;
    const one = await t.request('GET', `/api/inventory/by-city/${jaipur._id}?limit=1000&warehouse_id=${warehouseId}`, { role: 'admin' });
    expect(one.body.warehouses.map((w: { warehouse_id: string }) => w.warehouse_id)).toEqual([warehouseId]);
  });

  it("pages the rows inside each warehouse, with their total, and searches the city's products by name", async () => {
    const cities = (await t.request('GET', '/api/cities', { role: 'admin' })).body.data as { _id: string; name: string }[];
    const jaipur = cities.find((c) => c.name === 'Jaipur')!;
    type Group = {
      warehouse_id: string;
      inventory: { _id: string; product_name: string }[];
      inventory_pagination: { total: number; limit: number; skip: number; current_page: number; total_pages: number };
    };
    const get = async (query: string) => {
      const res = await t.request('GET', `/api/inventory/by-city/${jaipur._id}?${query}`, { role: 'admin' });
      expect(res.status, query).toBe(200);
      return res.body.warehouses as Group[];
    };
    const [first] = await get('limit=1');
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from inventory where warehouse_id = ${first!.warehouse_id}::uuid`);
    expect(n).toBeGreaterThan(10);
    expect(first!.inventory).toHaveLength(10);
    expect(first!.inventory_pagination).toEqual({ total: n, limit: 10, skip: 0, current_page: 1, total_pages: Math.ceil(n / 10) });

    // Walking one warehouse's pages of 7 yields each of its rows once, in product-name order.
    const walked: { _id: string; product_name: string }[] = [];
    for (let skip = 0; skip < n; skip += 7) {
      const [page] = await get(`warehouse_id=${first!.warehouse_id}&rows_limit=7&rows_skip=${skip}`);
      expect(page!.inventory_pagination.current_page).toBe(skip / 7 + 1);
      walked.push(...page!.inventory);
    }
    expect(new Set(walked.map((r) => r._id)).size).toBe(n);
    const names = walked.map((r) => r.product_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // A search keeps, in every warehouse of the page, the products whose name (English or Hindi) contains the text.
    const needle = names[0]!.split(' ')[0]!.slice(1, 4).toUpperCase();
    for (const group of await get(`q=${encodeURIComponent(needle)}&rows_limit=100`)) {
      const matching = await queryRows<{ id: string }>(
        t.db,
        sql`
        select i.id from inventory i join products p on p.id = i.product_id
         where i.warehouse_id = ${group.warehouse_id}::uuid and (p.productname ilike ${`%${needle}%`} or p.product_hindi ilike ${`%${needle}%`})
         order by p.productname, p.id`,
      );
      expect(group.inventory_pagination.total).toBe(matching.length);
      expect(group.inventory.map((r) => r._id)).toEqual(matching.slice(0, 100).map((r) => r.id));
    }
    expect((await get(`warehouse_id=${first!.warehouse_id}&q=${encodeURIComponent(needle)}`))[0]!.inventory.map((r) => r._id)).toContain(walked[0]!._id);
    const bad = await t.request('GET', `/api/inventory/by-city/${jaipur._id}?rows_limit=101`, { role: 'admin' });
    expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'rows_limit']);
  });

  it('answers 404 for an unknown city and 400 for a bad limit', async () => {
    expect((await t.request('GET', `/api/inventory/by-city/${crypto.randomUUID()}`, { role: 'admin' })).body).toEqual({ message: 'City not found' });
    const cities = (await t.request('GET', '/api/cities', { role: 'admin' })).body.data as { _id: string }[];
    const bad = await t.request('GET', `/api/inventory/by-city/${cities[0]!._id}?limit=0`, { role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('limit');
  });
});
