import { gt, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type ResourceDeclaration } from '../../src/domain/resource.js';
import { requiredText } from '../../src/domain/schemas/common.js';
import type { CurrentUser } from '../../src/server/auth/access.js';
import { OUT_OF_SCOPE_MESSAGE } from '../../src/server/auth/warehouse-scope.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { warehouses } from '../../src/server/db/schema.js';
import { servedResources, type ServerPart } from '../../src/server/served-resources.js';
import { declaredService } from '../../src/server/services/declared-service.js';
import { DECLARED_RESOURCES } from '../../src/domain/resources/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The generic service's parts that SPEC.md's resources use one way each (warehouses: scope by its own id), tried on a
 * resource of its own: bins in a warehouse (scope by a column naming the warehouse), a joined reference under its
 * default name, a delete guard with a condition, and dependent rows deleted in the delete's transaction.
 */
const bins = pgTable('test_bins', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  warehouseId: uuid('warehouse_id').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});
const items = pgTable('test_bin_items', { id: uuid('id').primaryKey().defaultRandom(), binId: uuid('bin_id').notNull(), qty: integer('qty').notNull() });

const binsResource = defineResource({
  name: 'bins',
  path: '/bins',
  label: 'Bins',
  entity: { title: 'Bin', singular: 'bin', plural: 'bins' },
  fields: {
    label: { kind: 'text', label: 'Label', rule: requiredText('Label'), search: true, sort: true },
    warehouse_id: {
      kind: 'ref',
      label: 'Warehouse',
      rule: z.string(),
      search: true,
      sort: true,
      filter: true,
      ref: { resource: 'warehouses', labelField: 'name' },
    },
  },
  timestamps: { created: true },
});

const part: ServerPart = {
  table: bins,
  scope: { column: bins.warehouseId },
  usedBy: [{ table: items, column: items.binId, where: gt(items.qty, 0), noun: { singular: 'full item', plural: 'full items' } }],
  cascade: [{ table: items, column: items.binId }],
};

let t: TestApp;
let service: ReturnType<typeof declaredService>;
let mine: { id: string; name: string }[];
let other: { id: string; name: string };
let scoped: CurrentUser;
const everyone: CurrentUser = { id: 'admin', role: 'admin', firstname: 'Admin', warehouses: null };

