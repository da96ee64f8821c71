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

describe('categories and subcategories managed through the declared CRUD routes', () => {
  const admin = { role: 'admin' as const };
  const product = (over: Record<string, unknown>) => ({
    productname: 'Kombucha',
    category: 'Beverages Test',
    subcategory: 'Fermented',
    product_keyword: 'Brew',
    price: 120,
    discount_price: 110,
    product_description: 'Fermented tea.',
    unit: 'ml',
    unit_value: '330',
    ...over,
  });

  it('creates, edits and lists them; a duplicate name is a 409 and bad input a 400 naming the field', async () => {
    const cat = await t.request('POST', '/api/categories', { ...admin, body: { name: ' Beverages Test ' } });
    expect(cat.status).toBe(201);
    expect(cat.body).toMatchObject({ _id: expect.any(String), name: 'Beverages Test', created: expect.any(String) });
    const dup = await t.request('POST', '/api/categories', { ...admin, body: { name: 'Beverages Test' } });
    expect(dup).toMatchObject({ status: 409, body: { message: 'A category with this name already exists' } });

    const body = { category_id: cat.body._id, name: 'Fermented', gst_rate: 12, gst_type: 'GST', hsn_code: '2202' };
    const sub = await t.request('POST', '/api/subcategories', { ...admin, body });
    expect(sub.status).toBe(201);
    expect(sub.body).toEqual({ _id: expect.any(String), ...body, perishable: false, category_name: 'Beverages Test', version: expect.any(Number) });
    expect((await t.request('POST', '/api/subcategories', { ...admin, body })).status).toBe(409);

    for (const [bad, field] of [
      [{ gst_rate: -1 }, 'gst_rate'],
      [{ gst_rate: 100.5 }, 'gst_rate'],
      [{ hsn_code: '12' }, 'hsn_code'],
      [{ name: '' }, 'name'],
      [{ category_id: 'nope' }, 'category_id'],
      [{ category_id: '00000000-0000-4000-8000-000000000000' }, 'category_id'],
    ] as const) {
      const res = await t.request('POST', '/api/subcategories', { ...admin, body: { ...body, name: 'Other', ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }

    const list = await t.request('GET', `/api/subcategories?category_id=${cat.body._id}&sort=name`, admin);
    expect(list.body).toMatchObject({ total: 1, data: [{ name: 'Fermented', category_name: 'Beverages Test' }] });
    expect((await t.request('GET', '/api/categories?q=beverages%20t', admin)).body.data.map((c: { name: string }) => c.name)).toEqual(['Beverages Test']);
    const main = (await t.request('GET', '/api/categories/main', admin)).body.MainCategories;
    expect(main.find((c: { category: string }) => c.category === 'Beverages Test').subcategories).toEqual([
      { name: 'Fermented', subcategory_id: sub.body._id, gst_rate: 12, gst_type: 'GST', hsn_code: '2202', perishable: false },
    ]);
  });

  it('a new GST rate applies to new product saves, existing products keep theirs; in-use records cannot be deleted', async () => {
    const cat = (await t.request('POST', '/api/categories', { ...admin, body: { name: 'Rates Test' } })).body;
    const sub = (
      await t.request('POST', '/api/subcategories', {
        ...admin,
        body: { category_id: cat._id, name: 'Juice', gst_rate: 12, gst_type: 'GST', hsn_code: '2009' },
      })
    ).body;
    const before = await t.request('POST', '/api/products', {
      ...admin,
      body: product({ productname: 'Juice A', category: 'Rates Test', subcategory: 'Juice' }),
    });
    expect(before.body.gst_rate).toBe(12);
    const edited = await t.request('PUT', `/api/subcategories/${sub._id}`, {
      ...admin,
      body: { category_id: cat._id, name: 'Juice', gst_rate: 18, gst_type: 'GST', hsn_code: '2009', perishable: true },
    });
    expect(edited.body).toMatchObject({ gst_rate: 18, perishable: true });
    const after = await t.request('POST', '/api/products', {
      ...admin,
      body: product({ productname: 'Juice B', category: 'Rates Test', subcategory: 'Juice' }),
    });
    expect(after.body.gst_rate).toBe(18);
    // The old product keeps its rate; its reads say what its subcategory's rate is now (the product list shows both).
    expect((await t.request('GET', `/api/products/${before.body._id}`, admin)).body).toMatchObject({ gst_rate: 12, subcategory_gst_rate: 18 });
    const listed = (await t.request('GET', '/api/products?q=Juice&limit=10', admin)).body.data as {
      productname: string;
      gst_rate: number;
      subcategory_gst_rate: number;
    }[];
    expect(listed.map((p) => [p.productname, p.gst_rate, p.subcategory_gst_rate]).sort()).toEqual([
      ['Juice A', 12, 18],
      ['Juice B', 18, 18],
    ]);

    expect(await t.request('DELETE', `/api/subcategories/${sub._id}`, admin)).toMatchObject({
      status: 409,
      body: { message: 'Subcategory is used by 2 products and cannot be deleted' },
    });
    expect(await t.request('DELETE', `/api/categories/${cat._id}`, admin)).toMatchObject({
      status: 409,
      body: { message: 'Category is used by 2 products and cannot be deleted' },
    });
    for (const p of [before.body, after.body]) expect((await t.request('DELETE', `/api/products/${p._id}`, admin)).status).toBe(200);
    expect((await t.request('DELETE', `/api/subcategories/${sub._id}`, admin)).body).toEqual({ message: 'Subcategory deleted successfully' });
    expect((await t.request('DELETE', `/api/categories/${cat._id}`, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/categories/${cat._id}`, admin)).status).toBe(404);
  });

  it('warehouse-user may list and show them but not change them', async () => {
    const as = { role: 'warehouse-user' as const };
    const list = await t.request('GET', '/api/categories', as);
    expect(list.status).toBe(200);
    expect((await t.request('GET', `/api/categories/${list.body.data[0]._id}`, as)).status).toBe(200);
    expect((await t.request('GET', '/api/subcategories', as)).status).toBe(200);
    expect((await t.request('POST', '/api/categories', { ...as, body: { name: 'X' } })).status).toBe(403);
    expect((await t.request('DELETE', `/api/categories/${list.body.data[0]._id}`, as)).status).toBe(403);
  });
});
