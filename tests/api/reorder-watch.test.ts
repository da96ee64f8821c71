import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows.js';
import { countToReorder } from '../../src/server/services/replenishment/suggestions.js';
import { today as businessToday, shift } from '../support/business-day.js';
import { bruteForceSuggestions } from '../support/replenishment-brute-force.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';
import { createTestApp, dbKind, type TestApp } from '../support/test-app.js';

/**
 * The dashboard's 'Products to reorder' is counted from the reorder watch (issue 33, functions/45-reorder-watch.sql),
 * not worked out for every record on each load. It must still be exactly the number of suggestions the raw tables give
 * (tests/support/replenishment-brute-force.ts), whatever moves — and as time passes with nothing written, when a
 * record's old outflow leaves the 28 days. (Each test's ledger check also recomputes the watch row by row.)
 */
let t: TestApp;
const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
let here: string;
let other: string;
let seller: string;

/** The suggestions of every warehouse, worked out from the raw tables at `at` (now by default). */
async function expectedCount(at?: Date): Promise<number> {
  let n = 0;
  for (const w of await q<{ id: string }>(sql`select id from warehouses`)) n += (await bruteForceSuggestions(t.db, w.id, {}, at)).length;
  return n;
}

const dashboardCount = async (): Promise<number> => (await t.request('GET', '/api/dashboard/summary', { role: 'admin' })).body.to_reorder;

