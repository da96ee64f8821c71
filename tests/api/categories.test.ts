import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES } from '../../src/server/seed/demo-data.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/categories/main', () => {
  it('lists every category with its subcategories and their GST defaults, in name order', async () => {
    const res = await t.request('GET', '/api/categories/main', { role: 'admin' });
    expect(res.status).toBe(200);
    const main = res.body.MainCategories;
    expect(main.map((c: { category: string }) => c.category)).toEqual(DEMO_CATEGORIES.map((c) => c.name).sort());
    const dairy = main.find((c: { category: string }) => c.category === 'Dairy & Bakery');
    expect(dairy.category_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(dairy.subcategories).toEqual([
      { name: 'Bread & Buns', subcategory_id: expect.any(String), gst_rate: 5, gst_type: 'GST', hsn_code: '1905', perishable: true },
      { name: 'Butter & Cheese', subcategory_id: expect.any(String), gst_rate: 12, gst_type: 'GST', hsn_code: '0405', perishable: true },
      { name: 'Milk', subcategory_id: expect.any(String), gst_rate: 0, gst_type: 'Exempt', hsn_code: '0401', perishable: true },
    ]);
    const subIds = main.flatMap((c: { subcategories: { subcategory_id: string }[] }) => c.subcategories.map((s) => s.subcategory_id));
    expect(new Set(subIds).size).toBe(DEMO_CATEGORIES.flatMap((c) => c.subs).length);
  });

  it('is readable by warehouse-user (stock screens name products) but not anonymously', async () => {
    expect((await t.request('GET', '/api/categories/main', { role: 'warehouse-user' })).status).toBe(200);
    expect((await t.request('GET', '/api/categories/main')).status).toBe(401);
  });
});
