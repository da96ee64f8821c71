import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/rows.js';
import { dbKind } from '../support/test-app.js';
import { startTwoApiProcesses, type TwoApiProcesses } from '../support/two-api-processes.js';
import { balanceOf, expectLedgerInvariant } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';

// Stock takes (issue 28) under real concurrency: two API processes on one PostgreSQL server (PGlite runs one
// transaction at a time and can show no race).
describe.skipIf(dbKind !== 'postgres')('stock takes under concurrency: two API processes on one PostgreSQL', () => {
  let run: TwoApiProcesses | undefined;
  let db: TwoApiProcesses['database']['db'];
  let fx: ReturnType<typeof stockFixtures>;

  beforeAll(async () => {
    run = await startTwoApiProcesses();
    db = run.database.db;
    fx = stockFixtures(db);
  }, 180_000);
  afterEach(() => expectLedgerInvariant(db));
  afterAll(() => run?.stop());

  /** Request i goes to server i mod 2. */
  async function call(i: number, method: string, path: string, body?: unknown) {
    const res = await fetch(`${run!.servers[i % 2]!.url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${run!.tokens.admin}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { _id: string; open_stock_take_id?: string } };
  }

  it('20 starts of the same count at once: exactly one opens, the others are 409 naming it', async () => {
    const { warehouseId } = await fx.stocked();
    const starts = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i, 'POST', '/stock-takes', { warehouse_id: warehouseId })));
    const opened = starts.filter((s) => s.status === 201);
    expect(opened).toHaveLength(1);
    expect(starts.filter((s) => s.status === 409).map((s) => s.body.open_stock_take_id)).toEqual(Array(19).fill(opened[0]!.body._id));
    const [open] = rowsOf<{ n: number }>(
      await db.execute(sql`
      select count(*)::int as n from stock_takes where warehouse_id = ${warehouseId}::uuid and status = 'open'`),
    );
    expect(open!.n).toBe(1);
    expect((await call(0, 'POST', `/stock-takes/${opened[0]!.body._id}/cancel`)).status).toBe(200);
  });

  it('40 counters saving at once on two processes, and "count uncounted as zero" among them: every save lands, the counts stay true', async () => {
    const { warehouseId } = await fx.stocked();
    const started = await call(0, 'POST', '/stock-takes', { warehouse_id: warehouseId });
    expect(started.status).toBe(201);
    const id = started.body._id;
    const sheet = (await call(1, 'GET', `/stock-takes/${id}?limit=40`)).body.lines as { product_id: string }[];
    expect(sheet.length).toBeGreaterThan(10);
    // Each save updates the take's kept line counts: savers must queue on the take's row, never deadlock (a 409).
    const saves = await Promise.all([
      ...sheet.map((l, i) => call(i, 'PUT', `/stock-takes/${id}/counts`, { lines: [{ product_id: l.product_id, counted: i + 1 }] })),
      call(0, 'POST', `/stock-takes/${id}/count-uncounted-as-zero`),
      call(1, 'POST', `/stock-takes/${id}/count-uncounted-as-zero`),
    ]);
    expect(saves.map((r) => r.status)).toEqual(Array(sheet.length + 2).fill(200));
    const [kept] = rowsOf<{ lines_total: number; lines_counted: number; total: number; counted: number }>(
      await db.execute(sql`
      select t.lines_total, t.lines_counted,
             (select count(*)::int from stock_take_lines where stock_take_id = t.id) as total,
             (select count(counted)::int from stock_take_lines where stock_take_id = t.id) as counted
        from stock_takes t where t.id = ${id}::uuid`),
    );
    expect(kept).toEqual({ lines_total: kept!.total, lines_counted: kept!.total, total: kept!.total, counted: kept!.total });
    // The kept variance totals are their lines', every line counted is valued, whichever save landed last.
    const [variances] = rowsOf<{ kept: string; summed: string; unvalued: number }>(
      await db.execute(sql`
      select t.lines_varied || ' ' || t.variance_quantity || ' ' || t.variance_value as kept,
             l.varied || ' ' || l.quantity || ' ' || l.value as summed, l.unvalued
        from stock_takes t,
             (select count(*) filter (where varied) as varied, coalesce(sum(counted - expected), 0) as quantity,
                     coalesce(sum(variance_value), 0) as value, count(*) filter (where variance_value is null)::int as unvalued
                from stock_take_lines where stock_take_id = ${id}::uuid) l
       where t.id = ${id}::uuid`),
    );
    expect(variances!.kept).toBe(variances!.summed);
    expect(variances!.unvalued).toBe(0);
    expect((await call(0, 'POST', `/stock-takes/${id}/cancel`)).status).toBe(200);
  });

  it('two overlapping takes applied at once on two processes: one moves the stock, the other is refused', async () => {
    const a = await fx.stocked(10);
    const first = await call(0, 'POST', '/stock-takes', { warehouse_id: a.warehouseId, blind: false });
    expect(first.status).toBe(201);
    // A second open take of the same products, as one made before the rule would be.
    const [legacy] = rowsOf<{ id: string }>(
      await db.execute(sql`
      insert into stock_takes (warehouse_id, blind, created) values (${a.warehouseId}::uuid, false, clock_timestamp()) returning id`),
    );
    await db.execute(sql`
      insert into stock_take_lines (stock_take_id, product_id, expected)
      select ${legacy!.id}::uuid, product_id, current_stock from inventory where warehouse_id = ${a.warehouseId}::uuid`);
    for (const [i, id] of [first.body._id, legacy!.id].entries()) {
      expect((await call(i, 'PUT', `/stock-takes/${id}/counts`, { lines: [{ product_id: a.productId, counted: a.stock - 5 }] })).status).toBe(200);
    }
    const applied = await Promise.all([first.body._id, legacy!.id].map((id, i) => call(i, 'POST', `/stock-takes/${id}/apply`)));
    expect(applied.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(db, a.productId, a.warehouseId)).toBe(a.stock - 5);
    const [moves] = rowsOf<{ n: number }>(
      await db.execute(sql`
      select count(*)::int as n from stock_movements
       where product_id = ${a.productId}::uuid and warehouse_id = ${a.warehouseId}::uuid and reference_type = 'stock_take'`),
    );
    expect(moves!.n).toBe(1);
  });
});
