import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inventory, stockMovements } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';
import { dayIST, shift, today } from '../support/business-day.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

type Ledger = (typeof stockMovements.$inferSelect)[];
type Balance = (typeof inventory.$inferSelect)[];

/** The whole report, recomputed the slow way from every ledger and balance row. */
function bruteForce(
  ledger: Ledger,
  balances: Balance,
  q: { start: string; end: string; warehouseId?: string; productId?: string; movementType?: string; limit: number },
) {
  const here = ledger.filter((m) => (!q.warehouseId || m.warehouseId === q.warehouseId) && (!q.productId || m.productId === q.productId));
  const inPeriod = here.filter((m) => dayIST(m.created) >= q.start && dayIST(m.created) <= q.end && (!q.movementType || m.movementType === q.movementType));
  const sum = (type: string) => inPeriod.filter((m) => m.movementType === type).reduce((s, m) => s + m.quantity, 0);
  const bal = balances.filter((b) => (!q.warehouseId || b.warehouseId === q.warehouseId) && (!q.productId || b.productId === q.productId));

  const opening: Record<string, number> = {};
  const closing: Record<string, number> = {};
  const current: Record<string, number> = {};
  for (const m of here) {
    opening[m.productId] = (opening[m.productId] ?? 0) + (dayIST(m.created) < q.start ? m.quantity : 0);
    closing[m.productId] = (closing[m.productId] ?? 0) + (dayIST(m.created) <= q.end ? m.quantity : 0);
  }
  for (const b of bal) current[b.productId] = (current[b.productId] ?? 0) + b.currentStock;

  const daily: Record<string, number> = {};
  for (const m of inPeriod) daily[dayIST(m.created)] = (daily[dayIST(m.created)] ?? 0) + 1;

  const recent = [...inPeriod].sort((a, b) => b.created.getTime() - a.created.getTime() || b.seq - a.seq).slice(0, q.limit);
  return {
    summary: {
      total_products: bal.length,
      low_stock_count: bal.filter((b) => b.currentStock <= b.minimumStock).length,
      out_of_stock_count: bal.filter((b) => b.currentStock === 0).length,
      // What the stock cost: each balance's value (the invariant checks it is the sum of its ledger rows' values).
      total_value: Math.round(bal.reduce((s, b) => s + Math.round(b.stockValue * 100), 0)) / 100,
    },
    movement_statistics: {
      total_in: sum('in'),
      total_out: -sum('out') || 0,
      total_adjustments: sum('adjustment'),
      total_returns: sum('return'),
      total_damaged: -sum('damaged') || 0,
      movement_count: inPeriod.length,
    },
    opening,
    closing,
    current,
    daily,
    recentIds: recent.map((m) => m.id),
  };
}

