// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Tag } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, filterFields, sortFields, type ResourceDeclaration } from '../../../src/domain/resource.js';
import { requiredText, textList } from '../../../src/domain/schemas/common.js';
import { fromSpec } from '../../../src/app/declared/declared.js';
import type { ApiRecord, ColumnDeclaration, DeclaredFormDeclaration } from '../../../src/app/resources/types.js';
import { declaredTable } from '../../../src/server/db/declared-table.js';
import { DEFAULT_POLICY, RESOURCES } from '../../../src/domain/policy.js';
import { ROLES } from '../../../src/domain/roles.js';
import { resourceLabel } from '../../../src/app/pages/permissions/labels.js';
import { resourceDeclarations } from '../../../src/app/resources/index.js';
import { choice } from '../../../src/domain/schemas/common.js';
import { WAREHOUSE_SCOPED } from '../../../src/domain/policy.js';
import { cities as citiesTable, inventory as inventoryTable, warehouses as warehousesTable } from '../../../src/server/db/schema.js';
import { checkedPart, servedResources } from '../../../src/server/served-resources.js';
import { DECLARED_RESOURCES } from '../../../src/domain/resources/index.js';
import { exportCells, exportColumnsOf, type ListRecord } from '../../../src/domain/list-csv.js';
import { usersResource } from '../../../src/domain/resources/users.js';

/** The CSV cell (the API's export, src/domain/list-csv.ts) of a declared list's column, by its key. */
const exportOf = (spec: ResourceDeclaration, key: string) => (record: ListRecord) => {
  const column = exportColumnsOf(spec).find((c) => c.key === key)!;
  return exportCells(record, [column])[0];
};

/** A resource using every option a SPEC.md screen needed (cities): a list field, a 'contains' filter, flag labels, a Created column. */
const towns = defineResource({
  name: 'towns',
  path: '/towns',
  label: 'Towns',
  menuLabel: 'Town Listing',
  entity: { title: 'Town', singular: 'town', plural: 'towns' },
  fields: {
    name: { kind: 'text', label: 'Town Name', rule: requiredText('Town name'), column: 'Town Name', search: true, sort: true },
    region: { kind: 'text', label: 'Region', rule: requiredText('Region'), column: 'Region', search: true, filter: 'contains' },
    pin: { kind: 'text', label: 'PIN', rule: requiredText('PIN'), column: 'PIN', maxLength: 6, inputMode: 'numeric', placeholder: '6 digits' },
    streets: { kind: 'list', label: 'Streets', rule: textList('Streets', true), column: 'Streets', itemLabel: 'Street' },
    open: { kind: 'boolean', label: 'Open', rule: z.boolean().default(true), column: 'State', filter: true, labels: ['Open', 'Closed'] },
    gated: { kind: 'boolean', label: 'Gated', rule: z.boolean().default(false), column: 'Gated', filter: true },
  },
  timestamps: { created: true },
  screens: { list: '/towns', create: '/town-registration', edit: '/town-edit/:id' },
  menu: 'create',
  list: { title: 'Town Management', suggestion: ['name', 'region'], createdColumn: 'Created' },
});

const declaration = fromSpec(towns);
const columns = declaration.list!.columns;
const column = (key: string) => columns.find((c) => c.key === key) as ColumnDeclaration<ApiRecord>;
const form = declaration.form as DeclaredFormDeclaration;
const row: ApiRecord = {
  id: 't1',
  name: 'Amer',
  region: 'North',
  pin: '302028',
  streets: ['a', 'b', 'c', 'd', 'e'],
  open: false,
  gated: true,
  created: '2026-01-05T10:00:00.000Z',
};
const text = (c: ColumnDeclaration<ApiRecord>) => renderToStaticMarkup(<>{c.render!(row)}</>).replace(/<[^>]+>/g, '');

