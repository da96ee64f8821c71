import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { balanceOf, expectLedgerInvariant, inTransitOf, movementCount, queryRows } from '../support/stock-ledger.js';
import { stockFixtures, type Pair } from '../support/stock-fixtures.js';
import { dayFromToday } from '../support/batch-fixtures.js';

/** Transfers between warehouses (issue 18) over HTTP, on one shared server. */
let t: TestApp;
let fx: ReturnType<typeof stockFixtures>;
let warehouses: { _id: string; name: string }[];
beforeAll(async () => {
  t = await createTestApp();
  fx = stockFixtures(t.db);
  warehouses = (await t.request('GET', '/api/warehouses?limit=100', { role: 'admin' })).body.data;
});
afterEach(() => expectLedgerInvariant(t.db));
afterAll(() => t.close());

const otherWarehouse = (id: string) => warehouses.find((w) => w._id !== id)!._id;
const key = () => crypto.randomUUID();
const create = (body: object, headers: Record<string, string> = {}) => t.request('POST', '/api/transfers', { role: 'warehouse-user', body, headers });
const step = (id: string, action: 'dispatch' | 'receive' | 'cancel', body?: object, headers: Record<string, string> = {}) =>
  t.request('POST', `/api/transfers/${id}/${action}`, { role: 'warehouse-user', body, headers });
async function draft(p: Pair, quantity: number, to = otherWarehouse(p.warehouseId)) {
  const res = await create({ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ product_id: p.productId, quantity }], notes: 'Refill' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; to_warehouse_id: string; status: string; reference: string };
}
const transferRows = (id: string) =>
  queryRows<{ warehouse_id: string; movement_type: string; quantity: number; notes: string; batch_no: string | null }>(
    t.db,
    sql`
  select warehouse_id, movement_type, quantity, notes, batch_no from stock_movements
   where reference_type = 'transfer' and reference_id = ${id} order by seq`,
  );

describe('create and list', () => {
  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const p = await fx.stocked(5);
    const to = otherWarehouse(p.warehouseId);
    const line = { product_id: p.productId, quantity: 1 };
    const before = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transfers`))[0]!.n;
    for (const [body, field] of [
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: p.warehouseId, lines: [line] }, 'to_warehouse_id'],
      [{ to_warehouse_id: to, lines: [line] }, 'from_warehouse_id'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [] }, 'lines'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ ...line, quantity: 1.5 }] }, 'lines.0.quantity'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [line, line] }, 'lines.1.product_id'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ product_id: crypto.randomUUID(), quantity: 1 }] }, 'lines.0.product_id'],
      [{ from_warehouse_id: crypto.randomUUID(), to_warehouse_id: to, lines: [line] }, 'from_warehouse_id'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: 'nope', lines: [line] }, 'to_warehouse_id'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    // An inactive warehouse neither sends nor receives.
    await t.db.execute(sql`update warehouses set status = 'inactive' where id = ${to}::uuid`);
    try {
      for (const [body, field, message] of [
        [
          { from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [line] },
          'to_warehouse_id',
          'This warehouse is inactive: it cannot receive a transfer',
        ],
        [
          { from_warehouse_id: to, to_warehouse_id: p.warehouseId, lines: [line] },
          'from_warehouse_id',
          'This warehouse is inactive: it cannot send a transfer',
        ],
      ] as const) {
        const res = await create(body);
        expect([res.status, res.body.errors], JSON.stringify(res.body)).toEqual([400, [{ field, message }]]);
      }
    } finally {
      await t.db.execute(sql`update warehouses set status = 'active' where id = ${to}::uuid`);
    }
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from transfers`))[0]!.n).toBe(before);
  });

  it('creates a draft (201), lists it with filters and shows it with its history; replays a create with the same key', async () => {
    const p = await fx.stocked(3);
    const to = otherWarehouse(p.warehouseId);
    const k = key();
    const body = { from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ product_id: p.productId, quantity: 2 }], notes: 'Weekly refill' };
    const made = await create(body, { 'Idempotency-Key': k });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'draft', from_warehouse_id: p.warehouseId, to_warehouse_id: to, notes: 'Weekly refill', in_transit_quantity: 0 });
    expect(made.body.reference).toMatch(/^TR-\d{5,}$/);
    expect(made.body.lines).toEqual([
      expect.objectContaining({ product_id: p.productId, product_name: p.productName, quantity: 2, dispatched: 0, in_transit: 0 }),
    ]);
    expect(made.body.history).toEqual([expect.objectContaining({ action: 'created', status: 'draft', performed_by_name: expect.any(String) })]);
    const again = await create(body, { 'Idempotency-Key': k });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body._id).toBe(made.body._id);

    const list = await t.request('GET', `/api/transfers?status=draft&warehouse_id=${to}&limit=100`, { role: 'warehouse-user' });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { _id: string }) => r._id)).toContain(made.body._id);
    expect(
      list.body.data.every(
        (r: { status: string; from_warehouse_id: string; to_warehouse_id: string }) =>
          r.status === 'draft' && (r.from_warehouse_id === to || r.to_warehouse_id === to),
      ),
    ).toBe(true);
    const none = await t.request('GET', `/api/transfers?status=received&from_warehouse_id=${p.warehouseId}&to_warehouse_id=${to}`, { role: 'admin' });
    expect(none.body.data.map((r: { _id: string }) => r._id)).not.toContain(made.body._id);
    expect((await t.request('GET', '/api/transfers?status=lost', { role: 'admin' })).status).toBe(400);
    expect((await t.request('GET', `/api/transfers/${crypto.randomUUID()}`, { role: 'admin' })).status).toBe(404);
    expect((await t.request('GET', `/api/transfers/${made.body._id}`, { role: 'seller' })).status).toBe(403);
  });
});

