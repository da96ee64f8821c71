import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = { role: 'admin' as const };
type Page<T> = { data: T[]; users?: T[]; total: number };
const all = async <T>(path: string): Promise<Page<T>> => {
  const res = await t.request('GET', `/api${path}${path.includes('?') ? '&' : '?'}limit=1000`, admin);
  expect(res.status).toBe(200);
  return res.body as Page<T>;
};

/** The list screens' column filters (issue 16): plain `?field=value` equalities the API applies before paging. */
describe('list filters', () => {
  it('filters users by role and status', async () => {
    const everyone = (await all<{ role: string; status: string }>('/users')).users!;
    const admins = await all<{ role: string }>('/users?role=admin');
    expect(admins.total).toBe(everyone.filter((u) => u.role === 'admin').length);
    expect(admins.total).toBeGreaterThan(0);
    expect(admins.users!.every((u) => u.role === 'admin')).toBe(true);
    const active = await all<{ status: string }>('/users?status=active&role=warehouse-user');
    expect(active.total).toBe(everyone.filter((u) => u.status === 'active' && u.role === 'warehouse-user').length);
    const bad = await t.request('GET', '/api/users?status=asleep', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'status', message: expect.stringContaining('status must be one of') }]);
  });

  it('filters warehouses by city and status, and cities by state and active', async () => {
    const warehouses = (await all<{ city_id: string; status: string }>('/warehouses')).data;
    const cityId = warehouses[0]!.city_id;
    const inCity = await all<{ city_id: string }>(`/warehouses?city_id=${cityId}`);
    expect(inCity.total).toBe(warehouses.filter((w) => w.city_id === cityId).length);
    expect(inCity.data.every((w) => w.city_id === cityId)).toBe(true);
    expect((await all('/warehouses?status=inactive')).total).toBe(warehouses.filter((w) => w.status === 'inactive').length);
    expect((await t.request('GET', '/api/warehouses?city_id=not-an-id', admin)).body.errors).toEqual([{ field: 'city_id', message: 'city_id must be an id' }]);

    const cities = (await all<{ state: string; is_active: boolean }>('/cities')).data;
    const state = cities[0]!.state;
    // The state is typed in the header: any part of it, in any case.
    const part = state.slice(1, -1).toLowerCase();
    expect((await all(`/cities?state=${encodeURIComponent(part)}`)).total).toBe(cities.filter((c) => c.state.toLowerCase().includes(part)).length);
    expect((await all(`/cities?state=${encodeURIComponent(part)}`)).total).toBeGreaterThan(0);
    expect((await all('/cities?is_active=true')).total).toBe(cities.filter((c) => c.is_active).length);
    expect((await t.request('GET', '/api/cities?is_active=yes', admin)).status).toBe(400);
  });

  it('filters products by category, subcategory and stock status, across warehouses and in one, and pages after filtering', async () => {
    type Product = { _id: string; category_id: string; subcategory_id: string; stock_status: string };
    const products = (await all<Product>('/products')).data;
    const { subcategory_id } = products[0]!;
    // Each category in turn: one compiled statement answers every value of the same filter.
    for (const category of new Set(products.map((p) => p.category_id))) {
      const inCategory = await all<Product>(`/products?category_id=${category}`);
      expect(inCategory.total, category).toBe(products.filter((p) => p.category_id === category).length);
      expect(inCategory.data.every((p) => p.category_id === category)).toBe(true);
    }
    expect((await all(`/products?subcategory_id=${subcategory_id}`)).total).toBe(products.filter((p) => p.subcategory_id === subcategory_id).length);

    for (const status of ['in_stock', 'low_stock', 'out_of_stock']) {
      const page = await all<Product>(`/products?stock_status=${status}`);
      expect(page.total, status).toBe(products.filter((p) => p.stock_status === status).length);
      expect(page.data.every((p) => p.stock_status === status)).toBe(true);
      const first = (await t.request('GET', `/api/products?stock_status=${status}&limit=2`, admin)).body as Page<Product>;
      expect(first.total).toBe(page.total);
      expect(first.data.length).toBe(Math.min(2, page.total));
    }
    const stocked = products.filter((p) => p.stock_status !== 'out_of_stock');
    expect(stocked.length).toBeGreaterThan(0);

    const warehouse = (await all<{ _id: string }>('/warehouses')).data[0]!;
    const there = (await all<Product>(`/products?warehouse_id=${warehouse._id}`)).data;
    const lowThere = await all<Product>(`/products?warehouse_id=${warehouse._id}&stock_status=low_stock`);
    expect(lowThere.total).toBe(there.filter((p) => p.stock_status === 'low_stock').length);

    const bad = await t.request('GET', '/api/products?stock_status=plenty', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('stock_status');
  });
});
