import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, inventory, products, stockMovements, warehouses } from '../../src/server/db/schema.js';
import { DEMO_PRODUCTS } from '../../src/server/seed/demo-data.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
type Category = { category: string; category_id: string; subcategories: { name: string; subcategory_id: string }[] };
let categories: Category[];
const category = (name: string) => categories.find((c) => c.category === name)!;
const sub = (cat: string, name: string) => category(cat).subcategories.find((s) => s.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  categories = (await t.request('GET', '/api/categories/main', { role: 'admin' })).body.MainCategories;
});
afterAll(() => t.close());

const valid = (over: Record<string, unknown> = {}) => ({
  productname: 'Roasted Almonds',
  category: 'Staples',
  subcategory: 'Dals & Pulses',
  product_keyword: 'Happilo',
  price: 500,
  discount_price: 450,
  product_description: 'California almonds, lightly roasted.',
  unit: 'g',
  unit_value: '500',
  ...over,
});
const create = (body: unknown) => t.request('POST', '/api/products', { role: 'admin', body });

describe('product list', () => {
  it('pages on the server: real total, page 2 continues page 1, newest first', async () => {
    const all = await t.request('GET', '/api/products?limit=30', { role: 'admin' });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: DEMO_PRODUCTS.length, page: 1, limit: 30 });
    expect(all.body.data[0].productname).toBe(DEMO_PRODUCTS.at(-1)![1]);
    const page2 = await t.request('GET', '/api/products?page=2&limit=10', { role: 'admin' });
    expect(page2.body).toMatchObject({ total: DEMO_PRODUCTS.length, page: 2, limit: 10 });
    expect(page2.body.data.map((p: { _id: string }) => p._id)).toEqual(all.body.data.slice(10, 20).map((p: { _id: string }) => p._id));
    const last = await t.request('GET', `/api/products?page=${Math.ceil(DEMO_PRODUCTS.length / 10)}`, { role: 'admin' });
    expect(last.body.data).toHaveLength(DEMO_PRODUCTS.length % 10 || 10);
  });

  it('answers every product field, names included', async () => {
    const res = await t.request('GET', '/api/products?q=Basmati', { role: 'admin' });
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toEqual({
      _id: expect.any(String),
      productname: 'Basmati Rice Classic',
      sku: expect.stringMatching(/^GRC-\d{4}$/),
      barcode: expect.stringMatching(/^890\d{10}$/),
      product_hindi: 'बासमती चावल',
      category: 'Staples',
      category_id: category('Staples').category_id,
      subcategory: 'Rice',
      subcategory_id: sub('Staples', 'Rice').subcategory_id,
      product_keyword: 'India Gate',
      price: 899,
      discount_price: 799,
      product_description: expect.any(String),
      unit: 'kg',
      unit_value: '5',
      gst_rate: 5,
      gst_type: 'GST',
      hsn_code: '1006',
      subcategory_gst_rate: 5,
      main_image: [],
      colors: [],
      stock_status: expect.stringMatching(/^(in_stock|low_stock|out_of_stock)$/),
      current_stock: expect.any(Number),
      tracks_expiry: false,
      created: expect.any(String),
      modified: expect.any(String),
    });
  });

  it('q matches name, Hindi name and brand, case-insensitively, and counts only the matches', async () => {
    const brand = await t.request('GET', '/api/products?q=aMuL', { role: 'admin' });
    const expected = DEMO_PRODUCTS.filter((p) => p[3] === 'Amul' || p[1].toLowerCase().includes('amul'));
    expect(brand.body.total).toBe(expected.length);
    expect(brand.body.data.map((p: { productname: string }) => p.productname).sort()).toEqual(expected.map((p) => p[1]).sort());
    const hindi = await t.request('GET', `/api/products?q=${encodeURIComponent('दाल')}`, { role: 'admin' });
    expect(hindi.body.total).toBe(DEMO_PRODUCTS.filter((p) => p[2].includes('दाल')).length);
    expect(hindi.body.total).toBeGreaterThan(1);
    const none = await t.request('GET', '/api/products?q=%25zzz_', { role: 'admin' });
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it('sorts by a known field and refuses an unknown one', async () => {
    const res = await t.request('GET', '/api/products?sort=price&order=desc&limit=3', { role: 'admin' });
    const prices = DEMO_PRODUCTS.map((p) => p[4])
      .sort((a, b) => b - a)
      .slice(0, 3);
    expect(res.body.data.map((p: { price: number }) => p.price)).toEqual(prices);
    const bad = await t.request('GET', '/api/products?sort=password', { role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('sort');
    expect((await t.request('GET', '/api/products?limit=0', { role: 'admin' })).status).toBe(400);
  });

  it('is the admin catalogue: warehouse-user is refused', async () => {
    expect((await t.request('GET', '/api/products', { role: 'warehouse-user' })).status).toBe(403);
  });
});

describe('stock derived from inventory', () => {
  // Own products and warehouses, so whatever stock the demo data holds does not enter the sums.
  let w1: string;
  let w2: string;
  let ids: Record<'spread' | 'low' | 'empty' | 'none' | 'edge', string>;
  beforeAll(async () => {
    const [city] = await t.db.select({ id: cities.id }).from(cities).limit(1);
    const wh = (name: string) => ({
      name,
      cityId: city!.id,
      address: 'Test Road',
      contactPerson: 'Tess',
      contactPhone: '+91 90000 12345',
      contactEmail: 'tess@example.com',
    });
    [w1, w2] = (
      await t.db
        .insert(warehouses)
        .values([wh('Stock Test One'), wh('Stock Test Two')])
        .returning({ id: warehouses.id })
    ).map((w) => w.id);
    const make = async (name: string) => (await create(valid({ productname: name, unit: 'pcs', unit_value: '1' }))).body._id as string;
    ids = {
      spread: await make('Stocktest Spread'),
      low: await make('Stocktest Low'),
      empty: await make('Stocktest Empty'),
      none: await make('Stocktest None'),
      edge: await make('Stocktest Edge'),
    };
    await t.db.insert(inventory).values([
      { productId: ids.spread, warehouseId: w1, currentStock: 5, minimumStock: 10 },
      { productId: ids.spread, warehouseId: w2, currentStock: 20, minimumStock: 2 },
      { productId: ids.low, warehouseId: w1, currentStock: 3, minimumStock: 4 },
      { productId: ids.empty, warehouseId: w1, currentStock: 0, minimumStock: 5 },
      { productId: ids.edge, warehouseId: w2, currentStock: 7, minimumStock: 7 },
    ]);
  });

  it('sums the balances of every warehouse and compares them with the summed minimums', async () => {
    const get = async (id: string) => (await t.request('GET', `/api/products/${id}`, { role: 'admin' })).body;
    expect(await get(ids.spread)).toMatchObject({ current_stock: 25, stock_status: 'in_stock' });
    expect(await get(ids.low)).toMatchObject({ current_stock: 3, stock_status: 'low_stock' });
    expect(await get(ids.empty)).toMatchObject({ current_stock: 0, stock_status: 'out_of_stock' });
    expect(await get(ids.none)).toMatchObject({ current_stock: 0, stock_status: 'out_of_stock' });
    expect(await get(ids.edge)).toMatchObject({ current_stock: 7, stock_status: 'low_stock' });
    const list = await t.request('GET', '/api/products?q=stocktest&limit=50', { role: 'admin' });
    expect(list.body.total).toBe(5);
    const stockOf = Object.fromEntries(
      list.body.data.map((p: { _id: string; current_stock: number; stock_status: string }) => [p._id, [p.current_stock, p.stock_status]]),
    );
    expect(stockOf).toEqual({
      [ids.spread]: [25, 'in_stock'],
      [ids.low]: [3, 'low_stock'],
      [ids.empty]: [0, 'out_of_stock'],
      [ids.none]: [0, 'out_of_stock'],
      [ids.edge]: [7, 'low_stock'],
    });
    const byStock = await t.request('GET', '/api/products?q=stocktest&sort=current_stock&order=desc', { role: 'admin' });
    expect(byStock.body.data.map((p: { current_stock: number }) => p.current_stock)).toEqual([25, 7, 3, 0, 0]);
  });

  it("with warehouse_id lists only the products stocked there, with that warehouse's balance", async () => {
    const res = await t.request('GET', `/api/products?warehouse_id=${w1}`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const byId = Object.fromEntries(res.body.data.map((p: { _id: string }) => [p._id, p]));
    expect(Object.keys(byId).sort()).toEqual([ids.spread, ids.low, ids.empty].sort());
    expect(byId[ids.spread]).toMatchObject({ current_stock: 5, stock_status: 'low_stock' });
    expect(byId[ids.empty]).toMatchObject({ current_stock: 0, stock_status: 'out_of_stock' });
    const w2res = await t.request('GET', `/api/products?warehouse_id=${w2}&q=spread`, { role: 'admin' });
    expect(w2res.body.total).toBe(1);
    expect(w2res.body.data[0]).toMatchObject({ _id: ids.spread, current_stock: 20, stock_status: 'in_stock' });
  });

  it('refuses a malformed or unknown warehouse_id naming the field', async () => {
    for (const w of ['nope', crypto.randomUUID()]) {
      const res = await t.request('GET', `/api/products?warehouse_id=${w}`, { role: 'admin' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Warehouse not found', errors: [{ field: 'warehouse_id' }] });
    }
  });

  it('refuses to delete a product with inventory rows or stock movements (409)', async () => {
    const stocked = await t.request('DELETE', `/api/products/${ids.low}`, { role: 'admin' });
    expect(stocked.status).toBe(409);
    expect(stocked.body.message).toMatch(/inventory records or stock movements/);
    const moved = await create(valid({ productname: 'Moved Only' }));
    await t.db.insert(stockMovements).values({
      productId: moved.body._id,
      warehouseId: w1,
      movementType: 'valuation',
      quantity: 0,
      stockBefore: 0,
      stockAfter: 0,
      valueChange: 0,
    });
    expect((await t.request('DELETE', `/api/products/${moved.body._id}`, { role: 'admin' })).status).toBe(409);
    expect((await t.request('GET', `/api/products/${ids.low}`, { role: 'admin' })).status).toBe(200);
  });
});

describe('create product', () => {
  it('creates with names, takes GST from the subcategory, and lists it first', async () => {
    const res = await create(valid({ product_hindi: 'बादाम', colors: [{ name: 'standard', sizes: ['250 g', ' ', '500 g'], images: [] }] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      productname: 'Roasted Almonds',
      product_hindi: 'बादाम',
      category: 'Staples',
      subcategory: 'Dals & Pulses',
      category_id: category('Staples').category_id,
      subcategory_id: sub('Staples', 'Dals & Pulses').subcategory_id,
      gst_rate: 5,
      gst_type: 'GST',
      hsn_code: '0713',
      colors: [{ name: 'standard', sizes: ['250 g', '500 g'], images: [] }],
      stock_status: 'out_of_stock',
      current_stock: 0,
    });
    const list = await t.request('GET', '/api/products?limit=1', { role: 'admin' });
    expect(list.body.data[0]._id).toBe(res.body._id);
    expect((await t.request('GET', `/api/products/${res.body._id}`, { role: 'admin' })).body).toEqual(res.body);
  });

  it('accepts ids for category and subcategory, and explicit GST fields over the defaults', async () => {
    const s = sub('Snacks & Beverages', 'Biscuits');
    const res = await create(
      valid({
        productname: 'Oat Cookies',
        category: category('Snacks & Beverages').category_id,
        subcategory: s.subcategory_id,
        gst_rate: 12,
        gst_type: 'GST',
        hsn_code: '190531',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ category: 'Snacks & Beverages', subcategory: 'Biscuits', gst_rate: 12, hsn_code: '190531' });
    const both = await create(
      valid({
        productname: 'Rusk',
        category: 'Snacks & Beverages',
        category_id: category('Snacks & Beverages').category_id,
        subcategory: 'Biscuits',
        subcategory_id: s.subcategory_id,
      }),
    );
    expect(both.status).toBe(201);
    expect(both.body).toMatchObject({ subcategory_id: s.subcategory_id, gst_rate: 18, hsn_code: '1905' });
  });

  it('refuses a subcategory of another category, and unknown ones, naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ subcategory: 'Biscuits' }, 'subcategory', /does not belong/],
      [{ subcategory: 'Caviar' }, 'subcategory', /not found/],
      [{ category: 'Jewellery' }, 'category', /Category not found/],
      [{ category_id: crypto.randomUUID() }, 'category_id', /Category not found/],
      [{ category_id: category('Household').category_id }, 'category', /does not match/],
      [{ subcategory_id: sub('Household', 'Cleaners').subcategory_id }, 'subcategory_id', /does not belong/],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(valid({ productname: `Bad ${field}`, ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
      expect(res.body.message).toMatch(message);
    }
    expect(await t.db.$count(products, like(products.productname, 'Bad %'))).toBe(0);
  });

  it('validates the form rules with the messages of SPEC.md', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: -1 }, 'price', 'Prices cannot be negative'],
      [{ discount_price: -0.01 }, 'discount_price', 'Prices cannot be negative'],
      [{ discount_price: 600 }, 'discount_price', 'Discount price cannot be more than the MRP price'],
      [{ unit: 'litre' }, 'unit', 'Unit must be one of'],
      [{ productname: '  ' }, 'productname', 'Product name is required'],
      [{ product_keyword: undefined }, 'product_keyword', 'Brand is required'],
      [
        {
          colors: [
            { name: 'Red', sizes: [] },
            { name: 'Red', sizes: ['L'] },
          ],
        },
        'colors',
        'This color has already been added',
      ],
      [{ colors: [{ name: '', sizes: [] }] }, 'colors.0.name', 'Please select a color first'],
      [{ price: 'ten' }, 'price', 'MRP price is required and must be a number'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(valid(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message: expect.stringContaining(message) });
    }
  });
});

describe('show, edit and delete', () => {
  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id', '1']) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { price: 1 }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.request(method, `/api/products/${id}`, { role: 'admin', body });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body).toEqual({ message: 'Product not found' });
      }
    }
  });

  it('PATCH changes only what it is sent', async () => {
    const made = (await create(valid({ productname: 'Cashews', product_hindi: 'काजू' }))).body;
    const res = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { price: 650, discount_price: 600 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...made, price: 650, discount_price: 600, modified: expect.any(String), version: expect.any(Number) });
    expect(res.body.version).toBeGreaterThan(made.version);
    expect(new Date(res.body.modified).getTime()).toBeGreaterThanOrEqual(new Date(made.modified).getTime());
    const cleared = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { product_hindi: '' } });
    expect(cleared.body.product_hindi).toBeNull();
    expect(cleared.body.productname).toBe('Cashews');
  });

  it('PATCH checks the discount against the stored MRP, and the subcategory against the category', async () => {
    const made = (await create(valid({ productname: 'Pistachios' }))).body;
    const above = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { discount_price: 501 } });
    expect(above.status).toBe(400);
    expect(above.body.errors).toEqual([{ field: 'discount_price', message: 'Discount price cannot be more than the MRP price' }]);
    const moved = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { category: 'Household' } });
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].field).toBe('subcategory');
    const ok = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { category: 'Household', subcategory: 'Cleaners' } });
    expect(ok.status).toBe(200);
    // a new subcategory brings its GST defaults
    expect(ok.body).toMatchObject({ category: 'Household', subcategory: 'Cleaners', gst_rate: 18, hsn_code: '3808' });
    const full = await t.request('PATCH', `/api/products/${made._id}`, {
      role: 'admin',
      body: valid({ productname: 'Pistachios', unit: 'kg', unit_value: '1' }),
    });
    expect(full.body).toMatchObject({ category: 'Staples', unit: 'kg', unit_value: '1', gst_rate: 5 });
    const badUnit = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { unit: 'bag', price: -5 } });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['price', 'unit']);
  });

  it('DELETE removes the product', async () => {
    const made = (await create(valid({ productname: 'Walnuts' }))).body;
    const res = await t.request('DELETE', `/api/products/${made._id}`, { role: 'admin' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Product deleted successfully' } });
    expect((await t.request('GET', `/api/products/${made._id}`, { role: 'admin' })).status).toBe(404);
  });
});