async function freshRecord(warehouseId: string, body: Record<string, unknown>): Promise<{ productId: string; id: string }> {
  const [product] = await q<{ id: string }>(sql`
    insert into products (productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price, product_description, unit, unit_value)
    select 'Watch Test ' || gen_random_uuid(), 'परीक्षण', category_id, subcategory_id, 'Brand', 50, 45, 'A test product', unit, unit_value
      from products where not tracks_expiry order by productname limit 1
    returning id`);
  const res = await t.request('POST', '/api/inventory', {
    role: 'admin',
    headers: key(),
    body: { product_id: product!.id, warehouse_id: warehouseId, unit_cost: 20, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { productId: product!.id, id: res.body._id };
}

async function sell(productId: string, warehouseId: string, quantity: number): Promise<number> {
  const res = await t.request('POST', '/api/inventory/remove-stock', {
    role: 'admin',
    headers: key(),
    body: { product_id: productId, warehouse_id: warehouseId, quantity, movement_type: 'out', reference_type: 'invoice', reference_id: 'INV-W', notes: 'Sold' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.movement.seq ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  [{ id: here }, { id: other }] = (await q<{ id: string }>(sql`select id from warehouses order by name limit 2`)) as [{ id: string }, { id: string }];
  [{ id: seller }] = (await q<{ id: string }>(sql`select id from users where role = 'seller' order by email limit 1`)) as [{ id: string }];
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

describe("the dashboard's products to reorder", () => {
  it('stops listing a record the moment its old outflow leaves the 28 days, with nothing written', async () => {
    const r = await freshRecord(here, { current_stock: 100, minimum_stock: 10, maximum_stock: 200, lead_time_days: 14 });
    await sell(r.productId, here, 50);
    await sell(r.productId, here, 20);
    // As if the 50 had been sold 27 days ago and the 20 ten days ago (the ledger's own rows, moved back in time).
    await t.db.execute(sql`
      update stock_movements m set created = now() - case when m.quantity = -50 then interval '27 days' else interval '10 days' end
       where m.product_id = ${r.productId}::uuid and m.warehouse_id = ${here}::uuid and m.movement_type = 'out'`);
    // 30 on hand, minimum 10: 28 × 20 = 560 <= 70 × 14 = 980, listed; once the 50 leave, 20 × 14 = 280: not.
    // Its row is rewritten by the next count, as the records written since the last one are.
    expect(await q(sql`select 1 from reorder_dirty where inventory_id = ${r.id}::uuid`)).toHaveLength(1);
    await countToReorder(t.db, { scope: null });
    const [kept] = await q<{ until: Date; leaves: Date }>(sql`
      select w.listed_until as until,
             (select m.created + interval '28 days' from stock_movements m
               where m.product_id = ${r.productId}::uuid and m.warehouse_id = ${here}::uuid and m.quantity = -50) as leaves
        from reorder_watch w where w.inventory_id = ${r.id}::uuid`);
    expect(kept, 'the record is watched').toBeDefined();
    expect(new Date(kept!.until).getTime()).toBe(new Date(kept!.leaves).getTime());

    const leaves = new Date(kept!.leaves).getTime();
    const now = Date.now();
    for (const at of [new Date(now + 60_000), new Date(leaves - 60_000), new Date(leaves + 60_000), new Date(now + 20 * 86_400_000)]) {
      const counted = await countToReorder(t.db, { scope: null, at });
      expect(counted, `at ${at.toISOString()}`).toBe(await expectedCount(at));
    }
    const listed = async (at: Date) => (await bruteForceSuggestions(t.db, here, {}, at)).some((s) => s.inventory_id === r.id);
    expect(await listed(new Date(leaves - 60_000))).toBe(true);
    expect(await listed(new Date(leaves + 60_000))).toBe(false);
    expect(
      (await countToReorder(t.db, { scope: null, at: new Date(leaves - 60_000) })) -
        (await countToReorder(t.db, { scope: null, at: new Date(leaves + 60_000) })),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts what every sale made while other counts ran, sales and counts at once on many connections', async () => {
    // Records near their minimum, so a few sales list them; counts racing the sales must never take a record's mark
    // and read it without a sale still being committed (the sale's mark is held by it until its commit).
    const records = await Promise.all(
      Array.from({ length: 6 }, () => freshRecord(here, { current_stock: 400, minimum_stock: 330, maximum_stock: 500, lead_time_days: 5 })),
    );
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 20; round++) {
      for (const r of records) work.push(sell(r.productId, here, 3));
      work.push(dashboardCount(), countToReorder(t.db, { scope: null }));
    }
    await Promise.all(work);
    expect(await dashboardCount()).toBe(await expectedCount());
    expect(await q(sql`select 1 from reorder_dirty`), 'every mark taken by the last count').toHaveLength(0);
  });

  it.skipIf(dbKind !== 'postgres')('a count waits for a sale still committing on a record already marked, and counts it', async () => {
    // PGlite runs one transaction at a time: no count can run while a sale commits.
    const r = await freshRecord(here, { current_stock: 100, minimum_stock: 60, maximum_stock: 200, lead_time_days: 0 });
    await sell(r.productId, here, 1); // 99, not listed; its mark waits for the next count
    const [admin] = await q<{ id: string }>(sql`select id from users where email = 'admin@demo.local'`);
    let counted: Promise<number> | undefined;
    await t.db.transaction(async (tx) => {
      // A sale to 59 (listed), not yet committed, on a record whose earlier mark is still there.
      await tx.execute(
        sql`select stock_remove(${admin!.id}::uuid, ${JSON.stringify({ product_id: r.productId, warehouse_id: here, quantity: 40, movement_type: 'out' })}::jsonb)`,
      );
      counted = countToReorder(t.db, { scope: null });
      // The count must wait for this sale (it holds the record's mark) rather than take the mark and read 99.
      const waiting = async () =>
        (
          await q<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%reorder_watch_take_dirty%'`,
          )
        )[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    });
    await counted;
    const [row] = await q<{ listed: boolean }>(
      sql`select exists (select 1 from reorder_watch where inventory_id = ${r.id}::uuid and listed_until >= now()) as listed`,
    );
    expect(row!.listed, 'the sale committed while the count waited is in the watch').toBe(true);
  });

  it('follows stock, levels, lead times, purchase orders and transfers exactly as the suggestions do', async () => {
    const a = await freshRecord(here, { current_stock: 40, minimum_stock: 10, maximum_stock: 80, lead_time_days: 7 });
    const b = await freshRecord(other, { current_stock: 12, minimum_stock: 0, maximum_stock: 0 });
    expect(await dashboardCount()).toBe(await expectedCount());
    const steps: [string, () => Promise<unknown>][] = [
      ['a sale', () => sell(a.productId, here, 25)],
      ['a lead time', () => t.request('PUT', `/api/inventory/${a.id}`, { role: 'admin', body: { lead_time_days: 30 } })],
      ['a minimum set', () => t.request('PUT', `/api/inventory/${b.id}`, { role: 'admin', body: { minimum_stock: 15, maximum_stock: 40 } })],
      [
        'a purchase',
        () =>
          t.request('POST', '/api/inventory/add-stock', {
            role: 'admin',
            headers: key(),
            body: {
              product_id: b.productId,
              warehouse_id: other,
              quantity: 10,
              unit_cost: 9,
              movement_reason: 'purchase',
              reference_type: 'invoice',
              reference_id: 'P-1',
              notes: 'in',
              seller_id: seller,
            },
          }),
      ],
      ['a sale that empties it', () => sell(b.productId, other, 22)],
      [
        'a purchase order on its way',
        () =>
          t.request('POST', '/api/purchase-orders', {
            role: 'admin',
            body: {
              seller_id: seller,
              warehouse_id: other,
              expected_on: shift(businessToday(), 3),
              lines: [{ product_id: b.productId, quantity: 50, unit_cost: 9 }],
            },
          }),
      ],
      [
        'a transfer dispatched to it',
        async () => {
          const made = await t.request('POST', '/api/transfers', {
            role: 'admin',
            body: { from_warehouse_id: here, to_warehouse_id: other, lines: [{ product_id: a.productId, quantity: 5 }] },
          });
          expect(made.status, JSON.stringify(made.body)).toBe(201);
          return t.request('POST', `/api/transfers/${made.body._id}/dispatch`, { role: 'admin', headers: key() });
        },
      ],
      ['the levels cleared', () => t.request('PUT', `/api/inventory/${a.id}`, { role: 'admin', body: { minimum_stock: 0, maximum_stock: 0 } })],
    ];
    for (const [what, step] of steps) {
      const res = (await step()) as { status?: number; body?: unknown } | number;
      if (typeof res === 'object' && res.status !== undefined) expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      expect(await dashboardCount(), what).toBe(await expectedCount());
    }
  });
});