const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table test_bins (id uuid primary key default gen_random_uuid(), label text not null,
    warehouse_id uuid not null references warehouses(id), created timestamptz not null default now())`);
  await t.db.execute(
    sql`create table test_bin_items (id uuid primary key default gen_random_uuid(), bin_id uuid not null references test_bins(id), qty int not null)`,
  );
  // Rows that the declaration does not know about: a delete they block fails as a whole.
  await t.db.execute(sql`create table test_bin_tags (bin_id uuid not null references test_bins(id))`);
  const tables = new Map<string, PgTable>([
    ...(await servedResources(DECLARED_RESOURCES)).map(({ spec, part: p }) => [spec.name, p.table] as const),
    ['warehouses', warehouses],
    ['bins', bins],
  ]);
  service = declaredService(t.db, binsResource as ResourceDeclaration, part, tables);
  const user = t.userIds['warehouse-user'];
  mine = await q(sql`select w.id, w.name from warehouses w join user_warehouses uw on uw.warehouse_id = w.id where uw.user_id = ${user}::uuid order by w.name`);
  [other] = await q<{ id: string; name: string }>(
    sql`select id, name from warehouses where id not in (select warehouse_id from user_warehouses where user_id = ${user}::uuid) order by name limit 1`,
  );
  scoped = { id: user, role: 'warehouse-user', firstname: 'W', warehouses: { assignedTo: user } };
});
afterAll(() => t.close());

const list = (by: CurrentUser, query: Record<string, unknown> = {}) => service.list({ page: 1, limit: 100, ...query }, by);

describe('the declared service', () => {
  it("names a reference's record beside it, searches and sorts by that name, and refuses a reference to nothing", async () => {
    const made = await service.create({ label: 'A-1', warehouse_id: mine[0]!.id }, everyone);
    expect(Object.keys(made)).toEqual(['_id', 'label', 'warehouse_id', 'warehouse_name', 'created']);
    expect(made).toMatchObject({ label: 'A-1', warehouse_id: mine[0]!.id, warehouse_name: mine[0]!.name });
    await service.create({ label: 'B-1', warehouse_id: other.id }, everyone);
    expect(service.sortFields).toEqual(['label', 'warehouse_name', 'created']);

    const found = await list(everyone, { q: other.name.slice(1, -1).toUpperCase() });
    expect(found.rows.map((r) => r.label)).toEqual(['B-1']);
    const sorted = (await list(everyone, { sort: 'warehouse_name', order: 'desc' })).rows.map((r) => r.warehouse_name as string);
    expect(sorted).toEqual([...sorted].sort().reverse());

    for (const warehouse_id of ['00000000-0000-4000-8000-000000000000', 'bogus']) {
      await expect(service.create({ label: 'C-1', warehouse_id }, everyone)).rejects.toMatchObject({
        statusCode: 400,
        errors: [{ field: 'warehouse_id', message: 'Warehouse not found' }],
      });
    }
    await expect(list(everyone, { warehouse_id: 'bogus' })).rejects.toMatchObject({ statusCode: 400, message: 'Warehouse not found' });
  });

  it("scopes by a column naming the warehouse: reads see the caller's, writes into or of another are 403", async () => {
    const theirs = await service.create({ label: 'Theirs', warehouse_id: other.id }, everyone);
    const listed = await list(scoped);
    expect(listed.rows.length).toBe(listed.total);
    expect(listed.rows.every((r) => mine.some((w) => w.id === r.warehouse_id))).toBe(true);
    await expect(service.get(theirs._id as string, scoped)).rejects.toMatchObject({ statusCode: 404, message: 'Bin not found' });
    expect(await service.get(theirs._id as string, everyone)).toMatchObject({ label: 'Theirs' });

    const refused = { statusCode: 403, message: OUT_OF_SCOPE_MESSAGE };
    await expect(service.create({ label: 'Sneaked', warehouse_id: other.id }, scoped)).rejects.toMatchObject(refused);
    const own = await service.create({ label: 'Own', warehouse_id: mine[0]!.id }, scoped);
    await expect(service.update(own._id as string, { label: 'Own', warehouse_id: other.id }, scoped)).rejects.toMatchObject(refused);
    await expect(service.update(theirs._id as string, { label: 'Mine now', warehouse_id: mine[0]!.id }, scoped)).rejects.toMatchObject(refused);
    await expect(service.remove(theirs._id as string, scoped)).rejects.toMatchObject(refused);
    expect(await service.get(theirs._id as string, everyone)).toMatchObject({ label: 'Theirs', warehouse_id: other.id });
    expect(await service.update(own._id as string, { label: 'Own 2', warehouse_id: mine[1]?.id ?? mine[0]!.id }, scoped)).toMatchObject({ label: 'Own 2' });
  });

  it('refuses a delete while a guarded row meets its condition; then deletes the dependent rows with the record, or neither', async () => {
    const bin = (await service.create({ label: 'Guarded', warehouse_id: mine[0]!.id }, everyone))._id as string;
    await t.db.insert(items).values([
      { binId: bin, qty: 2 },
      { binId: bin, qty: 0 },
    ]);
    await expect(service.remove(bin, everyone)).rejects.toMatchObject({ statusCode: 409, message: 'Bin is used by 1 full item and cannot be deleted' });

    await t.db.update(items).set({ qty: 0 });
    await t.db.execute(sql`insert into test_bin_tags values (${bin}::uuid)`);
    await expect(service.remove(bin, everyone)).rejects.toMatchObject({ statusCode: 409, message: 'Bin is in use and cannot be deleted' });
    expect(await q(sql`select qty from test_bin_items where bin_id = ${bin}::uuid`)).toHaveLength(2);

    await t.db.execute(sql`delete from test_bin_tags`);
    await service.remove(bin, everyone);
    expect(await q(sql`select qty from test_bin_items where bin_id = ${bin}::uuid`)).toEqual([]);
    await expect(service.remove(bin, everyone)).rejects.toMatchObject({ statusCode: 404, message: 'Bin not found' });
  });
});