describe('a declared resource on the SPA (fromSpec)', () => {
  it('names the sidebar item apart from the matrix row, and the list heading apart from both', () => {
    expect(declaration.label).toBe('Town Listing');
    expect(declaration.list!.title).toBe('Town Management');
    expect(declaration.list!.createLabel).toBe('Add Town');
  });

  it('shows a list field by its first entries and exports it whole; its form input is a list of boxes', () => {
    expect(text(column('streets'))).toBe('a, b, c +2 more');
    expect(exportOf(towns, 'streets')(row)).toBe('a, b, c, d, e');
    expect(form.fields.find((f) => f.name === 'streets')).toMatchObject({ label: 'Streets', itemLabel: 'Street', wide: true });
    expect(form.initialValues).toEqual({ streets: [''], open: true, gated: false });
  });

  it("filters a 'contains' field by typed text, a flag by its labels (Yes/No unless declared)", () => {
    expect(column('region').filter).toEqual({ options: 'text' });
    expect(column('open').filter).toEqual({
      options: [
        { value: 'true', label: 'Open' },
        { value: 'false', label: 'Closed' },
      ],
    });
    expect(text(column('open'))).toBe('Closed');
    expect(exportOf(towns, 'open')(row)).toBe('Closed');
    expect(column('gated').filter).toEqual({
      options: [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ],
    });
    expect(exportOf(towns, 'gated')(row)).toBe('Yes');
    expect(column('name').filter).toBeUndefined();
  });

  it('adds the declared Created column last, sortable; a suggestion joins the declared fields', () => {
    expect(columns.map((c) => c.title)).toEqual(['Town Name', 'Region', 'PIN', 'Streets', 'State', 'Gated', 'Created']);
    expect(column('created')).toMatchObject({ sort: 'created' });
    expect(text(column('created'))).toBe('05 Jan 2026');
    expect(declaration.list!.search!.label(row)).toBe('Amer, North');
    expect(fromSpec({ ...towns, list: { ...towns.list, createdColumn: undefined } }).list!.columns.map((c) => c.key)).not.toContain('created');
  });

  it('passes the input hints to the form field', () => {
    expect(form.fields.find((f) => f.name === 'pin')).toMatchObject({ maxLength: 6, inputMode: 'numeric', placeholder: '6 digits' });
  });
});

describe('a declared resource on the server', () => {
  it('filters and sorts by the declared fields', () => {
    expect(filterFields(towns)).toEqual(['region', 'open', 'gated']);
    expect(sortFields(towns)).toEqual(['name', 'created']);
  });

  it('stores a list field as a JSON column, required unless its rule has a default', () => {
    const table = getTableColumns(declaredTable(towns));
    expect(table.streets).toMatchObject({ columnType: 'PgJsonb', notNull: true });
    const optional = getTableColumns(declaredTable({ ...towns, fields: { tags: { kind: 'list', label: 'Tags', rule: textList('Tags', false) } } }));
    expect(optional.tags).toMatchObject({ columnType: 'PgJsonb', notNull: true, default: [] });
  });

  it('drops blank entries of a list before its at-least-one check', () => {
    expect(textList('Streets', true).safeParse(['  ', ' Main ']).data).toEqual(['Main']);
    expect(textList('Streets', true).safeParse(['', ' ']).error?.issues[0]?.message).toBe('Streets needs at least one entry');
    expect(textList('Tags', false).parse(undefined)).toEqual([]);
  });
});

describe('cities, a SPEC.md resource on the declaration', () => {
  it("keeps SPEC.md's place: the matrix row between sellers and warehouses, the sidebar item between users and warehouses, once each", () => {
    const keys = Object.keys(RESOURCES);
    expect(keys.slice(keys.indexOf('sellers'), keys.indexOf('sellers') + 3)).toEqual(['sellers', 'cities', 'warehouses']);
    expect(RESOURCES.cities).toEqual(['list', 'show', 'create', 'edit', 'delete']);
    expect(resourceLabel('cities')).toEqual({ label: 'Cities', hint: 'City Listing, Add and Edit City' });
    const names = resourceDeclarations.map((d) => d.name);
    expect(names.filter((n) => n === 'cities')).toHaveLength(1);
    expect(names.slice(names.indexOf('users'), names.indexOf('users') + 3)).toEqual(['users', 'cities', 'warehouses']);
  });

  it('is granted to admin alone by default', () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(DEFAULT_POLICY.grants[role].cities, role).toBeUndefined();
  });
});

