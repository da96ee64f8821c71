import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows.js';
import { dayFromToday } from '../support/batch-fixtures.js';
import { expectPurchaseOrderInvariant } from '../support/purchase-order-ledger.js';
import { balanceOf, expectLedgerInvariant } from '../support/stock-ledger.js';
import { dbKind } from '../support/test-app.js';
import { startTwoApiProcesses, type TwoApiProcesses } from '../support/two-api-processes.js';

type Line = { product_id: string; quantity: number; received_quantity: number; returned_quantity: number; due_quantity: number };
/** An order as the API answers it, or a refusal (`message`, `errors`; a 409 names the order's `status`). */
type Answer = {
  _id: string;
  number: string;
  status: string;
  lines: Line[];
  history: { action: string }[];
  message?: string;
  errors?: { field: string; message: string }[];
};
type Reply = { status: number; body: Answer };

// Purchase orders (issue 31) under real concurrency: two API processes on one PostgreSQL server. PGlite runs one
// transaction at a time in one process (its data dir cannot be shared by two), so it can show no race.
describe.skipIf(dbKind !== 'postgres')('purchase orders under concurrency: two API processes on one PostgreSQL', () => {
  let run: TwoApiProcesses | undefined;
  let db: TwoApiProcesses['database']['db'];
  let warehouseId: string;
  let sellerId: string;
  let products: { id: string; name: string }[];
  let tracked: { id: string; name: string }[];
  const taken = { plain: 0 };
  /** Products (ids) no other test of this file touches. */
  const fresh = (n: number) => {
    const ids = products.slice(taken.plain, (taken.plain += n)).map((product) => product.id);
    if (ids.length < n) throw new Error('not enough products in the demo data');
    return ids;
  };

  beforeAll(async () => {
    run = await startTwoApiProcesses();
    db = run.database.db;
    [{ id: warehouseId }] = rowsOf<{ id: string }>(await db.execute(sql`select id from warehouses where status = 'active' order by name limit 1`)) as [
      { id: string },
    ];
    [{ id: sellerId }] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where role = 'seller' order by email limit 1`)) as [{ id: string }];
    products = rowsOf(await db.execute(sql`select id, productname as name from products where not tracks_expiry order by productname limit 40`));
    // Batches of the product already in the warehouse would go first-expiry-first-out before the order's.
    tracked = rowsOf(
      await db.execute(sql`select p.id, p.productname as name from products p where p.tracks_expiry
      and not exists (select 1 from inventory i where i.product_id = p.id and i.warehouse_id = ${warehouseId}::uuid and i.current_stock > 0)
      order by p.productname limit 4`),
    );
  }, 180_000);
  afterEach(async () => {
    await expectLedgerInvariant(db);
    await expectPurchaseOrderInvariant(db);
  });
  afterAll(() => run?.stop());

  /** Request i goes to server i mod 2; as the admin, or the warehouse user (who may receive) where asked. */
  async function call(i: number, path: string, body: unknown, options: { key?: string; as?: 'admin' | 'warehouse'; method?: string } = {}): Promise<Reply> {
    const res = await fetch(`${run!.servers[i % 2]!.url}/api${path}`, {
      method: options.method ?? 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${run!.tokens[options.as ?? 'admin']}`,
        'idempotency-key': options.key ?? crypto.randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  }
  const step = (i: number, id: string, action: string, body: unknown = {}, options: Parameters<typeof call>[3] = {}) =>
    call(i, `/purchase-orders/${id}/${action}`, body, options);
  const read = async (id: string) => (await call(0, `/purchase-orders/${id}`, undefined, { method: 'GET' })).body;
  const described = (replies: Reply[]) =>
    replies.map((r) => `${r.status} ${r.status === 200 ? r.body.status : `${r.body.message} ${JSON.stringify(r.body.errors ?? [])}`}`);

  /** An ordered purchase order of the warehouse from the seller: `[product, quantity]` lines at ₹10 a unit. */
  async function placed(lines: [string, number][]): Promise<Answer> {
    const made = await call(0, '/purchase-orders', {
      seller_id: sellerId,
      warehouse_id: warehouseId,
      expected_on: dayFromToday(3),
      lines: lines.map(([product_id, quantity]) => ({ product_id, quantity, unit_cost: 10 })),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const ordered = await step(1, made.body._id, 'order');
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    return ordered.body;
  }
  /** Sets a balance to `units` (at ₹8 a unit where it grows), so a test knows what the shelf holds. */
  async function shelve(productId: string, units: number) {
    const res = await call(0, '/inventory/adjust-stock', { product_id: productId, warehouse_id: warehouseId, new_stock: units, unit_cost: 8 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  /** Sum of the quantities and values of the ledger rows referencing the order. */
  const ledgerOf = async (number: string) =>
    rowsOf<{ quantity: number; value: number; rows: number }>(
      await db.execute(sql`
    select coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(value_change), 0)::float8 as value, count(*)::int as rows
      from stock_movements where reference_type = 'purchase_order' and reference_id = ${number}`),
    )[0]!;

  it('20 concurrent receives of one line (ordered 10, 1 to 3 each, different keys): never more than ordered', async () => {
    const p = fresh(1)[0]!;
    const order = await placed([[p, 10]]);
    const before = await balanceOf(db, p, warehouseId);
    const wanted = Array.from({ length: 20 }, (_, i) => 1 + (i % 3));
    const replies = await Promise.all(
      wanted.map((quantity, i) => step(i, order._id, 'receive', { lines: [{ product_id: p, quantity }] }, { as: i % 4 < 2 ? 'admin' : 'warehouse' })),
    );

    const accepted = replies.flatMap((r, i) => (r.status === 200 ? [{ quantity: wanted[i]!, after: r.body.lines[0]!.received_quantity }] : []));
    const received = accepted.reduce((sum, a) => sum + a.quantity, 0);
    expect(accepted.length).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(10);
    // Each receipt saw the one before it: the received figures they answered are the running totals, none twice.
    expect(accepted.map((a) => a.after).sort((a, b) => a - b)).toEqual([...new Set(accepted.map((a) => a.after))].sort((a, b) => a - b));
    expect(Math.max(...accepted.map((a) => a.after))).toBe(received);
    for (const [i, r] of replies.entries()) {
      if (r.status === 200) continue;
      if (r.status === 409) {
        expect(r.body, 'a receipt refused by status comes after the last unit').toMatchObject({ status: 'received' });
        continue;
      }
      // More than is due: a 400 naming the line, saying what was due then (less than it asked for).
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors![0]!.field).toBe('lines.0.quantity');
      const due = Number(/^Only (\d+) due$/.exec(r.body.errors![0]!.message)?.[1] ?? (r.body.errors![0]!.message === 'Nothing of this line is due' ? 0 : NaN));
      expect(due).toBeLessThan(wanted[i]!);
      // What is still due at the end was due all along: a receipt refused had asked for more than that.
      expect(wanted[i]!).toBeGreaterThan(10 - received);
    }

    const after = await read(order._id);
    expect(after.lines[0]).toMatchObject({ quantity: 10, received_quantity: received, due_quantity: 10 - received });
    expect(after.status).toBe(received === 10 ? 'received' : 'partially_received');
    expect(after.history.filter((h) => h.action === 'receive')).toHaveLength(accepted.length);
    expect(await ledgerOf(order.number)).toEqual({ quantity: received, value: received * 10, rows: accepted.length });
    expect(await balanceOf(db, p, warehouseId)).toBe(before + received);
  }, 120_000);

  it('the same Idempotency-Key sent at once to both processes receives once, and every reply is the first answer', async () => {
    const p = fresh(1)[0]!;
    const order = await placed([[p, 10]]);
    const before = await balanceOf(db, p, warehouseId);
    const key = crypto.randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => step(i, order._id, 'receive', { lines: [{ product_id: p, quantity: 4 }], notes: 'Van 1' }, { key })),
    );
    expect(described(replies)).toEqual(Array(10).fill('200 partially_received'));
    // A replay is the stored answer (its keys in the database's order): the same object.
    for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
    expect(replies[0]!.body.lines[0]).toMatchObject({ received_quantity: 4, due_quantity: 6 });
    expect(await ledgerOf(order.number)).toEqual({ quantity: 4, value: 40, rows: 1 });
    expect(await balanceOf(db, p, warehouseId)).toBe(before + 4);
    expect((await read(order._id)).history.map((h) => h.action)).toEqual(['created', 'order', 'receive']);
  }, 60_000);

  it('receives racing a close and a cancel: never a receipt after the close, never a closed or cancelled order out of step', async () => {
    const p = fresh(1)[0]!;
    // Eight orders, each raced by three receipts, a close and a cancel at once, in a different order of arrival.
    const orders = await Promise.all(Array.from({ length: 8 }, () => placed([[p, 10]])));
    const raced = await Promise.all(
      orders.map(async (order, n) => {
        const moves = [
          () => step(n, order._id, 'receive', { lines: [{ product_id: p, quantity: 3 }] }),
          () => step(n + 1, order._id, 'close', { note: 'Seller is out of stock' }),
          () => step(n, order._id, 'receive', { lines: [{ product_id: p, quantity: 2 }] }),
          () => step(n + 1, order._id, 'cancel', { note: 'Not needed' }),
          () => step(n, order._id, 'receive', { lines: [{ product_id: p, quantity: 1 }] }),
        ];
        const rotated = [...moves.slice(n % 5), ...moves.slice(0, n % 5)];
        return { order, replies: await Promise.all(rotated.map((move) => move())) };
      }),
    );

    for (const { order, replies } of raced) {
      // A step its status does not allow is a 409 naming the status, never a 5xx.
      for (const r of replies.filter((r) => r.status !== 200)) {
        expect(r.status, JSON.stringify(r.body)).toBe(409);
        expect(['ordered', 'partially_received', 'closed', 'cancelled', 'received']).toContain(r.body.status);
      }
      const after = await read(order._id);
      const actions = after.history.map((h) => h.action).slice(2);
      const received = after.lines[0]!.received_quantity;
      expect(await ledgerOf(order.number)).toMatchObject({ quantity: received, rows: actions.filter((a) => a === 'receive').length });
      if (after.status === 'cancelled') {
        expect(actions).toEqual(['cancel']);
        expect(received).toBe(0);
      } else {
        // The first receipt beat the cancel; a close (only from partially received) ends the receipts.
        expect(actions[0]).toBe('receive');
        expect(actions).not.toContain('cancel');
        const closed = actions.indexOf('close');
        if (closed >= 0) expect(actions.slice(closed + 1)).toEqual([]);
        expect(after.status).toBe(closed >= 0 ? 'closed' : 'partially_received');
        expect(received).toBeGreaterThan(0);
        expect(after.lines[0]!.due_quantity).toBe(closed >= 0 ? 0 : 10 - received);
      }
    }
  }, 120_000);

  it('concurrent returns and sales of what was received: never more returned than received, never below zero', async () => {
    const [p, q] = fresh(2) as [string, string];
    await shelve(p, 0);
    await shelve(q, 0);
    const order = await placed([
      [p, 10],
      [q, 10],
    ]);
    expect(
      (
        await step(0, order._id, 'receive', {
          lines: [
            { product_id: p, quantity: 10 },
            { product_id: q, quantity: 10 },
          ],
        })
      ).status,
    ).toBe(200);

    // 16 units asked back of each product, in both line orders, while 9 of each are sold: 20 units on the shelves.
    const returns = Array.from({ length: 8 }, (_, i) =>
      step(i, order._id, 'return', {
        lines:
          i % 2
            ? [
                { product_id: q, quantity: 2 },
                { product_id: p, quantity: 2 },
              ]
            : [
                { product_id: p, quantity: 2 },
                { product_id: q, quantity: 2 },
              ],
      }),
    );
    const sales = Array.from({ length: 6 }, (_, i) =>
      call(i, '/inventory/remove-stock', {
        product_id: i % 2 ? q : p,
        warehouse_id: warehouseId,
        quantity: 3,
        movement_type: 'out',
        reference_id: `SALE-${i}`,
      }),
    );
    const [returned, sold] = [await Promise.all(returns), await Promise.all(sales)];

    for (const r of returned.filter((r) => r.status !== 200)) {
      // Refused as a whole, naming the line: more than can go back (400) or than the shelf holds (409).
      expect([400, 409], JSON.stringify(r.body)).toContain(r.status);
      expect(r.body.errors?.[0]?.field, JSON.stringify(r.body)).toMatch(/^lines\.[01]\.quantity$/);
      expect(r.body.message).not.toMatch(/changed by someone else/);
    }
    for (const s of sold.filter((s) => s.status !== 200)) expect(s.body.message, JSON.stringify(s.body)).toMatch(/^Insufficient stock/);
    const after = await read(order._id);
    const back = returned.filter((r) => r.status === 200).length * 2;
    const out = { [p]: 0, [q]: 0 };
    sold.forEach((s, i) => {
      if (s.status === 200) out[i % 2 ? q : p]! += 3;
    });
    for (const [line, product] of [
      [after.lines[0]!, p],
      [after.lines[1]!, q],
    ] as const) {
      expect(line.returned_quantity).toBe(back);
      expect(line.returned_quantity).toBeLessThanOrEqual(line.received_quantity);
      expect(await balanceOf(db, product, warehouseId)).toBe(10 - back - out[product]!);
    }
    expect(after.status).toBe('received');
  }, 120_000);

  it('returns of a batch-tracked product raced at once: first-expiry-first-out, never more than received', async () => {
    const p = tracked[0]!.id;
    const order = await placed([[p, 10]]);
    const soon = `PO-S-${crypto.randomUUID().slice(0, 6)}`;
    const later = `PO-L-${crypto.randomUUID().slice(0, 6)}`;
    for (const [i, [batch_no, days]] of (
      [
        [later, 200],
        [soon, 30],
      ] as const
    ).entries()) {
      const got = await step(i, order._id, 'receive', { lines: [{ product_id: p, quantity: 5, batch_no, expiry_date: dayFromToday(days) }] });
      expect(got.status, JSON.stringify(got.body)).toBe(200);
    }
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => step(i, order._id, 'return', { lines: [{ product_id: p, quantity: 1 + (i % 2) }] })),
    );
    const back = replies.reduce((sum, r, i) => sum + (r.status === 200 ? 1 + (i % 2) : 0), 0);
    expect(back).toBeGreaterThanOrEqual(9);
    expect(back).toBeLessThanOrEqual(10);
    for (const r of replies.filter((r) => r.status !== 200)) expect(r.body.errors?.[0]?.field, JSON.stringify(r.body)).toBe('lines.0.quantity');
    const batches = rowsOf<{ batch_no: string; current_stock: number }>(
      await db.execute(sql`
      select batch_no, current_stock from stock_batches where product_id = ${p}::uuid and warehouse_id = ${warehouseId}::uuid
         and batch_no in (${soon}, ${later}) order by batch_no`),
    );
    // The batch expiring sooner went back first.
    expect(Object.fromEntries(batches.map((b) => [b.batch_no, b.current_stock]))).toEqual({ [later]: 10 - back, [soon]: 0 });
    expect((await read(order._id)).lines[0]).toMatchObject({ received_quantity: 10, returned_quantity: back });
  }, 120_000);

  it('deliveries and returns of twelve lines racing sales and add-stock of the same products in the same warehouse', async () => {
    const ps = fresh(12);
    for (const p of ps) await shelve(p, 20);
    const order = await placed(ps.map((p) => [p, 20]));
    // Receipts of every line (in both orders), sales and plain purchases of each product, all at once on both processes.
    const receipts = Array.from({ length: 8 }, (_, i) =>
      step(
        i,
        order._id,
        'receive',
        {
          lines: (i % 2 ? [...ps].reverse() : ps).map((product_id) => ({ product_id, quantity: 1 })),
        },
        { as: i % 4 < 2 ? 'warehouse' : 'admin' },
      ),
    );
    const sales = ps.flatMap((product_id, n) =>
      [0, 1].map((k) =>
        call(n + k, '/inventory/remove-stock', {
          product_id,
          warehouse_id: warehouseId,
          quantity: 1,
          movement_type: 'out',
          reference_id: `SALE-${n}-${k}`,
        }),
      ),
    );
    const adds = ps.flatMap((product_id, n) =>
      [0, 1].map((k) =>
        call(n + k + 1, '/inventory/add-stock', {
          product_id,
          warehouse_id: warehouseId,
          quantity: 1,
          unit_cost: 12,
          movement_reason: 'purchase',
          reference_id: `INV-${n}-${k}`,
          reference_type: 'invoice',
          notes: 'Walk-in delivery',
          seller_id: sellerId,
        }),
      ),
    );
    const [got, sold, added] = await Promise.all([Promise.all(receipts), Promise.all(sales), Promise.all(adds)]);
    expect(described(got).filter((d) => !d.startsWith('200'))).toEqual([]);
    expect([...sold, ...added].map((s) => `${s.status} ${s.body.message}`).filter((d) => !d.startsWith('200'))).toEqual([]);
    // 20 on the shelf + 8 received + 2 added − 2 sold, of each.
    for (const p of ps) expect(await balanceOf(db, p, warehouseId)).toBe(28);
    const after = await read(order._id);
    expect(after.lines.map((l) => [l.received_quantity, l.due_quantity])).toEqual(ps.map(() => [8, 12]));
    expect(await ledgerOf(order.number)).toEqual({ quantity: 96, value: 960, rows: 96 });

    // Then returns of every line (both orders) racing sales of the same products: the same `out` totals row for all.
    const returns = Array.from({ length: 6 }, (_, i) =>
      step(i, order._id, 'return', {
        lines: (i % 2 ? [...ps].reverse() : ps).map((product_id) => ({ product_id, quantity: 1 })),
      }),
    );
    const more = ps.flatMap((product_id, n) =>
      [0, 1].map((k) =>
        call(n + k, '/inventory/remove-stock', {
          product_id,
          warehouse_id: warehouseId,
          quantity: 1,
          movement_type: 'out',
          reference_id: `SALE-${n}-${k}-2`,
        }),
      ),
    );
    const [back, alsoSold] = await Promise.all([Promise.all(returns), Promise.all(more)]);
    expect(described(back).filter((d) => !d.startsWith('200'))).toEqual([]);
    expect(alsoSold.map((s) => `${s.status} ${s.body.message}`).filter((d) => !d.startsWith('200'))).toEqual([]);
    for (const p of ps) expect(await balanceOf(db, p, warehouseId)).toBe(28 - 6 - 2);
    expect((await read(order._id)).lines.map((l) => l.returned_quantity)).toEqual(ps.map(() => 6));
    expect(await ledgerOf(order.number)).toMatchObject({ quantity: 96 - 72, rows: 96 + 72 });
  }, 120_000);
});
