import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, products, stockMovements, users, warehouses } from '../../src/server/db/schema.js';
import { DEMO_PASSWORDS, DEMO_USERS } from '../../src/server/seed/demo-data.js';
import { userUpdateSchema } from '../../src/domain/schemas/user.js';
import { servedResources } from '../../src/server/served-resources.js';
import { usersResource } from '../../src/domain/resources/users.js';
import { userService } from '../../src/server/services/user-service.js';
import { createTestApp, type Reply, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cityId: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  cityId = Object.fromEntries((await t.db.select().from(cities)).map((c) => [c.name, c.id]));
});
afterAll(() => t.close());

const USER_FIELDS = [
  '_id',
  'firstname',
  'lastname',
  'email',
  'phonenumber',
  'address',
  'city_id',
  'city',
  'role',
  'status',
  'gst_no',
  'profileimage',
  'created',
  'modified',
  'warehouse_ids',
  'role_label',
].sort();
/** A record's own answer (show, create, update) carries its version besides (issue 32). */
const USER_RECORD_FIELDS = [...USER_FIELDS, 'version'].sort();

/** Fails when any key anywhere in the body names a password or hash, or any value is a stored hash or a password we sent. */
function expectNoPassword(reply: Reply) {
  const keys: string[] = [];
  JSON.stringify(reply.body, (key, value) => {
    keys.push(key);
    return value;
  });
  expect(keys.filter((k) => /password|hash/i.test(k))).toEqual([]);
  expect(JSON.stringify(reply.body ?? null)).not.toMatch(/scrypt\$|\$argon2|secret123|brand-new-pass/);
}

let n = 0;
const newUser = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    firstname: 'Kiran',
    lastname: `Tester${n}`,
    email: `kiran${n}@example.com`,
    phonenumber: `+91 88000 ${String(10000 + n)}`,
    password: 'secret123',
    address: '1 Test Street',
    city_id: cityId.Jaipur,
    role: 'customer',
    status: 'active',
    ...over,
  };
};
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.request('POST', '/api/users/create', { role: 'admin', body: newUser(over) });
  expectNoPassword(res);
  return res;
};
const login = (emailOrPhone: string, password: string) => t.request('POST', '/api/auth/login', { body: { emailOrPhone, password } });
const asBody = (u: Record<string, unknown>) => ({
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  phonenumber: u.phonenumber,
  address: u.address,
  city_id: u.city_id,
  role: u.role,
  status: u.status,
  gst_no: u.gst_no,
});

describe('user list, show, search', () => {
  it('pages on the server with the real total, newest first, never showing a password', async () => {
    const page1 = await t.request('GET', '/api/users?limit=5', { role: 'admin' });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: DEMO_USERS.length, page: 1, limit: 5 });
    expect(page1.body.users).toHaveLength(5);
    expect(Object.keys(page1.body.users[0]).sort()).toEqual(USER_FIELDS);
    expect(page1.body.users[0].email).toBe(DEMO_USERS.at(-1)![0]);
    const page2 = await t.request('GET', '/api/users?limit=5&page=2', { role: 'admin' });
    const all = await t.request('GET', '/api/users?limit=100', { role: 'admin' });
    expect(page2.body.users.map((u: { _id: string }) => u._id)).toEqual(all.body.users.slice(5, 10).map((u: { _id: string }) => u._id));
    for (const reply of [page1, page2, all]) expectNoPassword(reply);
  });

  it('q matches first or last name, email and phone, case-insensitively', async () => {
    const search = async (q: string) => {
      const res = await t.request('GET', `/api/users?q=${encodeURIComponent(q)}`, { role: 'admin' });
      expectNoPassword(res);
      return res.body.users.map((u: { email: string }) => u.email).sort();
    };
    expect(await search('VERMA')).toEqual(['admin@demo.local']);
    expect(await search('farhan')).toEqual(['seller.indore@demo.local']);
    expect(await search('Aarti Verma')).toEqual(['admin@demo.local']);
    expect(await search('SELLER.')).toEqual(['seller.indore@demo.local', 'seller.lucknow@demo.local', 'seller.pune@demo.local']);
    expect(await search('90000 00007')).toEqual(['seller.indore@demo.local']);
    const res = await t.request('GET', '/api/users?q=demo.local&limit=2', { role: 'admin' });
    expect(res.body.total).toBe(DEMO_USERS.length);
  });

  it('shows one user with the city name, and 404s unknown or malformed ids', async () => {
    const res = await t.request('GET', `/api/users/${t.userIds.seller}`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: t.userIds.seller, email: 'seller@demo.local', city: 'Jaipur', city_id: cityId.Jaipur, role: 'seller' });
    expect(Object.keys(res.body).sort()).toEqual(USER_RECORD_FIELDS);
    expectNoPassword(res);
    for (const id of [crypto.randomUUID(), 'abc']) {
      for (const method of ['GET', 'DELETE']) {
        const r = await t.request(method, `/api/users/${id}`, { role: 'admin' });
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ message: 'User not found' });
      }
      expect((await t.request('PUT', `/api/users/${id}`, { role: 'admin', body: newUser() })).status).toBe(404);
    }
  });

  it('is admin-only', async () => {
    expect((await t.request('GET', '/api/users', { role: 'warehouse-user' })).status).toBe(403);
    expect((await t.request('POST', '/api/users/create', { role: 'warehouse-user', body: newUser() })).status).toBe(403);
  });
});

