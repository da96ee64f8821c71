import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_EXAMPLES, productCsv } from '../../src/domain/product-csv.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { stockFixtures } from '../support/stock-fixtures.js';

/** Issue 28: what a person reads from the API names no internals and says each problem once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('messages a person reads', () => {
  it("a character that cannot be stored is refused in plain words, naming the field in errors, without 'NUL' or the field in the message", async () => {
    const res = await t.request('POST', '/api/cities', {
      role: 'admin',
      body: { name: 'Nul\u0000pur', state: 'Rajasthan', district: 'Jaipur', pincode: '302001', wards: ['Ward 1'], is_active: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'name', message: expect.any(String) }]);
    for (const text of [res.body.message, res.body.errors[0].message]) {
      expect(text).toMatch(/cannot be saved/);
      expect(text).not.toMatch(/NUL|surrogate|Unicode|^name\b/);
    }
  });

  it('a message that names its field is not prefixed with it again; one that does not is; the same problem is said once', async () => {
    const { warehouseId } = await stockFixtures(t.db).stocked();
    const reversed = await t.request('GET', `/api/reports/warehouse-sale-purchase?warehouse_id=${warehouseId}&start_date=2024-01-31&end_date=2024-01-01`, {
      role: 'admin',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('end_date cannot be before start_date');

    const city = await t.request('POST', '/api/cities', {
      role: 'admin',
      body: { name: '', state: '', district: 'Jaipur', pincode: '12', wards: ['Ward 1'], is_active: true },
    });
    expect(city.status).toBe(400);
    expect(city.body.message).toBe(city.body.errors.map((e: { message: string }) => e.message).join('; '));
    expect(city.body.message).not.toMatch(/^\w+: /);
  });

  it('the import dry run counts as to be created or updated only the rows without errors', async () => {
    const good = (over: Record<string, string>) => ({ ...PRODUCT_CSV_EXAMPLES[0]!, barcode: '', tracks_expiry: '', ...over });
    const stamp = Date.now().toString(36);
    const csv = productCsv([
      good({ sku: `ok-${stamp}`, productname: 'Valid one' }), // 2: valid, new
      good({ sku: `dup-${stamp}`, productname: 'First of two' }), // 3: valid, new
      good({ sku: `DUP-${stamp}`, productname: 'Second of two' }), // 4: the same SKU again
      good({ sku: `bad-${stamp}`, productname: 'Bad category', category: 'Nope' }), // 5: unknown category
    ]);
    const dry = await t.request('POST', '/api/products/import?dry_run=true', { role: 'admin', body: csv, headers: { 'content-type': 'text/csv' } });
    expect(dry.status).toBe(200);
    expect(dry.body.errors.map((e: { row: number }) => e.row)).toEqual([4, 5]);
    expect(dry.body).toMatchObject({ created: 2, updated: 0 });
  });
});