describe('GET /inventory/report', () => {
  it('defaults to the last 30 days, a summary, and at most 100 movements', async () => {
    const res = await t.request('GET', '/api/inventory/report', { role: 'warehouse-user' });
    expect(res.status).toBe(200);
    expect(res.body.report_type).toBe('summary');
    // The same 30 days as the dashboard's chart: today and the 29 before it.
    expect(res.body.period).toEqual({ start_date: shift(today(), -29), end_date: today() });
    expect(res.body.recent_movements).toHaveLength(100);
    expect(Date.parse(res.body.generated_at)).toBeGreaterThan(Date.now() - 60_000);
    for (const key of ['summary', 'movement_statistics', 'recent_movements', 'inventory_items', 'movements', 'comparison']) {
      expect(res.body).toHaveProperty(key);
    }
  });

  it('agrees with a brute-force recomputation from the ledger rows, for all warehouses and for one', async () => {
    const ledger = await t.db.select().from(stockMovements);
    const balances = await t.db.select().from(inventory);
    const warehouseId = balances[0]!.warehouseId;
    // A product with movements of several types: its totals come from its own ledger rows, not the daily totals.
    const productId = ledger.find((m) => m.movementType === 'out')!.productId;
    for (const q of [
      { start: shift(today(), -89), end: today(), productId, limit: 50 },
      { start: shift(today(), -60), end: shift(today(), -3), warehouseId, productId, movementType: 'out', limit: 50 },
      { start: shift(today(), -45), end: shift(today(), -10), limit: 1000 },
      { start: shift(today(), -89), end: today(), warehouseId, limit: 37 },
      { start: shift(today(), -60), end: shift(today(), -1), movementType: 'out', limit: 5 },
    ]) {
      const get = async (type: string) => {
        const params = new URLSearchParams({ start_date: q.start, end_date: q.end, limit: String(q.limit), report_type: type });
        if (q.warehouseId) params.set('warehouse_id', q.warehouseId);
        if (q.movementType) params.set('movement_type', q.movementType);
        if (q.productId) params.set('product_id', q.productId);
        const res = await t.request('GET', `/api/inventory/report?${params}`, { role: 'admin' });
        expect(res.status).toBe(200);
        expect(res.body.report_type).toBe(type);
        return res.body;
      };
      const [summary, detailed, movements, comparison] = [await get('summary'), await get('detailed'), await get('movements'), await get('comparison')];
      const expected = bruteForce(ledger, balances, q);

      for (const body of [summary, detailed]) {
        expect(body.summary.total_products).toBe(expected.summary.total_products);
        expect(body.summary.low_stock_count).toBe(expected.summary.low_stock_count);
        expect(body.summary.out_of_stock_count).toBe(expected.summary.out_of_stock_count);
        expect(body.summary.total_value).toBeCloseTo(expected.summary.total_value, 2);
      }
      for (const body of [summary, movements]) {
        expect(body.movement_statistics).toMatchObject(expected.movement_statistics);
        expect(body.recent_movements.map((m: { _id: string }) => m._id)).toEqual(expected.recentIds);
      }
      expect(expected.movement_statistics.movement_count).toBeGreaterThan(0);

      const grouped = Object.entries(movements.movements as Record<string, { _id: string; created: string }[]>);
      expect(grouped.flatMap(([, list]) => list.map((m) => m._id)).sort()).toEqual([...expected.recentIds].sort());
      for (const [day, list] of grouped) for (const m of list) expect(dayIST(new Date(m.created))).toBe(day);
      expect(Object.fromEntries(movements.daily_totals.map((d: { date: string; movement_count: number }) => [d.date, d.movement_count]))).toEqual(
        expected.daily,
      );

      // Each type computes only what its view shows.
      expect([
        summary.inventory_items,
        summary.comparison,
        summary.daily_totals,
        detailed.movement_statistics,
        detailed.recent_movements,
        movements.summary,
        movements.comparison,
        comparison.summary,
        comparison.movement_statistics,
      ]).toEqual(Array(9).fill(null));

      // Stock levels ignore the movement-type filter: they are levels, not movements.
      expect(comparison.comparison.period).toEqual(comparison.period);
      const levels = comparison.comparison.current_stock as { product_id: string; opening_stock: number; closing_stock: number; current_stock: number }[];
      expect(levels.length).toBeGreaterThan(0);
      for (const level of levels) {
        expect(comparison.comparison.opening_stock[level.product_id]).toBe(expected.opening[level.product_id] ?? 0);
        expect(level.opening_stock).toBe(expected.opening[level.product_id] ?? 0);
        expect(level.closing_stock).toBe(expected.closing[level.product_id] ?? 0);
        expect(level.current_stock).toBe(expected.current[level.product_id] ?? 0);
      }
      if (q.limit === 1000) expect(levels).toHaveLength(new Set([...Object.keys(expected.current), ...Object.keys(expected.opening)]).size);
    }
  });

  it('filters inventory items to low or out-of-stock ones', async () => {
    const low = await t.request('GET', '/api/inventory/report?report_type=detailed&low_stock_only=true&limit=1000', { role: 'admin' });
    expect(low.body.inventory_items.length).toBe(low.body.summary.low_stock_count);
    expect(low.body.inventory_items.every((i: { low_stock_alert: boolean }) => i.low_stock_alert)).toBe(true);
    const out = await t.request('GET', '/api/inventory/report?report_type=detailed&out_of_stock_only=1&limit=1000', { role: 'admin' });
    expect(out.body.inventory_items.length).toBe(out.body.summary.out_of_stock_count);
    expect(out.body.inventory_items.every((i: { current_stock: number }) => i.current_stock === 0)).toBe(true);
  });

  it("counts a movement made now in today's statistics", async () => {
    const p = await stockFixtures(t.db).stocked(2);
    const params = `start_date=${today()}&end_date=${today()}&warehouse_id=${p.warehouseId}&product_id=${p.productId}`;
    const all = `start_date=${today()}&end_date=${today()}`;
    const before = await t.request('GET', `/api/inventory/report?${params}`, { role: 'admin' });
    const beforeAll = await t.request('GET', `/api/inventory/report?${all}&report_type=movements`, { role: 'admin' });
    await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 2, movement_type: 'out' },
    });
    const after = await t.request('GET', `/api/inventory/report?${params}`, { role: 'admin' });
    expect(after.body.movement_statistics.total_out).toBe(before.body.movement_statistics.total_out + 2);
    // Across all products the totals come from the daily totals, updated in the movement's own transaction.
    const afterAll = await t.request('GET', `/api/inventory/report?${all}&report_type=movements`, { role: 'admin' });
    expect(afterAll.body.movement_statistics.total_out).toBe(beforeAll.body.movement_statistics.total_out + 2);
    expect(afterAll.body.movement_statistics.movement_count).toBe(beforeAll.body.movement_statistics.movement_count + 1);
    expect(afterAll.body.daily_totals.find((d: { date: string }) => d.date === today()).total_out).toBe(
      (beforeAll.body.daily_totals.find((d: { date: string }) => d.date === today())?.total_out ?? 0) + 2,
    );
    const levels = await t.request('GET', `/api/inventory/report?${params}&report_type=comparison`, { role: 'admin' });
    expect(levels.body.comparison.current_stock).toEqual([
      expect.objectContaining({ product_id: p.productId, current_stock: p.stock - 2, closing_stock: p.stock - 2 }),
    ]);
  });

  it('answers 400 naming the field for a bad limit, type, date or period', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['report_type=weekly', 'report_type'],
      ['movement_type=sold', 'movement_type'],
      ['start_date=2024-02-30', 'start_date'],
      ['end_date=yesterday', 'end_date'],
      ['start_date=2024-03-10&end_date=2024-03-01', 'end_date'],
      ['warehouse_id=nope', 'warehouse_id'],
    ]) {
      const res = await t.request('GET', `/api/inventory/report?${query}`, { role: 'admin' });
      expect(res.status, query).toBe(400);
      expect(res.body.errors[0].field, query).toBe(field);
      expect(res.body.message.toLowerCase()).toContain(field.replace('_id', ''));
    }
    for (const limit of [1, 1000]) expect((await t.request('GET', `/api/inventory/report?limit=${limit}`, { role: 'admin' })).status).toBe(200);
  });
});