describe('create user', () => {
  it('creates with a normalised phone and lower-cased e-mail; the new user can log in', async () => {
    const res = await create({ email: 'Meera.Iyer@Example.COM', phonenumber: '+91 (98765) 43-210', role: 'warehouse-user', gst_no: '08AAACB1234C1Z5' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'meera.iyer@example.com',
      phonenumber: '+919876543210',
      city: 'Jaipur',
      role: 'warehouse-user',
      gst_no: '08AAACB1234C1Z5',
    });
    expect(Object.keys(res.body).sort()).toEqual(USER_RECORD_FIELDS);
    expect((await login('+91 98765 43210', 'secret123')).status).toBe(200);
    expect((await login('MEERA.IYER@example.com', 'secret123')).status).toBe(200);
  });

  it('refuses a taken e-mail (any case) or phone (any formatting) with 409 naming which', async () => {
    const email = await create({ email: 'ADMIN@demo.local' });
    expect(email.status).toBe(409);
    expect(email.body.message).toMatch(/email/);
    const phone = await create({ phonenumber: '90000-00001' });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toMatch(/phone number/);
  });

  it('refuses unknown or malformed city_id, and names missing or bad fields', async () => {
    for (const city of [crypto.randomUUID(), 'jaipur']) {
      const res = await create({ city_id: city });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'city_id', message: 'City not found' }]);
    }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: '123' }, 'password', 'Password must be at least 6 characters'],
      [{ password: undefined }, 'password', 'Password is required'],
      [{ firstname: '' }, 'firstname', 'First name is required'],
      [{ email: 'not-an-email' }, 'email', 'Email must be a valid email address'],
      [{ phonenumber: 'call me' }, 'phonenumber', 'Please enter a valid phone number'],
      [{ role: 'superuser' }, 'role', 'Role not found'],
      [{ status: 'banned' }, 'status', 'Status must be one of'],
      [{ city_id: '' }, 'city_id', 'City is required'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(over);
      expect(res.status, field).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message: expect.stringContaining(message) });
    }
  });
});