describe('edit a draft (issue 28)', () => {
  const edit = (id: string, body: object, headers: Record<string, string> = {}, role: 'warehouse-user' | 'admin' | 'seller' = 'warehouse-user') =>
    t.request('PUT', `/api/transfers/${id}`, { role, body, headers });
  const stateOf = async (id: string) => (await t.request('GET', `/api/transfers/${id}`, { role: 'admin' })).body;

  it('replaces its ends, lines and notes while it is a draft, once per Idempotency-Key, and the history says so', async () => {
    const p = await fx.stocked(5);
    const tr = await draft(p, 2);
    const [other] = await queryRows<{ product_id: string }>(
      t.db,
      sql`
      select i.product_id from inventory i where i.warehouse_id = ${p.warehouseId}::uuid and i.product_id <> ${p.productId}::uuid limit 1`,
    );
    const to = warehouses.find((w) => w._id !== p.warehouseId && w._id !== tr.to_warehouse_id)!._id;
    const body = {
      from_warehouse_id: p.warehouseId,
      to_warehouse_id: to,
      lines: [
        { product_id: other!.product_id, quantity: 1 },
        { product_id: p.productId, quantity: 4 },
      ],
      notes: 'Bigger refill',
    };
    const k = key();
    const edited = await edit(tr._id, body, { 'Idempotency-Key': k });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ _id: tr._id, reference: tr.reference, status: 'draft', to_warehouse_id: to, notes: 'Bigger refill' });
    expect(edited.body.lines.map((l: { product_id: string; quantity: number }) => [l.product_id, l.quantity])).toEqual([
      [other!.product_id, 1],
      [p.productId, 4],
    ]);
    expect(edited.body.history.map((h: { action: string; status: string }) => `${h.action}:${h.status}`)).toEqual(['created:draft', 'edited:draft']);
    const replay = await edit(tr._id, body, { 'Idempotency-Key': k });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await stateOf(tr._id)).history).toHaveLength(2);
    expect((await edit(tr._id, { ...body, notes: 'Other' }, { 'Idempotency-Key': k })).status).toBe(422);

    // What is dispatched is the edited draft.
    const sent = await step(tr._id, 'dispatch');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock - 4);
  });

  it('refuses a bad body like a create (400 naming the field) and a transfer past its draft (409 with its status), changing nothing', async () => {
    const p = await fx.stocked(3);
    const tr = await draft(p, 1);
    const to = tr.to_warehouse_id;
    const line = { product_id: p.productId, quantity: 1 };
    const before = await stateOf(tr._id);
    for (const [body, field] of [
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: p.warehouseId, lines: [line] }, 'to_warehouse_id'],
      [{ to_warehouse_id: to, lines: [line] }, 'from_warehouse_id'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [] }, 'lines'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ ...line, quantity: -1 }] }, 'lines.0.quantity'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ ...line, quantity: 1.5 }] }, 'lines.0.quantity'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [line, line] }, 'lines.1.product_id'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ product_id: crypto.randomUUID(), quantity: 1 }] }, 'lines.0.product_id'],
      [{ from_warehouse_id: p.warehouseId, to_warehouse_id: crypto.randomUUID(), lines: [line] }, 'to_warehouse_id'],
      [{ from_warehouse_id: 'nope', to_warehouse_id: to, lines: [line] }, 'from_warehouse_id'],
    ] as const) {
      const res = await edit(tr._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(res.body),
      ).toContain(field);
    }
    expect(await stateOf(tr._id)).toEqual(before);

    const valid = { from_warehouse_id: p.warehouseId, to_warehouse_id: to, lines: [{ ...line, quantity: 2 }] };
    expect((await edit(crypto.randomUUID(), valid)).status).toBe(404);
    expect((await edit(tr._id, valid, {}, 'seller')).status).toBe(403);
    expect((await step(tr._id, 'dispatch')).status).toBe(200);
    const late = await edit(tr._id, valid);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ status: 'dispatched', message: 'This transfer is dispatched: it cannot be edited' });
    expect((await stateOf(tr._id)).lines[0]).toMatchObject({ quantity: 1, dispatched: 1 });
    const cancelled = await draft(p, 1);
    expect((await step(cancelled._id, 'cancel')).status).toBe(200);
    expect((await edit(cancelled._id, valid)).body).toMatchObject({ status: 'cancelled', message: 'This transfer is cancelled: it cannot be edited' });
  });

  it('is documented with its Idempotency-Key, its 400, 404 and 409', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    const op = doc.paths['/api/transfers/{id}'].put;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'idempotency-key']));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409', '422']));
    expect(op.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['from_warehouse_id', 'to_warehouse_id', 'lines']));
  });
});

