import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';
import { stockFixtures } from '../support/stock-fixtures.js';
import { dayIST, shift, today } from '../support/business-day.js';
import { parseCsv } from '../../src/server/services/csv.js';
import { DEFAULT_POLICY } from '../../src/domain/policy.js';
import { rowsOf } from '../../src/server/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

type Item = {
  _id: string;
  created: string;
  product_id: string;
  product_name: string;
  quantity: number;
  unit_cost: number;
  total_value: number;
  reference_type: string | null;
  reference_id: string | null;
  purchase_order_id: string | null;
};
type Days = Record<string, { total: number; total_quantity: number; item_count: number; items: Item[] }>;
type Report = {
  purchases: Days;
  sales: Days;
  totals: Record<'purchases' | 'sales', { total?: number; total_quantity: number; item_count: number }>;
  days_total: number;
};

describe('GET /reports/warehouse-sale-purchase', () => {
  it("groups a warehouse's purchases and sales by day, matching the ledger row by row", async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    const start = shift(today(), -40);
    const end = shift(today(), -5);
    const res = await t.request<{ purchases: Days; sales: Days }>(
      'GET',
      `/api/reports/warehouse-sale-purchase?warehouse_id=${warehouseId}&start_date=${start}&end_date=${end}&limit=366&items_limit=100`,
      { role: 'warehouse-user' },
    );
    expect(res.status).toBe(200);

    const rows = await t.db
      .select({ m: stockMovements, name: products.productname })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(eq(stockMovements.warehouseId, warehouseId));
    const inPeriod = rows.filter(({ m }) => dayIST(m.created) >= start && dayIST(m.created) <= end);
    // Purchases: Add Inventory and purchase-order receipts, less returns to the seller (signed); sales: what went out
    // otherwise, but for transfers.
    const toSeller = (m: typeof stockMovements.$inferSelect) => m.movementType === 'out' && m.referenceType === 'purchase_order';
    for (const [kind, pick] of [
      ['purchases', (m: typeof stockMovements.$inferSelect) => (m.movementType === 'in' && m.movementReason === 'purchase') || toSeller(m)],
      ['sales', (m: typeof stockMovements.$inferSelect) => m.movementType === 'out' && !toSeller(m) && m.referenceType !== 'transfer'],
    ] as const) {
      const expected: Days = {};
      // A day's items in time order, ties in ledger order. Ledger order alone is not time order: the demo data
      // adds some rows after the others, at the seed's own time of day, which before 03:00 UTC is earlier in the
      // day than the rows inserted before them (a run shortly after midnight UTC failed on that).
      const chronological = (a: { m: typeof stockMovements.$inferSelect }, b: { m: typeof stockMovements.$inferSelect }) =>
        a.m.created.getTime() - b.m.created.getTime() || a.m.seq - b.m.seq;
      for (const { m, name } of inPeriod.filter(({ m }) => pick(m)).sort(chronological)) {
        const day = (expected[dayIST(m.created)] ??= { total: 0, total_quantity: 0, item_count: 0, items: [] });
        const sign = toSeller(m) ? -1 : 1;
        day.total = Math.round((day.total + sign * m.totalValue) * 100) / 100;
        day.total_quantity += sign * Math.abs(m.quantity);
        day.items.push({
          _id: m.id,
          created: m.created.toISOString(),
          product_id: m.productId,
          product_name: name,
          quantity: sign * Math.abs(m.quantity),
          unit_cost: m.unitCost,
          total_value: sign * m.totalValue,
          reference_type: m.referenceType,
          reference_id: m.referenceId,
          // The demo data has no purchase orders: no row names one.
          purchase_order_id: null,
        });
      }
      const got = res.body[kind];
      expect(Object.keys(got)).toEqual(Object.keys(expected).sort());
      expect(Object.keys(got).length).toBeGreaterThan(0);
      for (const [day, e] of Object.entries(expected)) {
        expect(got[day]!.total).toBeCloseTo(e.total, 2);
        expect(got[day]!.total_quantity).toBe(e.total_quantity);
        expect(got[day]!.items).toEqual(e.items);
      }
    }
  });

  it('shows a sale made today, but not damaged goods', async () => {
    const p = await stockFixtures(t.db).stocked(3);
    const url = `/api/reports/warehouse-sale-purchase?warehouse_id=${p.warehouseId}&start_date=${today()}&end_date=${today()}&items_limit=100`;
    const before = (await t.request<{ sales: Days }>('GET', url, { role: 'admin' })).body.sales[today()]?.items.length ?? 0;
    const sale = await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 2, movement_type: 'out', reference_id: 'ORD-T' },
    });
    await t.request('POST', '/api/inventory/remove-stock', {
      role: 'admin',
      body: { product_id: p.productId, warehouse_id: p.warehouseId, quantity: 1, movement_type: 'damaged' },
    });
    const after = (await t.request<{ sales: Days }>('GET', url, { role: 'admin' })).body.sales[today()]!;
    expect(after.items).toHaveLength(before + 1);
    expect(after.items.at(-1)).toMatchObject({ _id: sale.body.movement._id, quantity: 2, product_id: p.productId, product_name: p.productName });
  });

  it('answers a page of days with their totals and first movements; a day pages on through /items; the CSV holds every movement', async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    const base = `/api/reports/warehouse-sale-purchase?warehouse_id=${warehouseId}&start_date=${shift(today(), -60)}&end_date=${today()}`;
    const full = (await t.request<Report>('GET', `${base}&limit=366&items_limit=100`, { role: 'admin' })).body;
    const days = [...new Set([...Object.keys(full.purchases), ...Object.keys(full.sales)])].sort();
    expect(days.length).toBeGreaterThan(3);
    expect(full.days_total).toBe(days.length);

    // Pages of 3 days, 2 movements each: the same days in order, the same totals, each day's first movements.
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(days.length / 3); page++) {
      const part = (await t.request<Report>('GET', `${base}&limit=3&page=${page}&items_limit=2`, { role: 'admin' })).body;
      expect(part.days_total).toBe(days.length);
      expect(part.totals).toEqual(full.totals);
      const pageDays = [...new Set([...Object.keys(part.purchases), ...Object.keys(part.sales)])].sort();
      seen.push(...pageDays);
      for (const section of ['purchases', 'sales'] as const) {
        for (const [day, d] of Object.entries(part[section])) {
          const whole = full[section][day]!;
          expect([d.total, d.total_quantity, d.item_count]).toEqual([whole.total, whole.total_quantity, whole.items.length]);
          expect(d.items).toEqual(whole.items.slice(0, 2));
        }
      }
    }
    expect(seen).toEqual(days);
    for (const section of ['purchases', 'sales'] as const) {
      const all = Object.values(full[section]);
      expect(full.totals[section].item_count).toBe(all.reduce((n, d) => n + d.items.length, 0));
      expect(full.totals[section].total_quantity).toBe(all.reduce((n, d) => n + d.total_quantity, 0));
      expect(full.totals[section].total).toBeCloseTo(
        all.reduce((n, d) => n + d.total, 0),
        2,
      );
    }

    // A busy day's sales, two at a time through /items: exactly its movements, in order.
    const [busyDay, busy] = Object.entries(full.sales).sort(([, a], [, b]) => b.items.length - a.items.length)[0]!;
    expect(busy.items.length).toBeGreaterThan(2);
    const paged: Item[] = [];
    for (let page = 1; paged.length < busy.items.length; page++) {
      const res = await t.request<{ data: Item[]; total: number }>(
        'GET',
        `/api/reports/warehouse-sale-purchase/items?warehouse_id=${warehouseId}&day=${busyDay}&section=sales&limit=2&page=${page}`,
        { role: 'admin' },
      );
      expect([res.status, res.body.total]).toEqual([200, busy.items.length]);
      expect(res.body.data.length).toBeGreaterThan(0);
      paged.push(...res.body.data);
    }
    expect(paged).toEqual(busy.items);

    // The download: a header, every movement, and each day's total after its movements.
    const csv = await t.request<string>('GET', base.replace('warehouse-sale-purchase?', 'warehouse-sale-purchase.csv?'), { role: 'admin' });
    expect(csv.status).toBe(200);
    const records = parseCsv(csv.body).records.map((r) => r.fields);
    expect(records[0]).toEqual(['Section', 'Date', 'Time', 'Product', 'Quantity', 'Unit Cost', 'Total Value']);
    const movements = records.slice(1).filter((r) => r[3] !== 'Day total');
    const dayTotals = records.slice(1).filter((r) => r[3] === 'Day total');
    expect(movements.length).toBe(full.totals.purchases.item_count + full.totals.sales.item_count);
    expect(dayTotals.length).toBe(Object.keys(full.purchases).length + Object.keys(full.sales).length);
    expect(
      records
        .slice(1)
        .filter((r) => r[0] === 'Sales' && r[1] === busyDay)
        .map((r) => r[3]),
    ).toEqual([...busy.items.map((i) => i.product_name), 'Day total']);
  });

  it("reads a day's purchases or sales through the ledger's flow index, which finds exactly the rows stock_flow names", async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    // The report's item statement (sale-purchase-report.ts, dayMovements), for each flow: planned on the index whose
    // expression is stock_flow's body written out (migration 0030); a change of either alone fails here.
    const statement = (flow: string) => sql`
      select m.id from stock_movements m
       where m.warehouse_id = ${warehouseId}::uuid and m.created >= now() - interval '400 days' and m.created < now() + interval '1 day'
         and stock_flow(m.movement_type, m.movement_reason, m.reference_type) = ${flow}
       order by m.created, m.seq`;
    const read = (flow: string, off: string[]) =>
      t.db.transaction(async (tx) => {
        for (const setting of off) await tx.execute(sql.raw(`set local ${setting} = off`));
        const plan = JSON.stringify(rowsOf(await tx.execute(sql`explain (format json) ${statement(flow)}`)));
        return { plan, ids: rowsOf<{ id: string }>(await tx.execute(statement(flow))).map((r) => r.id) };
      });
    for (const flow of ['purchase', 'sale']) {
      const indexed = await read(flow, ['enable_seqscan', 'enable_bitmapscan']);
      expect(indexed.plan).toContain('stock_movements_flow_idx');
      const scanned = await read(flow, ['enable_indexscan', 'enable_bitmapscan', 'enable_indexonlyscan']);
      expect(scanned.plan).not.toContain('stock_movements_flow_idx');
      expect(indexed.ids.length).toBeGreaterThan(0);
      expect(indexed.ids).toEqual(scanned.ids);
    }
  });

  it('leaves every value out for a role without costs, and refuses bad paging naming the field', async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    const base = `/api/reports/warehouse-sale-purchase?warehouse_id=${warehouseId}&start_date=${shift(today(), -60)}&end_date=${today()}`;
    const policy = structuredClone(DEFAULT_POLICY);
    policy.grants['warehouse-user'] = { ...policy.grants['warehouse-user'], costs: [] };
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    try {
      const res = await t.request<Report>('GET', base, { role: 'warehouse-user' });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/"total"|unit_cost|total_value/);
      const csv = await t.request<string>('GET', base.replace('warehouse-sale-purchase?', 'warehouse-sale-purchase.csv?'), { role: 'warehouse-user' });
      expect(parseCsv(csv.body).records[0]!.fields).toEqual(['Section', 'Date', 'Time', 'Product', 'Quantity']);
    } finally {
      await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY });
    }
    for (const [query, field] of [
      ['&limit=367', 'limit'],
      ['&items_limit=101', 'items_limit'],
      ['&page=0', 'page'],
    ]) {
      const res = await t.request('GET', `${base}${query}`, { role: 'admin' });
      expect([res.status, res.body.errors?.[0]?.field], query).toEqual([400, field]);
    }
    const items = `/api/reports/warehouse-sale-purchase/items?warehouse_id=${warehouseId}&day=${today()}`;
    for (const [query, field] of [
      ['&section=returns', 'section'],
      ['', 'section'],
      ['&section=sales&limit=101', 'limit'],
    ]) {
      const res = await t.request('GET', `${items}${query}`, { role: 'admin' });
      expect([res.status, res.body.errors?.[0]?.field], query).toEqual([400, field]);
    }
  });

  it('requires warehouse, start date and end date (SPEC.md section 5), and a sane period', async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    for (const [query, field, message] of [
      ['start_date=2024-01-01&end_date=2024-01-31', 'warehouse_id', 'Warehouse is required'],
      [`warehouse_id=${warehouseId}&end_date=2024-01-31`, 'start_date', 'Start date is required'],
      [`warehouse_id=${warehouseId}&start_date=2024-01-01&end_date=`, 'end_date', 'End date is required'],
      [`warehouse_id=${warehouseId}&start_date=2024-01-31&end_date=2024-01-01`, 'end_date', 'end_date cannot be before start_date'],
      [`warehouse_id=${warehouseId}&start_date=2024-01-01&end_date=2024-13-01`, 'end_date', 'end_date must be a date (YYYY-MM-DD)'],
      [`warehouse_id=${warehouseId}&start_date=2023-01-01&end_date=2024-06-01`, 'end_date', 'The period may span at most 366 days'],
      [`warehouse_id=${crypto.randomUUID()}&start_date=2024-01-01&end_date=2024-01-31`, 'warehouse_id', 'Warehouse not found'],
    ]) {
      const res = await t.request('GET', `/api/reports/warehouse-sale-purchase?${query}`, { role: 'admin' });
      expect(res.status, query).toBe(400);
      expect(res.body.errors[0]).toEqual({ field, message });
    }
  });
});