describe('update user', () => {
  it('updates fields; a blank or missing password keeps the current one', async () => {
    const made = (await create({ role: 'warehouse-user', email: 'keeper@example.com' })).body;
    const blank = await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: { ...asBody(made), lastname: 'Renamed', password: '' } });
    expect(blank.status).toBe(200);
    expect(blank.body.lastname).toBe('Renamed');
    expectNoPassword(blank);
    const missing = await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: { ...asBody(blank.body), city_id: cityId.Pune } });
    expect(missing.body).toMatchObject({ city: 'Pune', lastname: 'Renamed' });
    expect(new Date(missing.body.modified).getTime()).toBeGreaterThanOrEqual(new Date(made.modified).getTime());
    expect((await login('keeper@example.com', 'secret123')).status).toBe(200);
  });

  it('a new password is hashed, works at login, the old one fails, and old sessions end', async () => {
    const made = (await create({ role: 'warehouse-user', email: 'changer@example.com' })).body;
    const session = await login('changer@example.com', 'secret123');
    expect(session.status).toBe(200);
    const res = await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: { ...asBody(made), password: 'brand-new-pass' } });
    expect(res.status).toBe(200);
    expectNoPassword(res);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, made._id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    expect(row!.hash).not.toContain('brand-new-pass');
    expect((await login('changer@example.com', 'brand-new-pass')).status).toBe(200);
    expect((await login('changer@example.com', 'secret123')).status).toBe(401);
    const refresh = await t.request('POST', '/api/auth/refresh', { body: { refresh_token: session.body.refresh_token } });
    expect(refresh.status).toBe(401);
  });

  it('refuses a short new password and taken e-mail or phone of another user', async () => {
    const made = (await create()).body;
    const short = await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: { ...asBody(made), password: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe('password');
    const email = await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: { ...asBody(made), email: 'Seller@Demo.Local' } });
    expect(email.status).toBe(409);
    expect(email.body.message).toMatch(/email/);
    const phone = await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: { ...asBody(made), phonenumber: '9000000004' } });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toMatch(/phone number/);
    // keeping one's own e-mail and phone is not a conflict
    expect((await t.request('PUT', `/api/users/${made._id}`, { role: 'admin', body: asBody(made) })).status).toBe(200);
  });

  it('an admin cannot change their own role or deactivate themselves', async () => {
    const me = (await t.request('GET', `/api/users/${t.userIds.admin}`, { role: 'admin' })).body;
    const role = await t.request('PUT', `/api/users/${me._id}`, { role: 'admin', body: { ...asBody(me), role: 'customer' } });
    expect(role.status).toBe(400);
    expect(role.body.errors).toEqual([{ field: 'role', message: 'You cannot change your own role' }]);
    const status = await t.request('PUT', `/api/users/${me._id}`, { role: 'admin', body: { ...asBody(me), status: 'inactive' } });
    expect(status.status).toBe(400);
    expect(status.body.errors).toEqual([{ field: 'status', message: 'You cannot deactivate your own account' }]);
    const rename = await t.request('PUT', `/api/users/${me._id}`, { role: 'admin', body: { ...asBody(me), firstname: 'Aarti' } });
    expect(rename.status).toBe(200);
  });
});

