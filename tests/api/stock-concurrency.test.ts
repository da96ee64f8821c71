import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { createTokenSigner } from '../../src/server/auth/tokens.js';
import { TEST_JWT_SECRET, dbKind, openTestDatabase } from '../support/test-app.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { balanceOf, expectLedgerInvariant } from '../support/stock-ledger.js';
import { stockFixtures, type Pair } from '../support/stock-fixtures.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { bruteForceExpiring, dayFromToday } from '../support/batch-fixtures.js';
import { bruteForceSuggestions } from '../support/replenishment-brute-force.js';

// PGlite has a single connection: transactions run one after another, so it can never show a race.
// These tests need real concurrency: two API processes sharing one PostgreSQL server.
describe.skipIf(dbKind !== 'postgres')('stock under concurrency: two API processes on one PostgreSQL', () => {
  let database: Database & { url?: string };
  const servers: ServerProcess[] = [];
  let tokens: { admin: string; warehouse: string };
  let fx: ReturnType<typeof stockFixtures>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url!, JWT_SECRET: TEST_JWT_SECRET, PORT: '0', LOGIN_RATE_LIMIT: '100000', DB_POOL_SIZE: '10' };
    // One after the other: the first seeds the demo data, the second finds it there.
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));
    const signer = createTokenSigner(TEST_JWT_SECRET);
    const idOf = async (email: string) => rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = ${email}`))[0]!.id;
    tokens = {
      admin: await signer.sign({ sub: await idOf('admin@demo.local'), role: 'admin', firstname: 'Admin' }),
      warehouse: await signer.sign({ sub: await idOf('warehouse@demo.local'), role: 'warehouse-user', firstname: 'Vikram' }),
    };
    fx = stockFixtures(database.db);
  }, 180_000);

  afterEach(() => expectLedgerInvariant(database.db));

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  /** Request i goes to server i mod 2. */
  async function post(i: number, path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${servers[i % 2]!.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${i % 3 ? tokens.warehouse : tokens.admin}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string; movement?: { _id: string; reference_id: string } } };
  }

  const ledgerOf = async (p: Pair, refPrefix: string) =>
    rowsOf<{ reference_id: string; quantity: number }>(
      await database.db.execute(sql`
    select reference_id, quantity from stock_movements
     where product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid and reference_id like ${`${refPrefix}%`}`),
    );

  it('200 concurrent additions and removals: balance = ledger sum = arithmetic, refusals change nothing, never below 0', async () => {
    const p = await fx.stocked();
    const opening = 30;
    expect((await post(0, '/inventory/adjust-stock', { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: opening })).status).toBe(200);

    const run = crypto.randomBytes(3).toString('hex');
    const requests = Array.from({ length: 200 }, (_, i) => {
      const adds = i % 2 === 0;
      const quantity = adds ? (i % 5) + 1 : (i % 8) + 1;
      const ref = `C${run}-${i}`;
      return {
        i,
        adds,
        quantity,
        ref,
        path: adds ? '/inventory/add-stock' : '/inventory/remove-stock',
        body: adds
          ? {
              product_id: p.productId,
              warehouse_id: p.warehouseId,
              quantity,
              unit_cost: 5,
              movement_reason: 'adjustment',
              reference_id: ref,
              reference_type: 'manual',
              notes: 'Concurrency test',
            }
          : { product_id: p.productId, warehouse_id: p.warehouseId, quantity, movement_type: 'out', reference_id: ref },
      };
    });
    const replies = await Promise.all(requests.map((r) => post(r.i, r.path, r.body)));

    const outcomes = requests.map((r, k) => ({ ...r, status: replies[k]!.status, reply: replies[k]!.body }));
    const unexpected = outcomes.filter((o) => (o.adds ? o.status !== 200 : o.status !== 200 && o.status !== 409));
    expect(unexpected.map((o) => `${o.path} → ${o.status} ${o.reply.message}`)).toEqual([]);
    const accepted = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status === 409);
    // Removals ask for 450 units against at most 330: some must be refused, and some must pass.
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.some((o) => !o.adds)).toBe(true);
    for (const o of refused) expect(o.reply.message).toMatch(/^Insufficient stock: only \d+ in stock, cannot remove \d+$/);
    // Both processes did real work.
    expect(new Set(accepted.map((o) => o.i % 2))).toEqual(new Set([0, 1]));

    const expected = opening + accepted.reduce((s, o) => s + (o.adds ? o.quantity : -o.quantity), 0);
    expect(await balanceOf(database.db, p.productId, p.warehouseId)).toBe(expected);

    // Exactly the accepted requests left a ledger row, each once, with its own quantity.
    const ledger = await ledgerOf(p, `C${run}-`);
    expect(ledger.map((m) => m.reference_id).sort()).toEqual(accepted.map((o) => o.ref).sort());
    const byRef = new Map(ledger.map((m) => [m.reference_id, m.quantity]));
    for (const o of accepted) expect(byRef.get(o.ref)).toBe(o.adds ? o.quantity : -o.quantity);
    // (afterEach: balance = ledger sum for every pair, and every row continues the previous one and stays >= 0.)
  }, 120_000);

  it("the dashboard's kept figures, read on both processes while sales and deliveries run on both, end equal to the records' sums", async () => {
    const get = async (i: number) => {
      const res = await fetch(`${servers[i % 2]!.url}/api/dashboard/summary`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      return { status: res.status, body: (await res.json()) as DashboardAnswer };
    };
    type DashboardAnswer = {
      counts: { inventory_items: number; low_stock: number; out_of_stock: number };
      total_inventory_value: number;
      to_reorder: number | null;
    };
    const records = async () =>
      rowsOf<{ n: number; low: number; empty: number; value: number }>(
        await database.db.execute(sql`
        select count(*)::int as n, (count(*) filter (where low_stock))::int as low, (count(*) filter (where current_stock = 0))::int as empty,
               coalesce(sum(stock_value), 0)::float8 as value from inventory`),
      )[0]!;
    // A few records near their minimum with reorder levels, so sales move them across it (low stock, reorder).
    const pairs = await Promise.all([fx.stocked(), fx.stocked(), fx.stocked()]);
    for (const [k, p] of pairs.entries()) {
      expect((await post(0, '/inventory/adjust-stock', { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: 12 })).status).toBe(200);
      await database.db.execute(
        sql`update inventory set minimum_stock = 8, maximum_stock = 40, lead_time_days = ${3 + k} where product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`,
      );
    }
    const before = await records();
    const writes = Array.from({ length: 90 }, (_, i) => {
      const p = pairs[i % pairs.length]!;
      return i % 3 === 0
        ? post(i, '/inventory/add-stock', {
            product_id: p.productId,
            warehouse_id: p.warehouseId,
            quantity: 2,
            unit_cost: 7.35,
            movement_reason: 'adjustment',
            reference_id: `D-${i}`,
            reference_type: 'manual',
            notes: 'Delivery',
          })
        : post(i, '/inventory/remove-stock', { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'out' });
    });
    const reads = Array.from({ length: 30 }, (_, i) => get(i));
    const [written, read] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    expect(written.filter((r) => r.status !== 200 && r.status !== 409).map((r) => `${r.status} ${r.body.message}`)).toEqual([]);
    expect(written.some((r) => r.status === 200)).toBe(true);
    // Every read answers, and no read counts a record twice or loses one (no record was created or removed).
    expect(read.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(read.map((r) => r.body.counts.inventory_items))).toEqual(new Set([before.n]));
    for (const r of read) expect(r.body.counts.low_stock).toBeLessThanOrEqual(before.n);

    const after = await records();
    const settled = (await get(0)).body;
    const other = (await get(1)).body;
    for (const answer of [settled, other]) {
      expect(answer.counts).toMatchObject({ inventory_items: after.n, low_stock: after.low, out_of_stock: after.empty });
      expect(answer.total_inventory_value).toBeCloseTo(after.value, 2);
    }
    let toReorder = 0;
    for (const w of rowsOf<{ id: string }>(await database.db.execute(sql`select id from warehouses`))) {
      toReorder += (await bruteForceSuggestions(database.db, w.id)).length;
    }
    expect(settled.to_reorder).toBe(toReorder);
    expect(other.to_reorder).toBe(toReorder);
    // (afterEach: the kept totals, once folded, equal every warehouse's records; the reorder watch its records' figures.)
  }, 120_000);

  it('concurrent first additions create the missing balance row once', async () => {
    const p = await fx.unstocked();
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i, '/inventory/add-stock', {
          product_id: p.productId,
          warehouse_id: p.warehouseId,
          quantity: 2,
          unit_cost: 3,
          movement_reason: 'adjustment',
          reference_id: `F-${i}`,
          reference_type: 'manual',
          notes: 'First delivery',
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(40).fill(200));
    const [rows] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
      select count(*)::int as n from inventory where product_id = ${p.productId}::uuid and warehouse_id = ${p.warehouseId}::uuid`),
    );
    expect(rows!.n).toBe(1);
    expect(await balanceOf(database.db, p.productId, p.warehouseId)).toBe(80);
  }, 60_000);

  it('50 concurrent replays of one Idempotency-Key, across both processes, change the stock once', async () => {
    const p = await fx.stocked();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = {
      product_id: p.productId,
      warehouse_id: p.warehouseId,
      quantity: 1,
      movement_type: 'out',
      reference_id: `IDEM-${headers['idempotency-key']}`,
    };
    // One user for all of them: keys belong to a user.
    const send = (i: number) =>
      fetch(`${servers[i % 2]!.url}/api/inventory/remove-stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.warehouse}`, ...headers },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { movement: { _id: string } } }));
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i)));
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(replies.map((r) => r.body.movement._id)).size).toBe(1);
    expect(await ledgerOf(p, body.reference_id)).toHaveLength(1);
    expect(await balanceOf(database.db, p.productId, p.warehouseId)).toBe(p.stock - 1);
  }, 60_000);

  it('stock take: sales on both processes during the count and the apply; balance = counted + sales since the start, applied once', async () => {
    const first = await fx.stocked(40);
    const picked = rowsOf<{ product_id: string }>(
      await database.db.execute(sql`
      select product_id from inventory where warehouse_id = ${first.warehouseId}::uuid and current_stock >= 40
       order by product_id = ${first.productId}::uuid desc, product_id limit 3`),
    ).map((r) => r.product_id);
    expect(picked).toHaveLength(3);
    const call = async (i: number, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${servers[i % 2]!.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.warehouse}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { lines?: { product_id: string; expected: number }[] } };
    };
    const started = await call(0, 'POST', '/stock-takes', { warehouse_id: first.warehouseId });
    expect(started.status).toBe(201);
    const id = started.body._id as string;
    // The sheet's lines come a page at a time (50 by default): the whole of it, the warehouse's products being fewer.
    const sheet = (await call(1, 'GET', `/stock-takes/${id}?limit=500`)).body.lines!;
    expect(sheet.length).toBeLessThan(500);
    const expected = new Map(picked.map((p) => [p, sheet.find((l) => l.product_id === p)!.expected]));
    const counted = new Map(picked.map((p, k) => [p, expected.get(p)! + [-5, 3, 0][k]!]));

    const sale = (i: number) =>
      call(i, 'POST', '/inventory/remove-stock', {
        product_id: picked[i % 3],
        warehouse_id: first.warehouseId,
        quantity: 1,
        movement_type: 'out',
        reference_id: `ST-${id}-${i}`,
      });
    // Counters on both processes while the first sales go through, then more sales racing two applies.
    const during = await Promise.all([
      ...picked.map((p, k) => call(k, 'PUT', `/stock-takes/${id}/counts`, { lines: [{ product_id: p, counted: counted.get(p) }] })),
      ...Array.from({ length: 30 }, (_, i) => sale(i)),
    ]);
    expect(during.map((r) => r.status)).toEqual(Array(33).fill(200));
    const racing = await Promise.all([
      call(0, 'POST', `/stock-takes/${id}/apply`),
      call(1, 'POST', `/stock-takes/${id}/apply`),
      ...Array.from({ length: 30 }, (_, i) => sale(30 + i)),
    ]);
    expect(racing.map((r) => r.status)).toEqual(Array(32).fill(200));
    expect(racing[0]!.body).toEqual(racing[1]!.body);
    expect(racing[0]!.body.adjustments).toBe(2);

    for (const p of picked) {
      const sold = (await ledgerOf({ ...first, productId: p }, `ST-${id}-`)).reduce((sum, m) => sum + m.quantity, 0);
      expect(sold).toBe(-20);
      expect(await balanceOf(database.db, p, first.warehouseId)).toBe(counted.get(p)! + sold);
    }
    const posted = rowsOf<{ product_id: string; quantity: number }>(
      await database.db.execute(sql`
      select product_id, quantity from stock_movements where reference_type = 'stock_take' and reference_id = ${id}`),
    );
    expect(posted.sort((x, y) => x.quantity - y.quantity)).toEqual([
      { product_id: picked[0], quantity: -5 },
      { product_id: picked[1], quantity: 3 },
    ]);
  }, 120_000);

  it('concurrent adjustments and removals keep the ledger a consistent chain', async () => {
    const p = await fx.stocked();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? post(i, '/inventory/adjust-stock', { product_id: p.productId, warehouse_id: p.warehouseId, new_stock: 10 + (i % 7), notes: 'Count' })
          : post(i, '/inventory/remove-stock', { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 2, movement_type: 'damaged' }),
      ),
    );
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    // afterEach checks the chain: each adjustment recorded the exact difference from the stock it found.
  }, 60_000);
  // Perishables (issue 17): batches under the same guard, in the same one-statement requests.
  async function trackedProduct(warehouseId: string, batches: [string, number, number][]): Promise<string> {
    const res = await fetch(`${servers[0]!.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` },
      body: JSON.stringify({
        productname: `FEFO ${crypto.randomBytes(4).toString('hex')}`,
        category: 'Dairy & Bakery',
        subcategory: 'Milk',
        product_keyword: 'Test',
        price: 60,
        discount_price: 56,
        product_description: 'Milk.',
        unit: 'ml',
        unit_value: '500',
      }),
    });
    const product = (await res.json()) as { _id: string; tracks_expiry: boolean };
    expect(product.tracks_expiry).toBe(true);
    for (const [batch_no, days, quantity] of batches) {
      const added = await post(0, '/inventory/add-stock', {
        product_id: product._id,
        warehouse_id: warehouseId,
        quantity,
        unit_cost: 4,
        movement_reason: 'return',
        reference_id: `R-${batch_no}`,
        reference_type: 'manual',
        notes: 'Batch',
        batch_no,
        expiry_date: dayFromToday(days),
        confirm_expired: days < 0,
      });
      expect(added.status).toBe(200);
    }
    return product._id;
  }

  it('200 concurrent FEFO sales of one tracked product: never an expired or a later batch while an earlier one has stock', async () => {
    const p = await fx.stocked();
    const batches: [string, number, number][] = [
      ['GONE', -2, 20],
      ['B1', 1, 30],
      ['B2', 3, 40],
      ['B3', 10, 50],
      ['B4', 20, 60],
    ];
    const product = await trackedProduct(p.warehouseId, batches);
    // The expiry report read on both processes while the sales run: its kept totals are worked out by its readers.
    const report = async (i: number) => {
      const res = await fetch(`${servers[i % 2]!.url}/api/inventory/expiring?days=30&include_expired=true&warehouse_id=${p.warehouseId}&limit=10`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      return { status: res.status, body: (await res.json()) as { total_quantity: number; total_value: number } };
    };
    const [replies, reads] = await Promise.all([
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(i, '/inventory/remove-stock', {
            product_id: product,
            warehouse_id: p.warehouseId,
            quantity: (i % 2) + 1,
            movement_type: 'out',
            reference_id: `FEFO-${i}`,
          }),
        ),
      ),
      Promise.all(Array.from({ length: 30 }, (_, i) => report(i))),
    ]);
    expect(reads.map((r) => r.status)).toEqual(Array(30).fill(200));
    // Once the sales are done, the report's totals on either process are the batches' own.
    const expiring = await bruteForceExpiring(database.db, 30, true, p.warehouseId);
    for (const i of [0, 1]) {
      const { body } = await report(i);
      expect([body.total_quantity, body.total_value]).toEqual([expiring.totalQuantity, expiring.totalValue]);
    }
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // 300 units asked against 180 unexpired: some refused, all unexpired stock sold, the expired batch untouched.
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.message === 'Not enough unexpired stock')).toBe(true);
    const sold = replies.reduce((s, r, i) => s + (r.status === 200 ? (i % 2) + 1 : 0), 0);
    const left = rowsOf<{ batch_no: string; current_stock: number }>(
      await database.db.execute(sql`
      select batch_no, current_stock from stock_batches where product_id = ${product}::uuid order by batch_no`),
    );
    const unexpiredLeft = left.filter((b) => b.batch_no !== 'GONE').reduce((s, b) => s + b.current_stock, 0);
    expect(sold + unexpiredLeft).toBe(180);
    expect(unexpiredLeft).toBeLessThan(2);
    expect(left.find((b) => b.batch_no === 'GONE')!.current_stock).toBe(20);
    // FEFO, checked from the ledger alone: when a sale's row takes from a batch, every batch that expires earlier (and
    // has not expired) stands at 0 after the rows written so far.
    const violations = rowsOf<{ seq: number }>(
      await database.db.execute(sql`
      with rows as (
        select m.seq, m.batch_no, m.movement_type, b.expiry_date,
               sum(m.quantity) over (partition by m.batch_no order by m.seq) as batch_after
          from stock_movements m join stock_batches b on b.product_id = m.product_id and b.warehouse_id = m.warehouse_id and b.batch_no = m.batch_no
         where m.product_id = ${product}::uuid
      )
      select s.seq::float8 as seq from rows s
       where s.movement_type = 'out' and exists (
         select 1 from stock_batches e
          where e.product_id = ${product}::uuid and e.expiry_date >= stock_today() and e.expiry_date < s.expiry_date
            and coalesce((select r.batch_after from rows r where r.batch_no = e.batch_no and r.seq <= s.seq order by r.seq desc limit 1), 0) > 0)
         or (s.movement_type = 'out' and s.expiry_date < stock_today())`),
    );
    expect(violations).toEqual([]);
    // (afterEach: record = sum of batches = ledger, each batch = its ledger rows, the chain, the daily totals.)
  }, 120_000);

  it('concurrent replays of one key for add, remove and write-off of batches change the stock once', async () => {
    const p = await fx.stocked();
    const product = await trackedProduct(p.warehouseId, [['R1', 5, 10]]);
    const replay = async (path: string, body: object) => {
      const headers = { 'idempotency-key': crypto.randomUUID() };
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${servers[i % 2]!.url}/api${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.warehouse}`, ...headers },
            body: JSON.stringify(body),
          }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> })),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
      return replies[0]!.body;
    };
    await replay('/inventory/add-stock', {
      product_id: product,
      warehouse_id: p.warehouseId,
      quantity: 3,
      unit_cost: 4,
      movement_reason: 'return',
      reference_id: 'K-ADD',
      reference_type: 'manual',
      notes: 'Late return',
      batch_no: 'EXP',
      expiry_date: dayFromToday(-1),
      confirm_expired: true,
    });
    await replay('/inventory/remove-stock', { product_id: product, warehouse_id: p.warehouseId, quantity: 4, movement_type: 'out', reference_id: 'K-OUT' });
    const off = await replay('/inventory/write-off-expired', { warehouse_id: p.warehouseId });
    expect((off.written_off as { product_id: string; quantity: number }[]).filter((r) => r.product_id === product)).toMatchObject([{ quantity: 3 }]);
    const left = rowsOf<{ batch_no: string; current_stock: number }>(
      await database.db.execute(sql`
      select batch_no, current_stock from stock_batches where product_id = ${product}::uuid order by batch_no`),
    );
    expect(left).toEqual([
      { batch_no: 'EXP', current_stock: 0 },
      { batch_no: 'R1', current_stock: 6 },
    ]);
    expect(await balanceOf(database.db, product, p.warehouseId)).toBe(6);
  }, 60_000);
});