describe('dispatch, in transit, receive', () => {
  it('dispatch moves the stock out of the source into transit, once; steps out of order are 409 with the status', async () => {
    const p = await fx.stocked(6);
    const tr = await draft(p, 4);
    const destBefore = await balanceOf(t.db, p.productId, tr.to_warehouse_id);
    expect((await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 1 }] })).body).toMatchObject({ status: 'draft' });

    const k = key();
    const sent = await step(tr._id, 'dispatch', undefined, { 'Idempotency-Key': k });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'dispatched', in_transit_quantity: 4, dispatched_by_name: expect.any(String) });
    expect(sent.body.in_transit_value).toBeGreaterThanOrEqual(0);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock - 4);
    expect(await balanceOf(t.db, p.productId, tr.to_warehouse_id)).toBe(destBefore);
    expect(await transferRows(tr._id)).toEqual([expect.objectContaining({ warehouse_id: p.warehouseId, movement_type: 'out', quantity: -4 })]);

    const replay = await step(tr._id, 'dispatch', undefined, { 'Idempotency-Key': k });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The same key for another request is refused (422), and changes nothing.
    expect((await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 1 }] }, { 'Idempotency-Key': k })).status).toBe(422);
    const twice = await step(tr._id, 'dispatch');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ status: 'dispatched', message: 'This transfer is dispatched: it cannot be dispatched' });
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock - 4);

    // More than in transit is a 400 naming the line; a partial receipt leaves the rest in transit.
    const over = await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 5 }] });
    expect(over.status).toBe(400);
    expect(over.body.errors[0].field).toBe('lines.0.quantity');
    const part = await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 3 }] }, { 'Idempotency-Key': key() });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: 'partially_received', in_transit_quantity: 1 });
    expect(await balanceOf(t.db, p.productId, tr.to_warehouse_id)).toBe(destBefore + 3);
    expect(await inTransitOf(t.db, p.productId)).toBe(1);

    const rest = await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 1 }] });
    expect(rest.body).toMatchObject({ status: 'received', in_transit_quantity: 0, received_by_name: expect.any(String) });
    expect(await balanceOf(t.db, p.productId, tr.to_warehouse_id)).toBe(destBefore + 4);
    expect(rest.body.history.map((h: { action: string; status: string }) => `${h.action}:${h.status}`)).toEqual([
      'created:draft',
      'dispatched:dispatched',
      'received:partially_received',
      'received:received',
    ]);
    expect((await step(tr._id, 'cancel')).body).toMatchObject({ status: 'received' });
    expect((await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 1 }] })).status).toBe(409);
  });

  it('a receipt of many lines: each arrives once, in line order, worth its share of what left; the rest stays in transit', async () => {
    const from = warehouses[0]!._id;
    const to = warehouses[1]!._id;
    // Four untracked products the source holds (received in one statement) and the destination may or may not.
    const picked = await queryRows<{ product_id: string }>(
      t.db,
      sql`
      select i.product_id from inventory i join products p on p.id = i.product_id
       where i.warehouse_id = ${from}::uuid and i.current_stock >= 5 and not p.tracks_expiry and not i.tracks_expiry
       order by i.product_id limit 4`,
    );
    expect(picked).toHaveLength(4);
    const ids = picked.map((r) => r.product_id);
    const tr = (await create({ from_warehouse_id: from, to_warehouse_id: to, lines: ids.map((product_id) => ({ product_id, quantity: 5 })) })).body;
    expect((await step(tr._id, 'dispatch')).status).toBe(200);
    const before = await Promise.all(ids.map((id) => balanceOf(t.db, id, to)));
    // A product listed twice is refused naming its second line, and nothing arrives.
    const twice = await step(tr._id, 'receive', {
      lines: [ids[1], ids[0], ids[2], ids[0], ids[2]].map((product_id) => ({ product_id, quantity: 1 })),
    });
    expect([twice.status, twice.body.errors?.map((e: { field: string }) => e.field)]).toEqual([400, ['lines.3.product_id', 'lines.4.product_id']]);
    expect(await Promise.all(ids.map((id) => balanceOf(t.db, id, to)))).toEqual(before);
    // The statement's own guard (behind the request's checks): the first line repeating an earlier one, 1-based.
    const repeated = async (lines: unknown[]) =>
      (await queryRows<{ n: number | null }>(t.db, sql`select transfer_repeated_line(${JSON.stringify(lines)}::jsonb)::int as n`))[0]!.n;
    expect(await repeated([ids[1], ids[0], ids[2], ids[0], ids[2]].map((product_id) => ({ product_id })))).toBe(4);
    expect(await repeated([...ids, 'nope', 'nope', null].map((product_id) => ({ product_id })))).toBeNull();
    const got = [5, 3, 1, 0];
    const received = await step(tr._id, 'receive', { lines: ids.map((product_id, k) => ({ product_id, quantity: got[k] })) });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body).toMatchObject({ status: 'partially_received', in_transit_quantity: 20 - 9 });
    expect(await Promise.all(ids.map((id) => balanceOf(t.db, id, to)))).toEqual(before.map((b, k) => b + got[k]!));
    const lines = await queryRows<{ product_id: string; received: number; dispatched_value: number; settled_value: number }>(
      t.db,
      sql`select product_id, received, dispatched_value::float8, settled_value::float8 from transfer_lines where transfer_id = ${tr._id}::uuid order by position`,
    );
    expect(lines.map((l) => l.product_id)).toEqual(ids);
    const arrivals = await queryRows<{ product_id: string; quantity: number; stock_before: number; value_change: number }>(
      t.db,
      sql`
      select product_id, quantity, stock_before, value_change::float8 from stock_movements
       where reference_type = 'transfer' and reference_id = ${tr._id} and movement_type = 'in' order by seq`,
    );
    // One `in` row a line received, in the lines' order, from the balance as it stood, worth the line's share.
    expect(arrivals.map((a) => [a.product_id, a.quantity, a.stock_before])).toEqual(ids.slice(0, 3).map((id, k) => [id, got[k], before[k]]));
    lines.slice(0, 3).forEach((l, k) => {
      expect(l.received).toBe(got[k]);
      expect(l.settled_value).toBeCloseTo(got[k] === 5 ? l.dispatched_value : Math.round((l.dispatched_value * got[k]! * 100) / 5) / 100, 2);
      expect(arrivals[k]!.value_change).toBeCloseTo(l.settled_value, 2);
    });
    expect(lines[3]).toMatchObject({ received: 0, settled_value: 0 });
    // Closed short: the units never received arrive and leave as damaged, the rest of each line's value with them.
    const closed = await step(tr._id, 'receive', { lines: [{ product_id: ids[3], quantity: 2 }], close: true, note: 'Left at the hub' });
    expect(closed.body).toMatchObject({ status: 'received', in_transit_quantity: 0, in_transit_value: 0 });
    expect(await Promise.all(ids.map((id) => balanceOf(t.db, id, to)))).toEqual(before.map((b, k) => b + [5, 3, 1, 2][k]!));
  });

  it('a line short of stock: 409 naming the product, and nothing moves', async () => {
    const a = await fx.stocked(2);
    const [b] = await queryRows<{ product_id: string; current_stock: number }>(
      t.db,
      sql`
      select i.product_id, i.current_stock from inventory i join products p on p.id = i.product_id
       where i.warehouse_id = ${a.warehouseId}::uuid and i.product_id <> ${a.productId}::uuid and i.current_stock between 1 and 1000
         and not p.tracks_expiry order by i.product_id limit 1`,
    );
    const [name] = await queryRows<{ productname: string }>(t.db, sql`select productname from products where id = ${b!.product_id}::uuid`);
    const made = await create({
      from_warehouse_id: a.warehouseId,
      to_warehouse_id: otherWarehouse(a.warehouseId),
      lines: [
        { product_id: a.productId, quantity: 1 },
        { product_id: b!.product_id, quantity: b!.current_stock + 1 },
      ],
    });
    const before = await movementCount(t.db);
    const refused = await step(made.body._id, 'dispatch');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(name!.productname);
    expect(refused.body.product_id).toBe(b!.product_id);
    expect(await movementCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, a.productId, a.warehouseId)).toBe(a.stock);
    expect((await t.request('GET', `/api/transfers/${made.body._id}`, { role: 'admin' })).body.status).toBe('draft');
  });

  it('closing short records the difference as damaged at the destination, with the note the receiver gave', async () => {
    const p = await fx.stocked(5);
    const tr = await draft(p, 5);
    const destBefore = await balanceOf(t.db, p.productId, tr.to_warehouse_id);
    expect((await step(tr._id, 'dispatch')).status).toBe(200);
    const noNote = await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 3 }], close: true });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors[0].field).toBe('note');
    const closed = await step(tr._id, 'receive', { lines: [{ product_id: p.productId, quantity: 3 }], close: true, note: '2 packets torn' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'received', in_transit_quantity: 0 });
    expect(closed.body.lines[0]).toMatchObject({ received: 3, damaged: 2, in_transit: 0 });
    expect(closed.body.history.at(-1)).toMatchObject({ action: 'closed', note: '2 packets torn' });
    expect(await balanceOf(t.db, p.productId, tr.to_warehouse_id)).toBe(destBefore + 3);
    const damaged = (await transferRows(tr._id)).filter((r) => r.movement_type === 'damaged');
    expect(damaged).toEqual([expect.objectContaining({ warehouse_id: tr.to_warehouse_id, quantity: -2, notes: expect.stringContaining('2 packets torn') })]);
  });

  it('cancelling a dispatched transfer returns its stock to the source; a draft just ends', async () => {
    const p = await fx.stocked(3);
    const tr = await draft(p, 3);
    expect((await step(tr._id, 'dispatch')).status).toBe(200);
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock - 3);
    const cancelled = await step(tr._id, 'cancel', { note: 'Truck broke down' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', in_transit_quantity: 0, cancelled_by_name: expect.any(String) });
    expect(cancelled.body.lines[0]).toMatchObject({ returned: 3 });
    expect(await balanceOf(t.db, p.productId, p.warehouseId)).toBe(p.stock);
    expect((await step(tr._id, 'dispatch')).body).toMatchObject({ status: 'cancelled' });

    const d = await draft(p, 1);
    const before = await movementCount(t.db);
    expect((await step(d._id, 'cancel')).body.status).toBe('cancelled');
    expect(await movementCount(t.db)).toBe(before);
  });

  it('moves batches first-expiry-first-out and carries batch and expiry to the destination', async () => {
    const w = warehouses[0]!._id;
    const to = warehouses[1]!._id;
    const made = await t.request('POST', '/api/products', {
      role: 'admin',
      body: {
        productname: `Transfer Milk ${crypto.randomBytes(3).toString('hex')}`,
        category: 'Dairy & Bakery',
        subcategory: 'Milk',
        product_keyword: 'Test Dairy',
        price: 60,
        discount_price: 56,
        product_description: 'Milk.',
        unit: 'ml',
        unit_value: '500',
      },
    });
    const product = made.body._id as string;
    for (const [batch_no, days, quantity] of [
      ['LATE', 20, 5],
      ['SOON', 3, 2],
      ['OLD', -1, 4],
    ] as const) {
      const res = await t.request('POST', '/api/inventory/add-stock', {
        role: 'admin',
        body: {
          product_id: product,
          warehouse_id: w,
          quantity,
          unit_cost: 20,
          movement_reason: 'return',
          batch_no,
          expiry_date: dayFromToday(days),
          confirm_expired: days < 0,
          reference_id: 'GRN-T',
          reference_type: 'manual',
          notes: 'Delivery',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const tooMuch = await create({ from_warehouse_id: w, to_warehouse_id: to, lines: [{ product_id: product, quantity: 8 }] });
    const refused = await step(tooMuch.body._id, 'dispatch');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('unexpired');

    const tr = await create({ from_warehouse_id: w, to_warehouse_id: to, lines: [{ product_id: product, quantity: 4 }] });
    const sent = await step(tr.body._id, 'dispatch');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(
      sent.body.lines[0].batches.map((b: { batch_no: string; dispatched: number; expiry_date: string }) => [b.batch_no, b.dispatched, b.expiry_date]),
    ).toEqual([
      ['SOON', 2, dayFromToday(3)],
      ['LATE', 2, dayFromToday(20)],
    ]);
    const got = await step(tr.body._id, 'receive', { lines: [{ product_id: product, quantity: 3 }] });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const batches = await queryRows<{ batch_no: string; expiry_date: string; current_stock: number }>(
      t.db,
      sql`
      select batch_no, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date, current_stock from stock_batches
       where product_id = ${product}::uuid and warehouse_id = ${to}::uuid order by batch_no`,
    );
    expect(batches).toEqual([
      { batch_no: 'LATE', expiry_date: dayFromToday(20), current_stock: 1 },
      { batch_no: 'SOON', expiry_date: dayFromToday(3), current_stock: 2 },
    ]);
    // The one LATE unit still on the road goes back to its batch at the source.
    expect((await step(tr.body._id, 'cancel')).status).toBe(200);
    const [late] = await queryRows<{ current_stock: number }>(
      t.db,
      sql`
      select current_stock from stock_batches where product_id = ${product}::uuid and warehouse_id = ${w}::uuid and batch_no = 'LATE'`,
    );
    expect(late!.current_stock).toBe(4);
  });

  it('a batch number the destination holds with another expiry date: 409 naming the batch, nothing received', async () => {
    const [w, to] = [warehouses[2]!._id, warehouses[3]!._id];
    const made = await t.request('POST', '/api/products', {
      role: 'admin',
      body: {
        productname: `Transfer Curd ${crypto.randomBytes(3).toString('hex')}`,
        category: 'Dairy & Bakery',
        subcategory: 'Milk',
        product_keyword: 'Test Dairy',
        price: 40,
        discount_price: 38,
        product_description: 'Curd.',
        unit: 'ml',
        unit_value: '400',
      },
    });
    const product = made.body._id as string;
    for (const [warehouse, days] of [
      [w, 5],
      [to, 9],
    ] as const) {
      const res = await t.request('POST', '/api/inventory/add-stock', {
        role: 'admin',
        body: {
          product_id: product,
          warehouse_id: warehouse,
          quantity: 2,
          unit_cost: 10,
          movement_reason: 'return',
          batch_no: 'B1',
          expiry_date: dayFromToday(days),
          reference_id: 'R',
          reference_type: 'manual',
          notes: 'n',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const tr = await create({ from_warehouse_id: w, to_warehouse_id: to, lines: [{ product_id: product, quantity: 1 }] });
    expect((await step(tr.body._id, 'dispatch')).status).toBe(200);
    const refused = await step(tr.body._id, 'receive', { lines: [{ product_id: product, quantity: 1 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Batch B1');
    expect(await balanceOf(t.db, product, to)).toBe(2);
    expect(await inTransitOf(t.db, product)).toBe(1);
    expect((await step(tr.body._id, 'cancel')).body.status).toBe('cancelled');
    expect(await balanceOf(t.db, product, w)).toBe(2);
  });
});

describe('reports and dashboard', () => {
  it('transfers are not sales in the sale-purchase report; the dashboard shows what is in transit with its value', async () => {
    const p = await fx.stocked(2);
    const today = dayFromToday(0);
    const url = `/api/reports/warehouse-sale-purchase?warehouse_id=${p.warehouseId}&start_date=${today}&end_date=${today}`;
    const salesBefore = (await t.request('GET', url, { role: 'admin' })).body.sales[today]?.items.length ?? 0;
    const dashBefore = (await t.request('GET', '/api/dashboard/summary', { role: 'warehouse-user' })).body.in_transit;
    const tr = await draft(p, 2);
    const sent = await step(tr._id, 'dispatch');
    expect((await t.request('GET', url, { role: 'admin' })).body.sales[today]?.items.length ?? 0).toBe(salesBefore);
    const dash = (await t.request('GET', '/api/dashboard/summary', { role: 'warehouse-user' })).body.in_transit;
    expect(dash.quantity).toBe(dashBefore.quantity + 2);
    expect(dash.total_value).toBeCloseTo(dashBefore.total_value + sent.body.in_transit_value, 2);
    expect(dash.transfers).toBe(dashBefore.transfers + 1);
  });
});