describe('the last active admin and stock history', () => {
  it('keeps at least one active admin: no delete, demotion or deactivation of the last one', async () => {
    const other = (await create({ role: 'admin', status: 'inactive', email: 'second.admin@example.com' })).body;
    const me = (await t.request('GET', `/api/users/${t.userIds.admin}`, { role: 'admin' })).body;
    // An inactive admin's token is refused outright, so no request can reach the guard: check it in the service.
    const inactiveToken = await t.signer.sign({ sub: other._id, role: 'admin', firstname: 'Second' });
    expect((await t.request('DELETE', `/api/users/${me._id}`, { token: inactiveToken })).status).toBe(401);
    const service = userService(t.db);
    const by = { id: other._id as string, role: 'admin' as const, firstname: 'Second' };
    for (const change of [
      () => service.remove(me._id, by),
      () => service.update(me._id, userUpdateSchema.parse({ ...asBody(me), role: 'sub-admin' }), by),
      () => service.update(me._id, userUpdateSchema.parse({ ...asBody(me), status: 'notverified' }), by),
    ]) {
      await expect(change()).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/last active admin/) });
    }
    // Once the second admin is active, the first may be demoted by it (with a token issued after the activation).
    const activate = await t.request('PUT', `/api/users/${other._id}`, { role: 'admin', body: { ...asBody(other), status: 'active' } });
    expect(activate.status).toBe(200);
    const [row] = await t.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, other._id));
    const token = await t.signer.sign({ sub: other._id, role: 'admin', firstname: 'Second', sv: row!.sv });
    const demote = await t.request('PUT', `/api/users/${me._id}`, { token, body: { ...asBody(me), role: 'sub-admin' } });
    expect(demote.status).toBe(200);
    const restore = await t.request('PUT', `/api/users/${me._id}`, { token, body: { ...asBody(me), role: 'admin' } });
    expect(restore.body.role).toBe('admin');
  });

  it('an admin cannot delete their own account', async () => {
    const res = await t.request('DELETE', `/api/users/${t.userIds.admin}`, { role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot delete your own account');
  });

  it('a user named by stock movements cannot be deleted (409 suggests inactive); others can', async () => {
    const seller = (await create({ role: 'seller' })).body;
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    const [warehouse] = await t.db.select({ id: warehouses.id }).from(warehouses).limit(1);
    await t.db.insert(stockMovements).values({
      productId: product!.id,
      warehouseId: warehouse!.id,
      movementType: 'valuation',
      quantity: 0,
      stockBefore: 0,
      stockAfter: 0,
      valueChange: 0,
      sellerId: seller._id,
    });
    const refused = await t.request('DELETE', `/api/users/${seller._id}`, { role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/inactive/);
    const performer = (await create({ role: 'warehouse-user' })).body;
    await t.db.insert(stockMovements).values({
      productId: product!.id,
      warehouseId: warehouse!.id,
      movementType: 'valuation',
      quantity: 0,
      stockBefore: 0,
      stockAfter: 0,
      valueChange: 0,
      performedBy: performer._id,
    });
    expect((await t.request('DELETE', `/api/users/${performer._id}`, { role: 'admin' })).status).toBe(409);

    const plain = (await create()).body;
    const res = await t.request('DELETE', `/api/users/${plain._id}`, { role: 'admin' });
    expect(res).toMatchObject({ status: 200, body: { message: 'User deleted successfully' } });
    expect((await t.request('GET', `/api/users/${plain._id}`, { role: 'admin' })).status).toBe(404);
  });
});

describe('autocomplete and sellers', () => {
  it('autocomplete: at most 10, case-insensitive, only the fields a suggestion shows', async () => {
    for (let i = 0; i < 11; i++) await create({ firstname: 'Zubin', lastname: `Auto${i}` });
    const res = await t.request('GET', '/api/users/autocomplete?query=zUbIn', { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['_id', 'email', 'firstname', 'lastname', 'role']);
    expectNoPassword(res);
    const one = await t.request('GET', '/api/users/autocomplete?query=QURESHI', { role: 'admin' });
    expect(one.body.data).toEqual([{ _id: expect.any(String), firstname: 'Farhan', lastname: 'Qureshi', email: 'seller.indore@demo.local', role: 'seller' }]);
    expect((await t.request('GET', '/api/users/autocomplete?query=', { role: 'admin' })).body).toEqual({ data: [] });
    expect((await t.request('GET', '/api/users/autocomplete?query=a', { role: 'warehouse-user' })).status).toBe(403);
  });

  it('lists the active sellers of a city for warehouse-user, and only the seller fields', async () => {
    await create({ role: 'seller', status: 'inactive', firstname: 'Dormant', city_id: cityId.Indore });
    await create({ role: 'seller', status: 'active', firstname: 'Bhavna', city_id: cityId.Indore });
    const res = await t.request('GET', `/api/users/by-role/seller?city_id=${cityId.Indore}`, { role: 'warehouse-user' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { firstname: string }) => s.firstname)).toEqual(['Bhavna', 'Farhan']);
    expect(res.body.data[1]).toEqual({ _id: expect.any(String), firstname: 'Farhan', lastname: 'Qureshi', phonenumber: '9000000007' });
    expectNoPassword(res);
    const all = await t.request('GET', '/api/users/by-role/seller', { role: 'admin' });
    expect(all.body.data.map((s: { firstname: string }) => s.firstname)).not.toContain('Dormant');
    expect(all.body.data.length).toBeGreaterThanOrEqual(5);
    expect((await t.request('GET', `/api/users/by-role/seller?city_id=${crypto.randomUUID()}`, { role: 'admin' })).body).toMatchObject({ data: [], total: 0 });
    // A picker's page, its search, and the chosen seller by id whatever its page (issue 33).
    const page = await t.request('GET', '/api/users/by-role/seller?limit=2&page=2', { role: 'warehouse-user' });
    expect(page.body.data).toEqual(all.body.data.slice(2, 4));
    expect(page.body.total).toBe(all.body.data.length);
    const found = await t.request('GET', `/api/users/by-role/seller?q=qURESHI&city_id=${cityId.Indore}`, { role: 'warehouse-user' });
    expect(found.body.data.map((s: { firstname: string }) => s.firstname)).toEqual(['Farhan']);
    expect((await t.request('GET', '/api/users/by-role/seller?q=9000000007', { role: 'warehouse-user' })).body.data[0].firstname).toBe('Farhan');
    const farhan = res.body.data[1] as { _id: string };
    expect((await t.request('GET', `/api/users/by-role/seller/${farhan._id}`, { role: 'warehouse-user' })).body).toEqual(res.body.data[1]);
    const admin = await t.request('GET', '/api/users?limit=1&role=admin', { role: 'admin' });
    expect((await t.request('GET', `/api/users/by-role/seller/${admin.body.users[0]._id}`, { role: 'warehouse-user' })).status).toBe(404);
    expect((await t.request('GET', '/api/users/by-role/seller/nope', { role: 'warehouse-user' })).status).toBe(404);
    expect((await t.request('GET', '/api/users/by-role/seller?limit=1001', { role: 'admin' })).status).toBe(400);
    const bad = await t.request('GET', '/api/users/by-role/seller?city_id=indore', { role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('city_id');
    expect((await t.request('GET', '/api/users/by-role/seller', { role: 'customer' })).status).toBe(403);
  });
});

describe('the declaration (src/domain/resources/users.ts)', () => {
  it("is served by the declared routes on users' own service, in its REST shape: list key users, POST /users/create, PUT", async () => {
    expect((await servedResources([usersResource]))[0]!.part.service).toBeTypeOf('function');
    expect((await t.request('GET', '/api/users?limit=1', { role: 'admin' })).body).toMatchObject({ users: [expect.any(Object)], page: 1, limit: 1 });
    expect((await t.request('POST', '/api/users', { role: 'admin', body: newUser() })).status).toBe(404);
    const made = await create();
    expect((await t.request('PATCH', `/api/users/${made.body._id}`, { role: 'admin', body: asBody(made.body) })).status).toBe(404);
    expect((await t.request('PUT', `/api/users/${made.body._id}`, { role: 'admin', body: asBody(made.body) })).status).toBe(200);
  });
});

describe('passwords of the demo data', () => {
  it('the demo admin still logs in with the documented password', async () => {
    expect((await login('admin@demo.local', DEMO_PASSWORDS.admin)).status).toBe(200);
  });
});

// Last in the file: it may leave the demo admin demoted.
describe('requests at the same time (real concurrency on PostgreSQL)', () => {
  it('two creates with the same e-mail: one 201, one 409, never a 500', async () => {
    const body = newUser({ email: 'twin@example.com' });
    const replies = await Promise.all([
      t.request('POST', '/api/users/create', { role: 'admin', body }),
      t.request('POST', '/api/users/create', { role: 'admin', body: { ...body, phonenumber: '+91 77000 00001' } }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toMatch(/email/);
  });

  it('two admins demoting each other at once: one wins, the other is refused, one active admin remains', async () => {
    // Exactly two active admins: the demo one and a rival.
    await t.db
      .update(users)
      .set({ role: 'customer' })
      .where(and(eq(users.role, 'admin'), ne(users.id, t.userIds.admin)));
    const other = (await create({ role: 'admin', status: 'active', email: 'rival.admin@example.com' })).body;
    const otherToken = await t.signer.sign({ sub: other._id, role: 'admin', firstname: 'Rival' });
    const me = (await t.request('GET', `/api/users/${t.userIds.admin}`, { role: 'admin' })).body;
    const replies = await Promise.all([
      t.request('PUT', `/api/users/${other._id}`, { role: 'admin', body: { ...asBody(other), role: 'customer' } }),
      t.request('PUT', `/api/users/${me._id}`, { token: otherToken, body: { ...asBody(me), role: 'customer' } }),
    ]);
    // The loser is refused by the last-admin guard (409), or, when the winner committed before its token was
    // checked, as a user who is no longer an admin (401).
    const [won, lost] = [...replies].sort((a, b) => a.status - b.status);
    expect(won!.status).toBe(200);
    expect([401, 409]).toContain(lost!.status);
    if (lost!.status === 409) expect(lost!.body.message).toMatch(/last active admin/);
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });
});
