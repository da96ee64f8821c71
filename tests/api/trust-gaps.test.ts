import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { DEFAULT_POLICY, EVERYTHING, type Policy } from '../../src/domain/policy.js';
import { PRODUCT_CSV_EXAMPLES, productCsv } from '../../src/domain/product-csv.js';
import { parseCsv } from '../../src/server/services/csv.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // sub-admin: every permission but 'costs: see' (so every list and report it may open, without costs).
  const policy: Policy = structuredClone(DEFAULT_POLICY);
  policy.signIn['sub-admin'] = true;
  const withoutCosts: Policy['grants']['sub-admin'] = Object.fromEntries(Object.entries(EVERYTHING).filter(([r]) => r !== 'costs'));
  policy.grants['sub-admin'] = withoutCosts;
  // Revaluing needs costs: it goes with them.
  policy.grants['sub-admin'].stock = ['add', 'adjust', 'remove', 'write-off'];
  const saved = await t.request('PUT', '/api/permissions', { role: 'admin', body: policy });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => t?.close());

describe('hidden fields are hidden from sorts and filters too (issue 29, 2)', () => {
  it('a role without costs may not order or filter any list or report by a cost field: 400 naming the parameter', async () => {
    for (const [url, field] of [
      ['/api/inventory?sort=unit_cost&order=desc', 'sort'],
      ['/api/inventory?sort=total_value', 'sort'],
      ['/api/inventory?unit_cost=18.9', 'unit_cost'],
      ['/api/reports/stock-valuation?sort=stock_value', 'sort'],
      ['/api/reports/stock-valuation?sort=average_cost', 'sort'],
    ] as const) {
      const res = await t.request('GET', url, { role: 'sub-admin' });
      expect([res.status, res.body.errors?.[0]?.field], url).toEqual([400, field]);
      expect(res.body.message).toMatch(/needs the permission to see costs and values/);
    }
    expect((await t.request('GET', '/api/inventory?sort=current_stock&order=desc', { role: 'sub-admin' })).status).toBe(200);
    // The same requests with costs are answered.
    expect((await t.request('GET', '/api/inventory?sort=unit_cost&order=desc', { role: 'admin' })).status).toBe(200);
  });
});

describe('every CSV the product writes is formula-safe (issue 29, 1)', () => {
  const formulas = ["=cmd|' /C calc'!A0", '+SUM(1+1)', '-2+3+cmd|x', '@SUM(1)'];

  it("an import of an exported file gives back the names exactly; the server's CSV download neutralises them", async () => {
    const rows = formulas.map((name, i) => ({ ...PRODUCT_CSV_EXAMPLES[1]!, sku: `FORMULA-${i}`, barcode: '', productname: name }));
    const exported = productCsv(rows);
    const cells = parseCsv(exported)
      .records.slice(1)
      .map((r) => r.fields[2]);
    expect(cells).toEqual(formulas.map((f) => `'${f}`));
    const token = await t.token('admin');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dry_run=false',
      payload: exported,
      headers: { 'content-type': 'text/csv; charset=utf-8', authorization: `Bearer ${token}` },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const names = await Promise.all(
      formulas.map(async (_, i) => (await t.request('GET', `/api/products?q=FORMULA-${i}`, { role: 'admin' })).body.data[0]?.productname),
    );
    expect(names).toEqual(formulas);

    // In stock, they appear in the valuation report's CSV as text, never as formulas.
    const product = (await t.request('GET', '/api/products?q=FORMULA-0', { role: 'admin' })).body.data[0]._id;
    const warehouse = (await t.request('GET', '/api/warehouses?limit=1', { role: 'admin' })).body.data[0]._id;
    const added = await t.request('POST', '/api/inventory/adjust-stock', {
      role: 'admin',
      body: { product_id: product, warehouse_id: warehouse, new_stock: 3, unit_cost: 5 },
    });
    expect(added.status).toBe(200);
    const csv = await t.request<string>('GET', `/api/reports/stock-valuation.csv?warehouse_id=${warehouse}`, { role: 'admin' });
    expect(csv.body).toContain(`,'${formulas[0]},3,`);
    expect(csv.body).not.toMatch(/(^|,)=cmd/m);
  });
});
