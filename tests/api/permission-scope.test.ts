import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, WAREHOUSE_SCOPED, can, isWarehouseScoped, type Policy } from '../../src/domain/policy.js';
import { ROLES } from '../../src/domain/roles.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 15: custom roles, warehouse scope and who sees costs, on the real API (one app per file, in-process).
 * The role × route × scope walk is generated from the route table; the scoped reads are compared with
 * brute-force SQL written without the API's scope helper.
 */
let t: TestApp;
const AUDITOR = 'store-auditor';
let auditor: { id: string; token: () => Promise<string> };
let mine: string[]; // the demo warehouse-user's assigned warehouses
let other: string; // a warehouse outside them
let otherCity: string;
let jaipur: string;

const admin = { role: 'admin' as const };
const wh = { role: 'warehouse-user' as const };
const clone = (p: Policy): Policy => JSON.parse(JSON.stringify(p));
const purchase = (productId: string, warehouseId: string) => ({
  product_id: productId,
  warehouse_id: warehouseId,
  quantity: 2,
  unit_cost: 12.5,
  movement_reason: 'purchase',
  reference_id: 'INV-15',
  reference_type: 'invoice',
  notes: 'Scope check',
  seller_id: t.userIds.seller,
});

/** A uuid[] parameter (drizzle would spread a JS array into a row). */
const pgArray = (ids: string[]) => `{${ids.join(',')}}`;

async function q<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.db.execute(text));
}

