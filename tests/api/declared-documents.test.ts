import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED_RESOURCES } from '../../src/domain/resources/index.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { createTestTables, testDeclarations, testOrderPart, testPolicy } from '../support/declared-documents.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * What a declaration gains, pinned on declarations that exist only here (tests/support/declared-documents.ts): lines,
 * references that hold, dates, optional e-mail and phone rules, a workflow, a number, history and cost hiding, through
 * the real routes on the real database (the API tests run on PGlite and on PostgreSQL).
 */
let t: TestApp;
let statements: string[];
let policy: ReturnType<typeof testPolicy>;
let cityId: string;
let warehouseId: string;
let products: { id: string; name: string }[];

const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const indiaYear = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date());

beforeAll(async () => {
  policy = testPolicy();
  t = await createTestApp({ declarations: [...DECLARED_RESOURCES, ...testDeclarations], parts: { 'test-orders': testOrderPart }, policy });
  statements = await createTestTables(t.db);
  [{ id: cityId }] = (await q<{ id: string }>(sql`select id from cities order by name limit 1`)) as [{ id: string }];
  [{ id: warehouseId }] = (await q<{ id: string }>(sql`select id from warehouses order by name limit 1`)) as [{ id: string }];
  products = await q(sql`select id, productname as name from products order by productname limit 3`);
});
afterAll(() => t.close());