/** The options a SPEC.md screen with special parts needed (warehouses): a choice, a named reference, input kinds, cut and one-line cells. */
const depots = defineResource({
  name: 'depots',
  path: '/depots',
  label: 'Depots',
  entity: { title: 'Depot', singular: 'depot', plural: 'depots' },
  fields: {
    name: { kind: 'text', label: 'Depot Name', rule: requiredText('Depot name'), column: 'Depot Name', search: true, sort: true },
    town_id: {
      kind: 'ref',
      label: 'Town',
      rule: requiredText('Town'),
      column: 'Town',
      sort: true,
      filter: true,
      placeholder: 'Select a town',
      ref: { resource: 'towns', labelField: 'name', as: 'town', unknown: 'Unknown Town' },
    },
    region_id: { kind: 'ref', label: 'Region', rule: requiredText('Region'), column: 'Region', sort: true, ref: { resource: 'regions', labelField: 'name' } },
    state: {
      kind: 'choice',
      label: 'State',
      column: 'State',
      sort: true,
      filter: true,
      initial: 'open',
      rule: choice(['open', 'shut'], 'State'),
      options: [
        { value: 'open', label: 'Open', color: 'green' },
        { value: 'shut', label: 'Shut' },
      ],
    },
    notes: { kind: 'text', label: 'Notes', rule: requiredText('Notes'), column: 'Notes', input: 'textarea', cut: 5 },
    phone: { kind: 'text', label: 'Phone', rule: requiredText('Phone'), column: 'Phone', input: 'tel', autoComplete: 'tel', nowrap: true },
  },
  timestamps: { created: true },
});
const depot = fromSpec(depots, { list: { compactActions: true } });
const depotColumn = (key: string) => depot.list!.columns.find((c) => c.key === key)!;
const depotForm = depot.form as DeclaredFormDeclaration;
const depotRow: ApiRecord = {
  id: 'd1',
  name: 'North',
  town_id: 't1',
  town: null,
  region_id: 'r1',
  region_name: 'East',
  state: 'shut',
  notes: 'Dairy and frozen',
  phone: '+91 1',
};
const html = (c: ColumnDeclaration<ApiRecord>) => renderToStaticMarkup(<>{c.render!(depotRow)}</>);

describe('choices, named references and input kinds (warehouses)', () => {
  it("shows a choice as its option's tag, filters by its options, and keeps the stored value in the CSV", () => {
    expect(html(depotColumn('state'))).toBe(renderToStaticMarkup(<Tag color="default">Shut</Tag>));
    expect(renderToStaticMarkup(<>{depotColumn('state').render!({ ...depotRow, state: 'open' })}</>)).toBe(renderToStaticMarkup(<Tag color="green">Open</Tag>));
    // Several of them at once: the declared service takes `?state=open,shut`.
    expect(depotColumn('state').filter).toEqual({
      options: [
        { value: 'open', label: 'Open' },
        { value: 'shut', label: 'Shut' },
      ],
      multiple: true,
    });
    expect(exportOf(depots, 'state')(depotRow)).toBe('shut');
    expect(depotForm.fields.find((f) => f.name === 'state')).toMatchObject({
      input: 'select',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'shut', label: 'Shut' },
      ],
    });
    expect(depotForm.initialValues).toEqual({ state: 'open' });
  });

  it("shows a reference by its record's name under its declared key (or '<field>_name'), unknown as declared; sorts by that key", () => {
    expect(html(depotColumn('town_id'))).toBe('Unknown Town');
    expect(exportOf(depots, 'town_id')({ ...depotRow, town: 'Amer' })).toBe('Amer');
    expect(exportOf(depots, 'town_id')(depotRow)).toBe('Unknown Town');
    expect(depotColumn('town_id')).toMatchObject({ sort: 'town', filter: { options: { resource: 'towns', labelField: 'name' } } });
    expect(html(depotColumn('region_id'))).toBe('East');
    expect(depotColumn('region_id').sort).toBe('region_name');
    expect(depotForm.fields.find((f) => f.name === 'town_id')).toEqual({
      name: 'town_id',
      label: 'Town',
      placeholder: 'Select a town',
      input: 'select',
      options: { resource: 'towns', labelField: 'name' },
    });
    // Fields first, then references by their names, then created: the order the API's 400 lists them in.
    expect(sortFields(depots)).toEqual(['name', 'state', 'town', 'region_name', 'created']);
  });

  it('cuts a long text with a tooltip, keeps a phone on one line, and passes the input kind and autofill to the form', () => {
    expect(html(depotColumn('notes'))).toContain('Dairy...');
    expect(html(depotColumn('phone'))).toBe('<span style="white-space:nowrap">+91 1</span>');
    expect(depotForm.fields.find((f) => f.name === 'notes')).toMatchObject({ input: 'textarea', wide: true });
    expect(depotForm.fields.find((f) => f.name === 'phone')).toMatchObject({ input: 'tel', autoComplete: 'tel' });
  });

  it("merges the SPA's list parts into the declared list", () => {
    expect(depot.list).toMatchObject({ compactActions: true, title: 'Depots', emptyText: 'No depots found' });
    expect(depot.list!.columns.map((c) => c.key)).toEqual(['name', 'town_id', 'region_id', 'state', 'notes', 'phone']);
  });
});