async function putPolicy(policy: Policy) {
  const res = await t.request('PUT', '/api/permissions', { ...admin, body: policy });
  if (res.status !== 200) throw new Error(`PUT /permissions → ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The defaults, plus the auditor role (reads reports, sees warehouses), with every scoped resource set to `scope`. */
function policyWith(scope: 'all' | 'assigned', base: Policy = DEFAULT_POLICY): Policy {
  const next = clone(base);
  next.signIn[AUDITOR] = true;
  next.grants[AUDITOR] = { reports: ['list'], warehouses: ['list', 'show'], dashboard: ['show'] };
  const scopes = Object.fromEntries(WAREHOUSE_SCOPED.map((r) => [r, scope]));
  next.scope = { 'warehouse-user': scopes, [AUDITOR]: scopes };
  return next;
}

beforeAll(async () => {
  t = await createTestApp();
  const created = await t.request('POST', '/api/roles', { ...admin, body: { name: AUDITOR, label: 'Store auditor' } });
  expect(created.status).toBe(201);
  const me = await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, admin);
  mine = me.body.warehouse_ids;
  const [o] = await q<{ id: string; city_id: string }>(sql`select id, city_id from warehouses where id <> all(${pgArray(mine)}::uuid[]) order by name limit 1`);
  other = o!.id;
  otherCity = o!.city_id;
  jaipur = (await q<{ id: string }>(sql`select id from cities where name = 'Jaipur'`))[0]!.id;
  const city = (await t.request('GET', '/api/cities', admin)).body.data[0]._id;
  const user = await t.request('POST', '/api/users/create', {
    ...admin,
    body: {
      firstname: 'Asha',
      lastname: 'Audit',
      email: 'auditor@example.com',
      phonenumber: '9876500011',
      password: 'auditor-secret',
      address: '1 Road',
      city_id: city,
      role: AUDITOR,
      status: 'active',
      warehouse_ids: [mine[0]],
    },
  });
  expect(user.status).toBe(201);
  auditor = {
    id: user.body._id,
    token: async () => {
      const [u] = await q<{ sv: number }>(sql`select session_version as sv from users where id = ${user.body._id}::uuid`);
      return t.signer.sign({ sub: user.body._id, role: AUDITOR, firstname: 'Asha', sv: u!.sv });
    },
  };
}, 120_000);
afterAll(() => t.close());

describe('custom roles', () => {
  it('lists built-in and custom roles with labels and how many users hold each; refuses duplicates and bad names', async () => {
    const list = await t.request('GET', '/api/roles', admin);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual([...ROLES, AUDITOR]);
    expect(list.body.data.find((r: { name: string }) => r.name === AUDITOR)).toEqual({ name: AUDITOR, label: 'Store auditor', builtin: false, users: 1 });
    expect(list.body.data[0]).toMatchObject({ name: 'admin', label: 'Admin', builtin: true });
    // User reads carry the role's label: the custom one's, and SPEC.md's for a built-in role never relabelled.
    expect((await t.request('GET', `/api/users/${auditor.id}`, admin)).body.role_label).toBe('Store auditor');
    expect((await t.request('GET', `/api/users/${t.userIds['warehouse-user']}`, admin)).body.role_label).toBe('Warehouse User');
    expect((await t.request('POST', '/api/roles', { ...admin, body: { name: AUDITOR, label: 'Again' } })).status).toBe(409);
    const bad = await t.request('POST', '/api/roles', { ...admin, body: { name: 'Store Auditor!', label: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('name');
    expect((await t.request('POST', '/api/roles', { ...wh, body: { name: 'x-role', label: 'x' } })).status).toBe(403);
    // Counts of users are for user and permission admins.
    const asWarehouse = await t.request('GET', '/api/roles', wh);
    expect(asWarehouse.body.data[0]).toEqual({ name: 'admin', label: 'Admin', builtin: true });
  });

  it('a new role starts with no grants and may not sign in; renames and deletes are audited; held or built-in roles stay', async () => {
    const made = await t.request('POST', '/api/roles', { ...admin, body: { name: 'night-shift', label: 'Night shift' } });
    expect(made.body).toEqual({ name: 'night-shift', label: 'Night shift', builtin: false, users: 0 });
    const perms = await t.request('GET', '/api/permissions', admin);
    expect(perms.body.policy.signIn['night-shift']).toBe(false);
    expect(perms.body.policy.grants['night-shift']).toEqual({});
    expect(perms.body.labels['night-shift']).toBe('Night shift');

    expect((await t.request('PUT', '/api/roles/night-shift', { ...admin, body: { label: 'Night crew' } })).body.label).toBe('Night crew');
    expect((await t.request('PUT', '/api/roles/seller', { ...admin, body: { label: 'Vendor' } })).body).toMatchObject({ label: 'Vendor', builtin: true });
    const audit = await t.request('GET', '/api/permissions/audit', admin);
    expect(audit.body.data[0].before.labels.seller).toBe('');
    expect(audit.body.data[0].after.labels.seller).toBe('Vendor');
    await t.request('PUT', '/api/roles/seller', { ...admin, body: { label: 'Seller' } });

    const held = await t.request('DELETE', `/api/roles/${AUDITOR}`, admin);
    expect(held.status).toBe(409);
    expect(held.body.message).toContain('held by 1 user');
    expect((await t.request('DELETE', '/api/roles/customer', admin)).status).toBe(409);
    expect((await t.request('DELETE', '/api/roles/night-shift', admin)).status).toBe(200);
    expect((await t.request('DELETE', '/api/roles/night-shift', admin)).status).toBe(404);
    expect((await t.request('GET', '/api/permissions', admin)).body.roles).not.toContain('night-shift');
    // A policy naming a role that does not exist is refused, and a user cannot be given one.
    const unknown = policyWith('all');
    unknown.signIn['ghost-role'] = true;
    expect((await t.request('PUT', '/api/permissions', { ...admin, body: unknown })).status).toBe(400);
    const me = (await t.request('GET', `/api/users/${auditor.id}`, admin)).body;
    // Each PUT below names no version: SPEC.md's way, a write whatever changed since the read.
    const { _id, city: _c, created: _cr, modified: _m, version: _v, ...edit } = me;
    const ghost = await t.request('PUT', `/api/users/${_id}`, { ...admin, body: { ...edit, role: 'ghost-role' } });
    expect(ghost.status).toBe(400);
    expect(ghost.body.errors).toEqual([{ field: 'role', message: 'Role not found' }]);
  });

  it('the login rule reads the role from the database: the auditor signs in only once allowed', async () => {
    const login = () => t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'auditor@example.com', password: 'auditor-secret' } });
    await putPolicy(policyWith('all', { ...DEFAULT_POLICY }));
    expect((await login()).status).toBe(200);
    const off = policyWith('all');
    off.signIn[AUDITOR] = false;
    await putPolicy(off);
    expect((await login()).status).toBe(403);
  });
});

describe('warehouse scope', () => {
  it('assigns warehouses on users: validated, read back, and a new assignment ends the old sessions', async () => {
    await putPolicy(policyWith('all'));
    const before = await auditor.token();
    expect((await t.request('GET', '/api/access-policy', { token: before })).status).toBe(200);
    const me = (await t.request('GET', `/api/users/${auditor.id}`, admin)).body;
    // Each PUT below names no version: SPEC.md's way, a write whatever changed since the read.
    const { _id, city: _c, created: _cr, modified: _m, version: _v, ...edit } = me;
    const bad = await t.request('PUT', `/api/users/${_id}`, { ...admin, body: { ...edit, warehouse_ids: [crypto.randomUUID()] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('warehouse_ids');
    const ok = await t.request('PUT', `/api/users/${_id}`, { ...admin, body: { ...edit, warehouse_ids: [mine[0], mine[0]] } });
    expect(ok.body.warehouse_ids).toEqual([mine[0]]);
    expect((await t.request('GET', '/api/access-policy', { token: before })).status).toBe(200); // unchanged set: same session
    const moved = await t.request('PUT', `/api/users/${_id}`, { ...admin, body: { ...edit, warehouse_ids: [mine[1]] } });
    expect(moved.body.warehouse_ids).toEqual([mine[1]]);
    expect((await t.request('GET', '/api/access-policy', { token: before })).status).toBe(401);
    await t.request('PUT', `/api/users/${_id}`, { ...admin, body: { ...edit, warehouse_ids: [mine[0]] } });
  });

  it('every route × every role (with a custom one) × scope all and assigned answers as the policy says', async () => {
    const failures: string[] = [];
    const fill = (url: string) => url.replace(/:[a-zA-Z]+/g, () => crypto.randomUUID());
    const routes = t.app.routeAccessTable.filter((r) => r.access !== 'public' && !r.url.startsWith('/api/docs'));
    for (const scope of ['all', 'assigned'] as const) {
      const policy = policyWith(scope);
      await putPolicy(policy);
      const who = [...ROLES.map((role) => ({ role, token: () => t.token(role) })), { role: AUDITOR, token: auditor.token }];
      for (const { role, token } of who) {
        const bearer = await token();
        for (const route of routes) {
          const res = await t.request(route.method, fill(route.url), {
            token: bearer,
            body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          });
          const allowed =
            Boolean(policy.signIn[role]) &&
            (route.access === 'signed-in' || (typeof route.access === 'object' && can(policy, role, route.access.resource, route.access.action)));
          // With scope 'assigned' no new warehouse can be made (it would be nobody's).
          const scopedOut = allowed && scope === 'assigned' && role !== 'admin' && route.method === 'POST' && route.url === '/api/warehouses';
          const ok = !allowed || scopedOut ? res.status === 403 : res.status !== 401 && res.status !== 403 && res.status < 500;
          if (!ok) failures.push(`${scope} ${route.method} ${route.url} as ${role} → ${res.status} (${allowed ? 'allowed' : 'denied'})`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000); // Every route × every role × two scopes: over 120 s on two cores loaded with a full run.

  it("'assigned': another warehouse's record is 404 and a write into it is 403 that changes nothing, on every scoped write route", async () => {
    await putPolicy(policyWith('all'));
    const take = (await t.request('POST', '/api/stock-takes', { ...admin, body: { warehouse_id: other } })).body._id as string;
    // Transfers (issue 18): one from another warehouse into one of mine (its dispatch and cancel are the source's), one
    // from mine out to another (its receive is the destination's), one between two others (not mine to read).
    const [stockedHere] = await q<{ product_id: string }>(sql`
      select i.product_id from inventory i join products p on p.id = i.product_id
       where i.warehouse_id = ${mine[0]}::uuid and i.current_stock > 5 and not p.tracks_expiry order by i.id limit 1`);
    const [third] = await q<{ id: string }>(sql`select id from warehouses where id <> all(${pgArray([...mine, other])}::uuid[]) order by name limit 1`);
    const transfer = async (from: string, to: string, productId: string) => {
      const res = await t.request('POST', '/api/transfers', {
        ...admin,
        body: { from_warehouse_id: from, to_warehouse_id: to, lines: [{ product_id: productId, quantity: 1 }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body._id as string;
    };
    const inbound = await transfer(other, mine[0]!, stockedHere!.product_id);
    const outbound = await transfer(mine[0]!, other, stockedHere!.product_id);
    expect((await t.request('POST', `/api/transfers/${outbound}/dispatch`, admin)).status).toBe(200);
    const elsewhere = await transfer(other, third!.id, stockedHere!.product_id);
    const mineDraft = await transfer(mine[0]!, other, stockedHere!.product_id);
    // Purchase orders (issue 31) delivered to another warehouse: a draft, and one placed (its steps).
    const seller = (await t.request('GET', '/api/users/by-role/seller', admin)).body.data[0]._id as string;
    const orderBody = (warehouseId: string) => ({
      seller_id: seller,
      warehouse_id: warehouseId,
      expected_on: '2026-12-15',
      lines: [{ product_id: stockedHere!.product_id, quantity: 4, unit_cost: 10 }],
    });
    const orderThere = async () => {
      const made = await t.request('POST', '/api/purchase-orders', { ...admin, body: orderBody(other) });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body._id as string;
    };
    const [draftThere, placedThere] = [await orderThere(), await orderThere()];
    const step = (id: string, action: string, body: unknown = {}) =>
      t.request('POST', `/api/purchase-orders/${id}/${action}`, { ...admin, headers: { 'idempotency-key': crypto.randomUUID() }, body });
    expect((await step(placedThere, 'order')).status).toBe(200);
    expect((await step(placedThere, 'receive', { lines: [{ product_id: stockedHere!.product_id, quantity: 2 }] })).status).toBe(200);
    const orderedPolicy = policyWith('assigned');
    orderedPolicy.grants['warehouse-user'] = {
      ...orderedPolicy.grants['warehouse-user'],
      'purchase-orders': ['list', 'show', 'create', 'edit', 'delete', 'order', 'receive', 'return', 'close', 'cancel'],
      replenishment: ['list', 'create'],
    };
    await putPolicy(orderedPolicy);
    const [record] = await q<{ id: string; product_id: string; stock: number }>(
      sql`select id, product_id, current_stock as stock from inventory where warehouse_id = ${other}::uuid and current_stock > 0 order by id limit 1`,
    );
    const [free] = await q<{ id: string }>(
      sql`select p.id from products p where not exists (select 1 from inventory i where i.product_id = p.id and i.warehouse_id = ${other}::uuid) limit 1`,
    );
    // Replenishment (issue 31): a settings file naming another warehouse's record.
    const [named] = await q<{ warehouse: string; product: string }>(sql`select w.name as warehouse, p.productname as product from products p, warehouses w
      where p.id = ${record!.product_id}::uuid and w.id = ${other}::uuid`);
    const csv = { 'content-type': 'text/csv' };
    const ledger = async () => (await q<{ n: number; s: number }>(sql`select count(*)::int as n, coalesce(sum(current_stock), 0)::int as s from inventory`))[0];
    const movements = async () => (await q<{ n: number }>(sql`select count(*)::int as n from stock_movements`))[0]!.n;
    const before = { ledger: await ledger(), movements: await movements() };

    const reads: [string, string][] = [
      ['GET', `/api/inventory/${record!.id}`],
      ['GET', `/api/inventory/lookup?product_id=${record!.product_id}&warehouse_id=${other}`],
      ['GET', `/api/warehouses/${other}`],
      ['GET', `/api/inventory/${record!.id}/batches`],
      ['GET', `/api/stock-takes/${take}`],
      ['GET', `/api/transfers/${elsewhere}`],
      ['GET', `/api/purchase-orders/${placedThere}`],
    ];
    for (const [method, url] of reads) expect((await t.request(method, url, wh)).status, url).toBe(404);
    const writes: [string, string, unknown, Record<string, string>?][] = [
      ['POST', '/api/inventory/add-stock', purchase(record!.product_id, other)],
      ['POST', '/api/inventory/adjust-stock', { product_id: record!.product_id, warehouse_id: other, new_stock: 1 }],
      ['POST', '/api/inventory/remove-stock', { product_id: record!.product_id, warehouse_id: other, quantity: 1, movement_type: 'damaged' }],
      ['POST', '/api/inventory', { product_id: free?.id ?? record!.product_id, warehouse_id: other, current_stock: 3, unit_cost: 5 }],
      ['PUT', `/api/inventory/${record!.id}`, { current_stock: record!.stock + 7 }],
      ['DELETE', `/api/inventory/${record!.id}`, undefined],
      ['POST', '/api/inventory/test-update-all-inventory', { warehouse_id: other }],
      ['POST', '/api/inventory/write-off-expired', { warehouse_id: other }],
      ['POST', '/api/inventory/revalue', { product_id: record!.product_id, warehouse_id: other, unit_cost: 5, notes: 'Probe' }],
      ['POST', '/api/stock-takes', { warehouse_id: other }],
      ['PUT', `/api/stock-takes/${take}/counts`, { lines: [{ product_id: record!.product_id, counted: 0 }] }],
      ['POST', `/api/stock-takes/${take}/count-uncounted-as-zero`, undefined],
      ['POST', `/api/stock-takes/${take}/apply`, undefined],
      ['POST', `/api/stock-takes/${take}/cancel`, undefined],
      ['POST', '/api/transfers', { from_warehouse_id: other, to_warehouse_id: mine[0], lines: [{ product_id: stockedHere!.product_id, quantity: 1 }] }],
      // A draft is edited by its source: neither one from another warehouse, nor one of mine moved to another.
      [
        'PUT',
        `/api/transfers/${inbound}`,
        { from_warehouse_id: other, to_warehouse_id: mine[0], lines: [{ product_id: stockedHere!.product_id, quantity: 2 }] },
      ],
      [
        'PUT',
        `/api/transfers/${mineDraft}`,
        { from_warehouse_id: other, to_warehouse_id: mine[1], lines: [{ product_id: stockedHere!.product_id, quantity: 2 }] },
      ],
      ['POST', `/api/transfers/${inbound}/dispatch`, undefined],
      ['POST', `/api/transfers/${outbound}/receive`, { lines: [{ product_id: stockedHere!.product_id, quantity: 1 }] }],
      ['POST', `/api/transfers/${inbound}/cancel`, undefined],
      ['POST', '/api/purchase-orders', orderBody(other)],
      ['PUT', `/api/purchase-orders/${draftThere}`, orderBody(mine[0]!)],
      ['DELETE', `/api/purchase-orders/${draftThere}`, undefined],
      ['POST', `/api/purchase-orders/${draftThere}/order`, {}],
      ['POST', `/api/purchase-orders/${placedThere}/receive`, { lines: [{ product_id: stockedHere!.product_id, quantity: 1 }] }],
      ['POST', `/api/purchase-orders/${placedThere}/return`, { lines: [{ product_id: stockedHere!.product_id, quantity: 1 }], note: 'Damaged' }],
      ['POST', `/api/purchase-orders/${placedThere}/close`, { note: 'Short' }],
      ['POST', `/api/purchase-orders/${draftThere}/cancel`, {}],
      ['POST', '/api/replenishment/orders', { warehouse_id: other, lines: [{ product_id: record!.product_id, quantity: 3, seller_id: seller }] }],
      ['POST', '/api/inventory/replenishment-settings/import', `warehouse,product,lead_time_days\n${named!.warehouse},${named!.product},4\n`, csv],
    ];
    for (const [method, url, body, headers] of writes) {
      const res = await t.request(method, url, { ...wh, body, headers: { 'idempotency-key': crypto.randomUUID(), ...headers } });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(403);
    }
    expect({ ledger: await ledger(), movements: await movements() }).toEqual(before);
    // The same writes into an assigned warehouse go through (the scope is not a blanket refusal).
    const [own] = await q<{ product_id: string }>(
      sql`select i.product_id from inventory i join products p on p.id = i.product_id where i.warehouse_id = ${mine[0]}::uuid and not p.tracks_expiry order by i.id limit 1`,
    );
    const add = await t.request('POST', '/api/inventory/add-stock', {
      ...wh,
      body: purchase(own!.product_id, mine[0]!),
    });
    expect(add.status).toBe(200);
    // Every scoped write route is exercised above: a new one must be added to this test.
    const scopedWrites = t.app.routeAccessTable
      .filter((r) => typeof r.access === 'object' && isWarehouseScoped(r.access.resource) && r.method !== 'GET' && r.access.resource !== 'warehouses')
      .map((r) => `${r.method} ${r.url}`);
    const covered = writes.map(([m, u]) => `${m} ${u.replace(/[0-9a-f-]{36}/, ':id')}`);
    expect((await t.request('GET', `/api/transfers/${mineDraft}`, wh)).body).toMatchObject({ from_warehouse_id: mine[0], to_warehouse_id: other });
    const [counted] = await q<{ n: number }>(sql`select count(*)::int as n from stock_take_lines where stock_take_id = ${take}::uuid and counted is not null`);
    expect(counted!.n).toBe(0);
    const statuses = await q<{ status: string }>(sql`select status from transfers where id in (${inbound}::uuid, ${outbound}::uuid) order by number`);
    expect(statuses.map((s) => s.status)).toEqual(['draft', 'dispatched']);
    // The ends that are mine: the inbound's receive side is mine (it reads), the outbound's source is mine (it reads).
    expect((await t.request('GET', `/api/transfers/${inbound}`, wh)).status).toBe(200);
    const listed = (await t.request('GET', '/api/transfers?limit=100', wh)).body.data.map((r: { _id: string }) => r._id);
    expect(listed).toEqual(expect.arrayContaining([inbound, outbound]));
    expect(listed).not.toContain(elsewhere);
    expect(scopedWrites.filter((r) => !covered.includes(r))).toEqual([]);
  });

  it("'assigned' lists, by-city pages, reports and dashboard hold only the assigned warehouses' rows (checked by brute force)", async () => {
    await putPolicy(policyWith('assigned'));
    const [brute] = await q<{ items: number; low: number; warehouses: number }>(sql`
      select count(*)::int as items, (count(*) filter (where current_stock <= minimum_stock))::int as low,
             (select count(*)::int from warehouses where id = any(${pgArray(mine)}::uuid[])) as warehouses
        from inventory where warehouse_id = any(${pgArray(mine)}::uuid[])`);
    const inside = (id: string) => mine.includes(id);

    const list = await t.request('GET', '/api/inventory?limit=100', wh);
    expect(list.body.total).toBe(brute!.items);
    expect(list.body.data.every((r: { warehouse_id: string }) => inside(r.warehouse_id))).toBe(true);
    const filtered = await t.request('GET', `/api/inventory?warehouse_id=${other}`, wh);
    expect(filtered.body.total).toBe(0);

    const takes = await t.request('GET', '/api/stock-takes?limit=100', wh);
    const [tk] = await q<{ n: number }>(sql`select count(*)::int as n from stock_takes where warehouse_id = any(${pgArray(mine)}::uuid[])`);
    expect(takes.body.total).toBe(tk!.n);
    expect(takes.body.data.every((r: { warehouse_id: string }) => inside(r.warehouse_id))).toBe(true);
    const expiring = await t.request('GET', '/api/inventory/expiring?days=3650&include_expired=true&limit=1000', wh);
    const [ex] = await q<{ n: number }>(sql`
      select count(*)::int as n from stock_batches where warehouse_id = any(${pgArray(mine)}::uuid[]) and current_stock > 0 and expiry_date is not null`);
    expect(expiring.body.total).toBe(ex!.n);
    expect(expiring.body.data.every((r: { warehouse_id: string }) => inside(r.warehouse_id))).toBe(true);

    const warehouses = await t.request('GET', '/api/warehouses', wh);
    expect(warehouses.body.data.map((w: { _id: string }) => w._id).sort()).toEqual([...mine].sort());

    const movements = await t.request('GET', '/api/inventory/movements?limit=100', wh);
    const [m] = await q<{ n: number }>(sql`select count(*)::int as n from stock_movements where warehouse_id = any(${pgArray(mine)}::uuid[])`);
    expect(movements.body.total).toBe(m!.n);

    const city = await t.request('GET', `/api/inventory/by-city/${jaipur}`, wh);
    expect(city.body.warehouses.map((w: { warehouse_id: string }) => w.warehouse_id).sort()).toEqual([...mine].sort());
    const elsewhere = await t.request('GET', `/api/inventory/by-city/${otherCity}`, wh);
    expect(elsewhere.body.warehouses).toEqual([]);

    const summary = await t.request('GET', '/api/inventory/report?report_type=summary', wh);
    expect(summary.body.summary.total_products).toBe(brute!.items);
    expect(summary.body.recent_movements.every((r: { warehouse_id: string }) => inside(r.warehouse_id))).toBe(true);
    const detailed = await t.request('GET', '/api/inventory/report?report_type=detailed&limit=1000', wh);
    expect(detailed.body.inventory_items.every((r: { warehouse_id: string }) => inside(r.warehouse_id))).toBe(true);
    const [stats] = await q<{ n: number }>(sql`
      select coalesce(sum(movement_count), 0)::int as n from stock_daily_totals
       where warehouse_id = any(${pgArray(mine)}::uuid[]) and day between ${summary.body.period.start_date}::date and ${summary.body.period.end_date}::date`);
    expect(summary.body.movement_statistics.movement_count).toBe(stats!.n);
    const comparison = await t.request('GET', '/api/inventory/report?report_type=comparison&limit=1000', wh);
    const [current] = await q<{ s: number }>(
      sql`select coalesce(sum(current_stock), 0)::float8 as s from inventory where warehouse_id = any(${pgArray(mine)}::uuid[])`,
    );
    const shown = comparison.body.comparison.current_stock.reduce((s: number, r: { current_stock: number }) => s + r.current_stock, 0);
    expect(shown).toBe(current!.s);
    const salePurchase = await t.request('GET', `/api/reports/warehouse-sale-purchase?warehouse_id=${other}&start_date=2020-01-01&end_date=2020-12-31`, wh);
    expect(salePurchase.status).toBe(400);

    const dashboard = await t.request('GET', '/api/dashboard/summary', wh);
    expect(dashboard.body.counts).toMatchObject({ inventory_items: brute!.items, warehouses: brute!.warehouses, low_stock: brute!.low });
    expect(dashboard.body.warehouses.every((w: { _id: string }) => inside(w._id))).toBe(true);
    expect(dashboard.body.low_stock_alerts.every((a: { warehouse_id: string }) => inside(a.warehouse_id))).toBe(true);

    // 'all' again: the same user sees every warehouse.
    await putPolicy(policyWith('all'));
    const all = await t.request('GET', '/api/inventory?limit=1', wh);
    const [every] = await q<{ n: number }>(sql`select count(*)::int as n from inventory`);
    expect(all.body.total).toBe(every!.n);
  });
});

describe('who sees costs', () => {
  it("without 'costs: see' no response carries a cost figure; sale prices stay", async () => {
    const revoked = policyWith('all');
    delete revoked.grants['warehouse-user']!.costs;
    await putPolicy(revoked);
    const costKeys = /"(unit_cost|total_value|total_value_in|total_value_out|total_inventory_value|variance_value|in_transit_value)"/;
    const [product] = await q<{ id: string }>(sql`select id from products where not tracks_expiry order by id limit 1`);
    const anyTransfer = (
      await t.request('POST', '/api/transfers', {
        ...admin,
        body: { from_warehouse_id: mine[0], to_warehouse_id: mine[1], lines: [{ product_id: product!.id, quantity: 1 }] },
      })
    ).body as { _id: string };
    const take = (await t.request('POST', '/api/stock-takes', { ...wh, body: { warehouse_id: mine[0], blind: false } })).body._id as string;
    const reads = [
      '/api/inventory/expiring?days=30&include_expired=true',
      `/api/stock-takes/${take}`,
      '/api/transfers?limit=5',
      `/api/transfers/${anyTransfer._id}`,
      '/api/inventory?limit=5',
      '/api/inventory/movements?limit=5',
      `/api/inventory/by-city/${jaipur}`,
      '/api/dashboard/summary',
      '/api/inventory/report?report_type=summary',
      '/api/inventory/report?report_type=detailed',
      '/api/inventory/report?report_type=movements',
    ];
    for (const url of reads) {
      const res = await t.request('GET', url, wh);
      expect(res.status, url).toBe(200);
      expect(JSON.stringify(res.body), url).not.toMatch(costKeys);
    }
    const { period } = (await t.request('GET', '/api/inventory/report?report_type=summary', wh)).body;
    const sp = await t.request(
      'GET',
      `/api/reports/warehouse-sale-purchase?warehouse_id=${mine[0]}&start_date=${period.start_date}&end_date=${period.end_date}`,
      wh,
    );
    expect(sp.status).toBe(200);
    const days = [...Object.values(sp.body.purchases), ...Object.values(sp.body.sales)] as Record<string, unknown>[];
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => !('total' in d) && 'total_quantity' in d)).toBe(true);
    expect(JSON.stringify(sp.body)).not.toMatch(costKeys);
    const [own] = await q<{ product_id: string }>(
      sql`select i.product_id from inventory i join products p on p.id = i.product_id where i.warehouse_id = ${mine[0]}::uuid and not p.tracks_expiry order by i.id limit 1`,
    );
    const add = await t.request('POST', '/api/inventory/add-stock', {
      ...wh,
      body: purchase(own!.product_id, mine[0]!),
    });
    expect(add.status).toBe(200);
    expect(JSON.stringify(add.body)).not.toMatch(costKeys);
    const writeOff = await t.request('POST', '/api/inventory/write-off-expired', { ...wh, body: { warehouse_id: mine[0] } });
    expect(writeOff.status).toBe(200);
    expect(JSON.stringify(writeOff.body)).not.toMatch(costKeys);
    const expiring = await t.request('GET', '/api/inventory/expiring?days=30&include_expired=true', wh);
    expect(expiring.body.data.length).toBeGreaterThan(0);
    expect(expiring.body.data.every((r: object) => !('value' in r) && 'quantity' in r)).toBe(true);
    // The admin still sees them, and the access policy tells the SPA.
    expect(JSON.stringify((await t.request('GET', '/api/inventory?limit=5', admin)).body)).toMatch(costKeys);
    expect((await t.request('GET', '/api/access-policy', wh)).body.permissions.costs).toBeUndefined();
    expect((await t.request('GET', '/api/access-policy', admin)).body.permissions.costs).toEqual(['see']);
    await putPolicy(policyWith('all'));
    expect((await t.request('GET', '/api/inventory?limit=5', wh)).body.data[0]).toHaveProperty('unit_cost');
  });
});
