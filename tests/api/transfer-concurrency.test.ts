import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows.js';
import { dbKind } from '../support/test-app.js';
import { startTwoApiProcesses, type TwoApiProcesses } from '../support/two-api-processes.js';
import { balanceOf, expectLedgerInvariant, inTransitOf } from '../support/stock-ledger.js';
import { stockFixtures, type Pair } from '../support/stock-fixtures.js';

// Transfers (issue 18) under real concurrency: two API processes on one PostgreSQL server (PGlite runs one transaction
// at a time and can show no race).
describe.skipIf(dbKind !== 'postgres')('transfers under concurrency: two API processes on one PostgreSQL', () => {
  let run: TwoApiProcesses | undefined;
  let database: TwoApiProcesses['database'];
  let fx: ReturnType<typeof stockFixtures>;
  let warehouseIds: string[];

  beforeAll(async () => {
    run = await startTwoApiProcesses();
    database = run.database;
    fx = stockFixtures(database.db);
    warehouseIds = rowsOf<{ id: string }>(await database.db.execute(sql`select id from warehouses order by name`)).map((r) => r.id);
  }, 180_000);

  afterEach(() => expectLedgerInvariant(database.db));
  afterAll(() => run?.stop());

  /** Request i goes to server i mod 2, as admin or warehouse user in turn. */
  async function post(i: number, path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    const res = await fetch(`${run!.servers[i % 2]!.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${Math.floor(i / 2) % 2 ? run!.tokens.warehouse : run!.tokens.admin}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { _id: string; status: string; message: string } };
  }

  /** Every unit of the product in the business: on a shelf anywhere, on the road, or written off by a transfer's close. */
  const everywhere = async (productId: string) => {
    const [row] = rowsOf<{ shelves: number; damaged: number }>(
      await database.db.execute(sql`
      select (select coalesce(sum(current_stock), 0)::int from inventory where product_id = ${productId}::uuid) as shelves,
             (select coalesce(sum(damaged), 0)::int from transfer_lines where product_id = ${productId}::uuid) as damaged`),
    );
    return row!.shelves + row!.damaged + (await inTransitOf(database.db, productId));
  };
  const destinations = (p: Pair) => warehouseIds.filter((w) => w !== p.warehouseId);

  it('50 concurrent dispatches drawing on one source row, then receives, closes and cancels: never below 0, every unit in exactly one place', async () => {
    const p = await fx.stocked();
    expect((await post(0, '/inventory/adjust-stock', { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: 61 })).status).toBe(200);
    const total = await everywhere(p.productId);
    const to = destinations(p);
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(i, '/transfers', {
          from_warehouse_id: p.warehouseId,
          to_warehouse_id: to[i % to.length],
          lines: [{ product_id: p.productId, quantity: 2 }],
        }),
      ),
    );
    expect(made.map((m) => m.status)).toEqual(Array(50).fill(201));

    const sent = await Promise.all(made.map((m, i) => post(i, `/transfers/${m.body._id}/dispatch`, {}, { 'idempotency-key': crypto.randomUUID() })));
    const unexpected = sent.filter((s) => s.status !== 200 && s.status !== 409);
    expect(unexpected.map((s) => `${s.status} ${s.body.message}`)).toEqual([]);
    const dispatched = made.filter((_, i) => sent[i]!.status === 200);
    expect(dispatched).toHaveLength(30); // 61 units, 2 a transfer: exactly 30 fit, whatever the order
    for (const refused of sent.filter((s) => s.status === 409)) expect(refused.body.message).toContain(p.productName);
    expect(await balanceOf(database.db, p.productId, p.warehouseId)).toBe(1);
    expect(await inTransitOf(database.db, p.productId)).toBe(60);
    expect(await everywhere(p.productId)).toBe(total);

    // At once: a third received in full, a third received 1 of 2 and closed short, a third cancelled (back to the source).
    const outcomes = await Promise.all(
      dispatched.map((m, i) => {
        const id = m.body._id;
        if (i % 3 === 0) return post(i, `/transfers/${id}/receive`, { lines: [{ product_id: p.productId, quantity: 2 }] });
        if (i % 3 === 1) return post(i, `/transfers/${id}/receive`, { lines: [{ product_id: p.productId, quantity: 1 }], close: true, note: 'One broken' });
        return post(i, `/transfers/${id}/cancel`, { note: 'Not needed' });
      }),
    );
    expect(outcomes.map((o) => `${o.status} ${o.status === 200 ? o.body.status : o.body.message}`)).toEqual(
      dispatched.map((_, i) => (i % 3 === 2 ? '200 cancelled' : '200 received')),
    );
    expect(await balanceOf(database.db, p.productId, p.warehouseId)).toBe(1 + 2 * 10);
    expect(await inTransitOf(database.db, p.productId)).toBe(0);
    expect(await everywhere(p.productId)).toBe(total);
  }, 120_000);

  it('20 concurrent receives of one transfer with different Idempotency-Keys: received once', async () => {
    const p = await fx.stocked(10);
    const to = destinations(p)[0]!;
    const before = await balanceOf(database.db, p.productId, to);
    const total = await everywhere(p.productId);
    const made = await post(0, '/transfers', { from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ product_id: p.productId, quantity: 10 }] });
    expect((await post(1, `/transfers/${made.body._id}/dispatch`)).status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, `/transfers/${made.body._id}/receive`, { lines: [{ product_id: p.productId, quantity: 10 }] }, { 'idempotency-key': crypto.randomUUID() }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.status}`)).toEqual(Array(19).fill('409 received'));
    expect(await balanceOf(database.db, p.productId, to)).toBe(before + 10);
    expect(await everywhere(p.productId)).toBe(total);

    // And 20 receives of one unit each of a 10-unit transfer: exactly 10 go in, the rest find nothing left in transit.
    const next = await post(0, '/transfers', { from_warehouse_id: to, to_warehouse_id: p.warehouseId, lines: [{ product_id: p.productId, quantity: 10 }] });
    expect((await post(1, `/transfers/${next.body._id}/dispatch`)).status).toBe(200);
    const units = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, `/transfers/${next.body._id}/receive`, { lines: [{ product_id: p.productId, quantity: 1 }] }, { 'idempotency-key': crypto.randomUUID() }),
      ),
    );
    expect(units.filter((r) => r.status === 200)).toHaveLength(10);
    expect(units.filter((r) => r.status !== 200).every((r) => r.status === 409 || r.status === 400)).toBe(true);
    expect(await balanceOf(database.db, p.productId, to)).toBe(before);
    expect(await everywhere(p.productId)).toBe(total);
  }, 60_000);
});