const served = await servedResources(DECLARED_RESOURCES);
const partOf = (name: string) => served.find((r) => r.spec.name === name)?.part;

describe("a declaration's server part", () => {
  it('is refused without a table, or where its warehouse scope and WAREHOUSE_SCOPED disagree', () => {
    expect(() => checkedPart('cities', { table: citiesTable, scope: { column: citiesTable.id } })).toThrow(/WAREHOUSE_SCOPED/);
    expect(() => checkedPart('warehouses', { table: warehousesTable })).toThrow(/WAREHOUSE_SCOPED/);
    expect(() => checkedPart('cities', {})).toThrow(/no table/);
  });

  it("is found from the declaration's name: src/server/resources/<name>.ts where the resource has code of its own", () => {
    expect(partOf('cities')).toMatchObject({ table: citiesTable, usedBy: [expect.any(Object), expect.any(Object)] });
    expect(served.map((r) => r.spec.name)).toEqual(DECLARED_RESOURCES.map((r) => r.name));
  });

  it("takes a scoped resource's own service in place of a declared scope: inventory's applies the caller's scope itself", () => {
    expect(partOf('inventory')).toMatchObject({ table: inventoryTable, service: expect.any(Function) });
    expect(partOf('inventory')?.scope).toBeUndefined();
    expect(() => checkedPart('cities', { table: citiesTable, service: partOf('inventory')!.service, scope: { column: citiesTable.id } })).toThrow(
      /WAREHOUSE_SCOPED/,
    );
  });
});

describe('warehouses, a SPEC.md resource with special parts on the declaration', () => {
  it("keeps SPEC.md's place: the matrix row after cities, the sidebar item between City Listing and Inventory Listing, once each", () => {
    const keys = Object.keys(RESOURCES);
    expect(keys.slice(keys.indexOf('cities'), keys.indexOf('cities') + 3)).toEqual(['cities', 'warehouses', 'inventory']);
    expect(resourceLabel('warehouses')).toEqual({ label: 'Warehouses', hint: 'Warehouse Listing, Add and Edit Warehouse' });
    const names = resourceDeclarations.map((d) => d.name);
    expect(names.filter((n) => n === 'warehouses')).toHaveLength(1);
    expect(names.slice(names.indexOf('cities'), names.indexOf('cities') + 3)).toEqual(['cities', 'warehouses', 'inventory']);
    expect(resourceDeclarations.find((d) => d.name === 'warehouses')).toMatchObject({ label: 'Warehouse Listing', menu: { group: 'create' } });
  });

  it('is listed and shown by the warehouse-user alone besides admin, and stays warehouse-scoped', () => {
    expect(DEFAULT_POLICY.grants['warehouse-user'].warehouses).toEqual(['list', 'show']);
    for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'warehouse-user')) expect(DEFAULT_POLICY.grants[role].warehouses, role).toBeUndefined();
    expect(WAREHOUSE_SCOPED).toContain('warehouses');
    expect(partOf('warehouses')!.scope).toBeDefined();
  });
});