describe('GET /api/products/autocomplete', () => {
  it('returns at most 10 suggestions with only the fields a suggestion shows', async () => {
    const res = await t.request('GET', '/api/products/autocomplete?q=a', { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['_id', 'barcode', 'main_image', 'price', 'productname', 'sku', 'tracks_expiry']);
  });

  it('matches case-insensitively on the name and on the Hindi name, prefix matches first', async () => {
    const upper = await t.request('GET', '/api/products/autocomplete?q=BANANA', { role: 'admin' });
    expect(upper.body.data).toEqual([
      { _id: expect.any(String), productname: 'Banana Robusta', sku: 'GRC-0001', barcode: expect.any(String), main_image: [], price: 60, tracks_expiry: true },
    ]);
    const hindi = await t.request('GET', `/api/products/autocomplete?q=${encodeURIComponent('केला')}`, { role: 'admin' });
    expect(hindi.body.data.map((p: { productname: string }) => p.productname)).toEqual(['Banana Robusta']);
    const milk = await t.request('GET', '/api/products/autocomplete?q=milk', { role: 'admin' });
    expect(milk.body.data.map((p: { productname: string }) => p.productname)).toEqual(
      DEMO_PRODUCTS.filter((p) => p[1].toLowerCase().includes('milk'))
        .map((p) => p[1])
        .sort(),
    );
    const brandOnly = await t.request('GET', '/api/products/autocomplete?q=Aashirvaad', { role: 'admin' });
    expect(brandOnly.body.data).toEqual([]);
  });

  it('puts names that start with the text first', async () => {
    const res = await t.request('GET', '/api/products/autocomplete?q=to', { role: 'admin' });
    const names: string[] = res.body.data.map((p: { productname: string }) => p.productname);
    const firstOther = names.findIndex((n) => !n.toLowerCase().startsWith('to'));
    expect(names[0]!.toLowerCase().startsWith('to')).toBe(true);
    if (firstOther >= 0) expect(names.slice(firstOther).every((n) => !n.toLowerCase().startsWith('to'))).toBe(true);
  });

  it('puts an exact SKU (any case) first, and reads % and _ as themselves', async () => {
    const sku = await t.request('GET', '/api/products/autocomplete?q=grc-0001', { role: 'admin' });
    expect(sku.body.data[0]).toMatchObject({ productname: 'Banana Robusta', sku: 'GRC-0001' });
    for (const wild of ['%', '_', 'a%b']) {
      expect((await t.request('GET', `/api/products/autocomplete?q=${encodeURIComponent(wild)}`, { role: 'admin' })).body).toEqual({ data: [] });
    }
  });

  it('answers an empty list for an empty query, and serves warehouse-user (stock screens)', async () => {
    expect((await t.request('GET', '/api/products/autocomplete?q=', { role: 'admin' })).body).toEqual({ data: [] });
    const res = await t.request('GET', '/api/products/autocomplete?q=dal', { role: 'warehouse-user' });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/products/autocomplete?q=dal')).status).toBe(401);
  });
});