const supplier = async (name = `Supplier ${crypto.randomUUID().slice(0, 8)}`) => {
  const res = await t.request('POST', '/api/test-suppliers', { role: 'admin', body: { name, phone: '+91 98290 12345', city_id: cityId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; name: string };
};
const orderBody = (supplierId: string, extra: Record<string, unknown> = {}) => ({
  supplier_id: supplierId,
  warehouse_id: warehouseId,
  expected_on: '2026-12-01',
  lines: [
    { product_id: products[0]!.id, quantity: 10, unit_cost: 12.5 },
    { product_id: products[1]!.id, quantity: 3, unit_cost: 99.99 },
  ],
  ...extra,
});
const order = async (supplierId: string, extra: Record<string, unknown> = {}, role: 'admin' | 'warehouse-user' = 'admin') => {
  const res = await t.request('POST', '/api/test-orders', { role, body: orderBody(supplierId, extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const count = async (table: string) => Number((await q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);

describe('the tables a declaration generates', () => {
  it('has real foreign keys with an index each, and lines deleted with their document', () => {
    const text = statements.join('\n');
    expect(text).toContain('FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict');
    expect(text).toContain('FOREIGN KEY ("supplier_id") REFERENCES "public"."test_suppliers"("id") ON DELETE restrict');
    expect(text).toContain('FOREIGN KEY ("parent_id") REFERENCES "public"."test_orders"("id") ON DELETE cascade');
    expect(text).toContain('FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict');
    for (const index of ['test_suppliers_city_id_idx', 'test_orders_supplier_id_idx', 'test_orders_lines_product_id_idx', 'test_orders_number_unique']) {
      expect(text).toContain(`"${index}"`);
    }
  });
});

describe('a plain declared resource', () => {
  it('takes a blank optional e-mail, and reports a bad e-mail or phone once, naming the field', async () => {
    const ok = await t.request('POST', '/api/test-suppliers', {
      role: 'admin',
      body: { name: 'Blank Mail', email: '', phone: '0141 222 333', city_id: cityId },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ email: null, active: true, city_id: cityId, city_name: expect.any(String) });
    const bad = await t.request('POST', '/api/test-suppliers', { role: 'admin', body: { name: 'Bad', email: 'not-mail', phone: 'call me', city_id: cityId } });
    expect(bad.status).toBe(400);
    const fields = bad.body.errors.map((e: { field: string }) => e.field);
    expect(fields.filter((f: string) => f === 'phone')).toHaveLength(1);
    expect(fields.filter((f: string) => f === 'email')).toHaveLength(1);
    expect(await count('test_suppliers')).toBe(1);
  });

  it('refuses a reference to no record with a 400 naming the field', async () => {
    const res = await t.request('POST', '/api/test-suppliers', {
      role: 'admin',
      body: { name: 'Nowhere', phone: '0141 222 333', city_id: crypto.randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'city_id', message: 'City not found' }]);
  });
});

describe('references that hold', () => {
  it("refuses deleting a record others point at with '<Title> is used by N <plural>', derived from the declarations", async () => {
    const [{ id: lonely }] = (await q<{ id: string }>(
      sql`insert into cities (name, state, district, pincode) values ('Tonk', 'Rajasthan', 'Tonk', '304001') returning id`,
    )) as [{ id: string }];
    const made = await t.request('POST', '/api/test-suppliers', { role: 'admin', body: { name: 'Tonk Traders', phone: '0143 222 333', city_id: lonely } });
    const res = await t.request('DELETE', `/api/cities/${lonely}`, { role: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('City is used by 1 supplier and cannot be deleted');
    const s = made.body._id as string;
    await order(s);
    await order(s);
    const refused = await t.request('DELETE', `/api/test-suppliers/${s}`, { role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Supplier is used by 2 orders and cannot be deleted');
    // A product on an order's lines: the order counts once however many lines name it.
    const product = await t.request('DELETE', `/api/products/${products[0]!.id}`, { role: 'admin' });
    expect(product.status).toBe(409);
    expect(product.body.message).toMatch(/^Product is used by \d+ orders? and cannot be deleted$/);
    expect((await q(sql`select 1 from cities where id = ${lonely}::uuid`)).length).toBe(1);
  });

  it('keeps the foreign key as the last word: a row written around the API cannot point at nothing', async () => {
    await expect(t.db.execute(sql`insert into test_suppliers (name, phone, city_id) values ('Ghost', '1', gen_random_uuid())`)).rejects.toThrow();
  });
});

describe('a document: header and lines in one declaration', () => {
  it("creates header and lines in one transaction, numbered, with each line's figures and the document's totals", async () => {
    const s = await supplier();
    const made = await order(s._id);
    expect(made.number).toMatch(new RegExp(`^TO-${indiaYear()}-\\d{5}$`));
    expect(made).toMatchObject({ status: 'draft', supplier_name: s.name, lines_count: 2, units: 13, amount: 424.97 });
    expect(made.lines).toEqual([
      {
        _id: expect.any(String),
        product_id: products[0]!.id,
        product_name: products[0]!.name,
        quantity: 10,
        unit_cost: 12.5,
        received: 0,
        gst_rate: expect.any(Number),
        amount: 125,
        units: 10,
      },
      {
        _id: expect.any(String),
        product_id: products[1]!.id,
        product_name: products[1]!.name,
        quantity: 3,
        unit_cost: 99.99,
        received: 0,
        gst_rate: expect.any(Number),
        amount: 299.97,
        units: 3,
      },
    ]);
    expect(made.history).toEqual([expect.objectContaining({ action: 'created', user_id: t.userIds.admin, user_name: expect.any(String) })]);
  });

  it('names the line and the field of a bad line, and writes nothing of the document', async () => {
    const s = await supplier();
    const before = [await count('test_orders'), await count('test_orders_lines')];
    const badQuantity = orderBody(s._id, { lines: [...orderBody(s._id).lines, { product_id: products[2]!.id, quantity: 0, unit_cost: 1 }] });
    const res = await t.request('POST', '/api/test-orders', { role: 'admin', body: badQuantity });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'lines.2.quantity', message: 'Quantity must be at least 1' }]);
    const unknown = orderBody(s._id, {
      lines: [
        { product_id: products[0]!.id, quantity: 1, unit_cost: 1 },
        { product_id: crypto.randomUUID(), quantity: 1, unit_cost: 1 },
      ],
    });
    const missing = await t.request('POST', '/api/test-orders', { role: 'admin', body: unknown });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'lines.1.product_id', message: 'Product not found' }]);
    const none = await t.request('POST', '/api/test-orders', { role: 'admin', body: orderBody(s._id, { lines: [] }) });
    expect(none.body.errors).toEqual([{ field: 'lines', message: 'Add at least one line' }]);
    expect([await count('test_orders'), await count('test_orders_lines')]).toEqual(before);
  });

  it('takes no status and no number from a body: the server sets them', async () => {
    const s = await supplier();
    const made = await order(s._id, { status: 'received', number: 'TO-FAKE' });
    expect(made.status).toBe('draft');
    expect(made.number).not.toBe('TO-FAKE');
  });

  it('replaces the lines on an update and records what changed in the header', async () => {
    const s = await supplier();
    const made = await order(s._id);
    const res = await t.request('PUT', `/api/test-orders/${made._id}`, {
      role: 'warehouse-user',
      body: orderBody(s._id, { expected_on: '2026-12-24', lines: [{ product_id: products[2]!.id, quantity: 4, unit_cost: 2.25 }] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ expected_on: '2026-12-24', lines_count: 1, units: 4, amount: 9 });
    expect(res.body.lines.map((l: { product_id: string }) => l.product_id)).toEqual([products[2]!.id]);
    expect(await q(sql`select 1 from test_orders_lines where parent_id = ${made._id}::uuid`)).toHaveLength(1);
    expect(res.body.history.at(-1)).toMatchObject({
      action: 'updated',
      changes: { expected_on: ['2026-12-01', '2026-12-24'] },
      user_id: t.userIds['warehouse-user'],
    });
  });

  it('lists documents with their line counts and totals computed in SQL, filtered by status and a date range', async () => {
    const s = await supplier();
    const early = await order(s._id, { expected_on: '2031-01-05' });
    await order(s._id, { expected_on: '2031-02-05' });
    const page = await t.request('GET', `/api/test-orders?supplier_id=${s._id}&expected_on_from=2031-01-01&expected_on_to=2031-01-31&status=draft`, {
      role: 'admin',
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(1);
    expect(page.body.data[0]).toMatchObject({ _id: early._id, lines_count: 2, units: 13, amount: 424.97 });
    expect(page.body.data[0].lines).toBeUndefined();
    const sorted = await t.request('GET', `/api/test-orders?supplier_id=${s._id}&sort=expected_on&order=desc`, { role: 'admin' });
    expect(sorted.body.data.map((r: { expected_on: string }) => r.expected_on)).toEqual(['2031-02-05', '2031-01-05']);
    const impossible = await t.request('GET', '/api/test-orders?expected_on_from=2031-02-30', { role: 'admin' });
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors[0].field).toBe('expected_on_from');
    const badDate = await t.request('POST', '/api/test-orders', { role: 'admin', body: orderBody(s._id, { expected_on: '2031-13-01' }) });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].field).toBe('expected_on');
  });

  it('deletes a draft with its lines, and records the deletion', async () => {
    const s = await supplier();
    const made = await order(s._id);
    expect((await t.request('DELETE', `/api/test-orders/${made._id}`, { role: 'admin' })).status).toBe(200);
    expect(await q(sql`select 1 from test_orders_lines where parent_id = ${made._id}::uuid`)).toHaveLength(0);
    expect(await q(sql`select action from record_history where record_id = ${made._id} order by id`)).toEqual([{ action: 'created' }, { action: 'deleted' }]);
  });
});

describe("a document's workflow", () => {
  it('moves the status by named steps, once per Idempotency-Key, who and when recorded; 409 naming the status otherwise', async () => {
    const s = await supplier();
    const made = await order(s._id);
    const headers = key();
    const submitted = await t.request('POST', `/api/test-orders/${made._id}/submit`, { role: 'warehouse-user', headers, body: {} });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('ordered');
    const replay = await t.request('POST', `/api/test-orders/${made._id}/submit`, { role: 'warehouse-user', headers, body: {} });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await t.request('POST', `/api/test-orders/${made._id}/submit`, { role: 'warehouse-user', headers: key(), body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "This order is ordered: 'Submit' is not possible", status: 'ordered' });
    const edit = await t.request('PUT', `/api/test-orders/${made._id}`, { role: 'admin', body: orderBody(s._id) });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This order is ordered: it can no longer be changed');
    expect((await t.request('DELETE', `/api/test-orders/${made._id}`, { role: 'admin' })).status).toBe(409);
    const history = (await t.request('GET', `/api/test-orders/${made._id}`, { role: 'admin' })).body.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['created', 'submit']);
    expect(history[1]).toMatchObject({ changes: { status: ['draft', 'ordered'] }, user_id: t.userIds['warehouse-user'], at: expect.any(String) });
  });

  it('serves each step under its own grant and asks for a required note', async () => {
    const s = await supplier();
    const made = await order(s._id);
    expect((await t.request('POST', `/api/test-orders/${made._id}/cancel`, { role: 'warehouse-user', headers: key(), body: { note: 'x' } })).status).toBe(403);
    const noNote = await t.request('POST', `/api/test-orders/${made._id}/cancel`, { role: 'admin', headers: key(), body: {} });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors[0].field).toBe('note');
    const cancelled = await t.request('POST', `/api/test-orders/${made._id}/cancel`, { role: 'admin', headers: key(), body: { note: 'Supplier closed' } });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.history.at(-1)).toMatchObject({ action: 'cancel', note: 'Supplier closed' });
    expect((await t.request('POST', `/api/test-orders/${crypto.randomUUID()}/submit`, { role: 'admin', headers: key(), body: {} })).status).toBe(404);
  });

  it("runs the resource's own code in the step's transaction: it picks the status among the step's, and its refusal leaves all as it was", async () => {
    const s = await supplier();
    const made = await order(s._id);
    await t.request('POST', `/api/test-orders/${made._id}/submit`, { role: 'admin', headers: key(), body: {} });
    const part = await t.request('POST', `/api/test-orders/${made._id}/receive`, { role: 'admin', headers: key(), body: { units: 4 } });
    expect(part.body).toMatchObject({ status: 'partially_received' });
    expect(part.body.lines.map((l: { received: number }) => l.received)).toEqual([4, 3]);
    const rest = await t.request('POST', `/api/test-orders/${made._id}/receive`, { role: 'admin', headers: key(), body: {} });
    expect(rest.body).toMatchObject({ status: 'received' });
    expect(rest.body.lines.map((l: { received: number }) => l.received)).toEqual([10, 3]);
    const badUnits = await t.request('POST', `/api/test-orders/${made._id}/receive`, { role: 'admin', headers: key(), body: { units: 0 } });
    expect(badUnits.status).toBe(400);
    expect(badUnits.body.errors[0].field).toBe('units');
    // A step that declares no status leaves it, and its history entry says so without a change.
    const recount = await t.request('POST', `/api/test-orders/${made._id}/recount`, { role: 'admin', headers: key(), body: { note: 'Counted twice' } });
    expect(recount.body.status).toBe('received');
    expect(recount.body.history.at(-1)).toMatchObject({ action: 'recount', changes: null, note: 'Counted twice' });
    expect(recount.body.history.map((h: { action: string }) => h.action)).toEqual(['created', 'submit', 'receive', 'receive', 'recount']);

    const heavy = await order(s._id, { freight: 13 });
    await t.request('POST', `/api/test-orders/${heavy._id}/submit`, { role: 'admin', headers: key(), body: {} });
    const refused = await t.request('POST', `/api/test-orders/${heavy._id}/receive`, { role: 'admin', headers: key(), body: {} });
    expect(refused.status).toBe(409);
    const after = await t.request('GET', `/api/test-orders/${heavy._id}`, { role: 'admin' });
    expect(after.body.status).toBe('ordered');
    expect(after.body.history.map((h: { action: string }) => h.action)).toEqual(['created', 'submit']);
    expect(after.body.lines.map((l: { received: number }) => l.received)).toEqual([0, 0]);
  });

  it("lets the resource's own code check a write and set read-only fields; a body cannot set them", async () => {
    const s = await supplier();
    const made = await order(s._id, { lines: [{ product_id: products[0]!.id, quantity: 1, unit_cost: 1, received: 99, gst_rate: 50 }] });
    const [product] = await q<{ gst: number }>(sql`select gst_rate::float8 as gst from products where id = ${products[0]!.id}::uuid`);
    expect(made.lines[0]).toMatchObject({ received: 0, gst_rate: product!.gst });
    const twice = orderBody(s._id, {
      lines: [
        { product_id: products[0]!.id, quantity: 1, unit_cost: 1 },
        { product_id: products[0]!.id, quantity: 2, unit_cost: 1 },
      ],
    });
    const res = await t.request('PUT', `/api/test-orders/${made._id}`, { role: 'admin', body: twice });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'lines.1.product_id', message: 'This product is already on the order' }]);
    expect((await t.request('GET', `/api/test-orders/${made._id}`, { role: 'admin' })).body.lines).toHaveLength(1);
  });

  it('lets one of two steps at once win, whatever their keys, and numbers concurrent creates apart', async () => {
    const s = await supplier();
    const made = await order(s._id);
    const both = await Promise.all([1, 2].map(() => t.request('POST', `/api/test-orders/${made._id}/submit`, { role: 'admin', headers: key(), body: {} })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const many = await Promise.all(Array.from({ length: 8 }, () => t.request('POST', '/api/test-orders', { role: 'admin', body: orderBody(s._id) })));
    expect(many.every((r) => r.status === 201)).toBe(true);
    expect(new Set(many.map((r) => r.body.number)).size).toBe(8);
  });

  it('documents each step in OpenAPI with its Idempotency-Key', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const submit = doc.paths['/api/test-orders/{id}/submit'].post;
    expect(submit.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    expect(submit.summary).toBe('Submit: draft → ordered');
  });
});

describe("a document's cost figures", () => {
  it('are hidden, with every total computed from them, from a role without costs: answers, history, sorts', async () => {
    const s = await supplier();
    const made = await order(s._id, { freight: 40 });
    await t.request('PUT', `/api/test-orders/${made._id}`, { role: 'admin', body: orderBody(s._id, { freight: 55 }) });
    const grants = (await policy.current()).grants['warehouse-user'] as Record<string, readonly string[]>;
    const costs = grants.costs;
    delete grants.costs;
    try {
      const one = await t.request('GET', `/api/test-orders/${made._id}`, { role: 'warehouse-user' });
      expect(one.status).toBe(200);
      const text = JSON.stringify(one.body);
      for (const hidden of ['unit_cost', '"amount"', 'freight']) expect(text).not.toContain(hidden);
      expect(one.body).toMatchObject({ units: 13, lines_count: 2 });
      const list = await t.request('GET', `/api/test-orders?supplier_id=${s._id}`, { role: 'warehouse-user' });
      expect(JSON.stringify(list.body)).not.toMatch(/amount|freight|unit_cost/);
      const sort = await t.request('GET', '/api/test-orders?sort=freight', { role: 'warehouse-user' });
      expect(sort.status).toBe(400);
      expect(sort.body.errors[0].field).toBe('sort');
    } finally {
      grants.costs = costs!;
    }
    const seen = await t.request('GET', `/api/test-orders/${made._id}`, { role: 'warehouse-user' });
    expect(seen.body).toMatchObject({ freight: 55, amount: 424.97 });
  });
});