describe('users, a SPEC.md resource with its own service and SPA parts on the declaration', () => {
  const users = resourceDeclarations.find((d) => d.name === 'users')!;
  const form = users.form as DeclaredFormDeclaration;

  it("keeps SPEC.md's place: the matrix row between product-search and sellers, the sidebar item after Product Listing; admin only by default", () => {
    const keys = Object.keys(RESOURCES);
    expect(keys.slice(keys.indexOf('product-search'), keys.indexOf('product-search') + 3)).toEqual(['product-search', 'users', 'sellers']);
    expect(resourceLabel('users')).toEqual({ label: 'Users', hint: 'User Listing, Add and Edit User' });
    const names = resourceDeclarations.map((d) => d.name);
    expect(names.filter((n) => n === 'users')).toHaveLength(1);
    expect(names.slice(names.indexOf('products'), names.indexOf('products') + 3)).toEqual(['products', 'users', 'cities']);
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(DEFAULT_POLICY.grants[role].users, role).toBeUndefined();
  });

  it("takes the declared REST shape, create label, form order, per-mode help and a reference's value field and multiple select", () => {
    expect(users.api).toEqual({ listKey: 'users', createPath: 'users/create', updateMethod: 'PUT' });
    expect(users.list).toMatchObject({ title: 'User Management', createLabel: 'Add New User', emptyText: 'No users found' });
    expect(form.titles).toEqual({ create: 'Add User', edit: 'Edit User' });
    expect(form.fields.map((f) => f.name)).toEqual([
      'firstname',
      'lastname',
      'email',
      'phonenumber',
      'password',
      'city_id',
      'address',
      'role',
      'status',
      'warehouse_ids',
      'gst_no',
      'profileimage',
    ]);
    const field = (name: string) => form.fields.find((f) => f.name === name)!;
    expect(field('password')).toMatchObject({
      input: 'password',
      help: { create: 'At least 6 characters.', edit: 'Leave blank to keep the current password.' },
    });
    expect(field('role').options).toEqual({ resource: 'roles', labelField: 'label', valueField: 'name', translatedLabels: true });
    expect(field('warehouse_ids').options).toEqual({ resource: 'warehouses', labelField: ['name'], multiple: true });
    // A declared resource's records are offered as its search suggestions name them: a city by name and state.
    expect(field('city_id').options).toEqual({ resource: 'cities', labelField: ['name', 'state'] });
    expect(form.schemas.edit.safeParse({ ...form.initialValues }).error?.issues.some((i) => i.path[0] === 'password')).toBe(false);
    expect(form.schemas.create.safeParse({ ...form.initialValues }).error?.issues.some((i) => i.path[0] === 'password')).toBe(true);
  });

  it("merges the SPA's cells into the declared columns, and lists created and modified last", () => {
    const row = { firstname: 'Asha', lastname: 'Rao', role: 'seller', role_label: '', status: 'notverified' };
    const columns = users.list!.columns as ColumnDeclaration<ApiRecord>[];
    expect(columns.map((c) => [c.key, c.title, c.sort])).toEqual([
      ['name', 'Name', 'firstname'],
      ['email', 'Email', 'email'],
      ['role', 'Role', 'role'],
      ['status', 'Status', 'status'],
      ['created', 'Created', 'created'],
      ['modified', 'Modified', 'modified'],
    ]);
    expect(exportOf(usersResource, 'firstname')(row)).toBe('Asha Rao');
    expect(exportColumnsOf(usersResource).map((c) => c.title)).toEqual(['Name', 'Email', 'Role', 'Status', 'Created', 'Modified']);
    expect(exportOf(usersResource, 'role')(row)).toBe('Seller');
    expect(columns[2]!.filter).toEqual({ options: { resource: 'roles', labelField: 'label', valueField: 'name', translatedLabels: true } });
    expect(renderToStaticMarkup(<>{columns[3]!.render!(row)}</>)).toContain('Not Verified');
    expect(exportOf(usersResource, 'status')(row)).toBe('Not Verified');
  });
});
