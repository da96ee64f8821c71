import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResourceArgs, SpecError } from '../../src/server/cli/resource-args.js';
import { declarationSource, labelOf, singularOf } from '../../src/server/cli/resource-declaration.js';

/** `npm run new-resource` on a copy of src/: what it writes is a declaration the rest of the code reads as it stands. */
const repo = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
let copy: string;

const run = (args: string[]) => execFileSync(tsx, args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const newResource = (...args: string[]) => run(['src/server/cli/new-resource.ts', ...args, '--no-migration']);
const read = (file: string) => fs.readFileSync(path.join(copy, file), 'utf8');
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

const SUPPLIERS = [
  'suppliers',
  'name:text!',
  'contact_email:email',
  'phone:phone!',
  'gst_no:text',
  'active:boolean=true',
  'wards:list',
  'city:ref(cities)',
  'rating:decimal',
  'notes:json',
];
const SUPPLY_ORDERS = [
  'supply_orders',
  'supplier_id:ref(suppliers)!',
  'status:workflow(draft>ordered:submit,ordered>received:receive,draft|ordered>cancelled:cancel)',
  'expected_on:date',
  'at:datetime',
  'priority:choice(low,normal,high)!',
  'price:money',
  'qty:integer!',
  'lines:lines(product:ref(products)!,quantity:integer!,unit_cost:money!)!',
];

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'new-resource-'));
  fs.cpSync(path.join(repo, 'src'), path.join(copy, 'src'), { recursive: true, filter: (f) => !f.includes(`${path.sep}migrations${path.sep}`) });
  for (const file of ['tsconfig.json', '.prettierrc.json']) fs.copyFileSync(path.join(repo, file), path.join(copy, file));
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
  newResource(...SUPPLIERS);
  newResource(...SUPPLY_ORDERS);
}, 60_000);

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

type Table = { name: string; columns: [string, string, boolean][]; foreignKeys: [string, string, string][]; indexes: string[] };
type Probe = {
  names: string[];
  actions: string[];
  tables: Record<string, Table>;
  screens: unknown;
  labelFields: unknown;
  suppliers: { empty: [string, string][]; bad: [string, string][]; ok: Record<string, unknown> };
  orders: { empty: [string, string][]; bad: [string, string][]; ok: Record<string, unknown> };
};
let probe: Probe;
const probeOnce = () => {
  fs.writeFileSync(
    path.join(copy, 'probe.ts'),
    `
    import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
    import { inputSchemaOf, type ResourceDeclaration } from './src/domain/resource.js';
    import { RESOURCES } from './src/domain/policy.js';
    import { DECLARED_RESOURCES } from './src/domain/resources/index.js';
    import * as declared from './src/server/db/declared-schema.js';
    const table = (t: PgTable) => {
      const c = getTableConfig(t);
      return {
        name: c.name,
        columns: c.columns.map((col) => [col.name, col.getSQLType(), col.notNull]),
        foreignKeys: c.foreignKeys.map((fk) => { const r = fk.reference(); return [r.columns.map((x) => x.name).join(), getTableConfig(r.foreignTable).name, fk.onDelete]; }),
        indexes: c.indexes.map((i) => i.config.name),
      };
    };
    const spec = (name: string) => DECLARED_RESOURCES.find((r) => r.name === name)! as ResourceDeclaration;
    const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    const suppliers = inputSchemaOf(spec('suppliers'));
    const orders = inputSchemaOf(spec('supply-orders'));
    const product = '8ad7be2d-d96e-4566-a27e-0ce01b7e5a38';
    console.log(JSON.stringify({
      names: DECLARED_RESOURCES.map((r) => r.name),
      actions: RESOURCES['supply-orders'],
      screens: spec('supply-orders').screens,
      labelFields: [spec('suppliers').fields.city_id!.ref, spec('supply-orders').fields.lines!.lines!.fields.product_id!.ref],
      tables: Object.fromEntries(Object.entries(declared).filter(([k]) => k !== 'default').map(([k, t]) => [k, table(t as PgTable)])),
      suppliers: {
        empty: issues(suppliers.safeParse({})),
        bad: issues(suppliers.safeParse({ name: 'Shree', phone: 'call me', contact_email: 'nope', rating: 'high' })),
        ok: suppliers.parse({ name: ' Shree Traders ', phone: '98765 43210', wards: ['  Aliganj ', ''], rating: '4.5' }),
      },
      orders: {
        empty: issues(orders.safeParse({})),
        bad: issues(orders.safeParse({ supplier_id: 'x', priority: 'urgent', qty: 1.5, expected_on: '2026-02-30', at: 'soon', lines: [{ quantity: -1 }] })),
        ok: orders.parse({ supplier_id: 'x', priority: 'high', qty: '2', status: 'received', expected_on: '2026-12-01', lines: [{ product_id: product, quantity: 3, unit_cost: '12.50' }] }),
      },
    }));
  `,
  );
  return JSON.parse(run(['probe.ts'])) as Probe;
};

describe('npm run new-resource', () => {
  beforeAll(() => {
    probe = probeOnce();
  }, 60_000);

  it('writes short declarations that leave the rules to the kinds (only a list and json get one)', () => {
    const suppliers = read('src/domain/resources/suppliers.ts');
    expect(suppliers).toContain("name: { kind: 'text', label: 'Name', required: true, column: 'Name', search: true, sort: true },");
    expect(suppliers).toContain("phone: { kind: 'phone', label: 'Phone', required: true, column: 'Phone' },");
    expect(suppliers).toContain("gst_no: { kind: 'text', label: 'GST no', column: 'GST No' },");
    expect(suppliers).toContain("active: { kind: 'boolean', label: 'Active', initial: true, column: 'Active', filter: true },");
    expect(suppliers).toContain("city_id: { kind: 'ref', label: 'City', ref: { resource: 'cities', labelField: 'name' }, column: 'City', filter: true },");
    expect(suppliers.match(/rule:/g)).toHaveLength(2);
    expect(suppliers).toContain("rule: textList('Wards', false), itemLabel: 'Ward'");
    const orders = read('src/domain/resources/supply-orders.ts');
    expect(orders).not.toContain('rule:');
    expect(orders).toContain("name: 'supply-orders',");
    expect(orders).toContain("entity: { title: 'Supply order', singular: 'supply order', plural: 'supply orders' },");
    expect(orders).toContain("expected_on: { kind: 'date', label: 'Expected on', column: 'Expected On', sort: true, filter: 'range' },");
    expect(orders).toMatch(/workflow: \{\n\s+initial: 'draft',\n\s+editable: \['draft'\],\n\s+actions: \{\n\s+submit: \{ from: \['draft'\], to: 'ordered' \},/);
    expect(orders).toContain("cancel: { from: ['draft', 'ordered'], to: 'cancelled' },");
    expect(orders).toContain("totals: { amount: { label: 'Amount', of: ['quantity', 'unit_cost'], kind: 'money' } },");
    expect(probe.screens).toEqual({ list: '/supply-orders', create: '/supply-order-registration', edit: '/supply-order-edit/:id', show: '/supply-orders/:id' });
    // A reference names its record by the target's first search field: a product's is 'productname'.
    expect(probe.labelFields).toEqual([
      { resource: 'cities', labelField: 'name' },
      { resource: 'products', labelField: 'productname' },
    ]);
  });

  it('writes its texts into every language file, the English as a copy for the translator (the key check refuses it until translated)', () => {
    const en = JSON.parse(read('src/domain/i18n/en.json')) as { resources: Record<string, Record<string, string>> };
    const hi = JSON.parse(read('src/domain/i18n/hi.json')) as { resources: Record<string, Record<string, string>> };
    expect(en.resources.suppliers).toMatchObject({ suppliers: 'Suppliers', gstNo: 'GST no', noSuppliersFound: 'No suppliers found' });
    expect(en.resources.supplyOrders).toMatchObject({ expectedOn: 'Expected on', supplyOrder: 'Supply order' });
    // A text the files hold already ('Name', 'City') is not written again.
    expect(Object.values(en.resources.suppliers!)).not.toContain('City');
    expect(hi.resources.suppliers).toEqual(en.resources.suppliers);
  });

  it("registers them: the resources, a workflow's steps as matrix actions, declared-schema.ts with the lines table", () => {
    expect(probe.names.slice(-2)).toEqual(['suppliers', 'supply-orders']);
    expect(probe.actions).toEqual(['list', 'show', 'create', 'edit', 'delete', 'submit', 'receive', 'cancel']);
    const schema = read('src/server/db/declared-schema.ts');
    expect(schema).toContain("import { declaredTable, linesTable } from './declared-table.js';");
    expect(schema).toContain("export const supplyOrdersLines = linesTable(supplyOrdersResource, 'lines');");
    expect(Object.keys(probe.tables).sort()).toEqual(['purchaseOrders', 'purchaseOrdersLines', 'suppliers', 'supplyOrders', 'supplyOrdersLines']);
  });

  it('gives each kind its column, NOT NULL where a value is required, a foreign key per reference', () => {
    const { suppliers, supplyOrders, supplyOrdersLines } = probe.tables as Record<string, Table>;
    const stamps: [string, string, boolean][] = [
      ['created', 'timestamp with time zone', true],
      ['modified', 'timestamp with time zone', true],
    ];
    expect(suppliers!.columns).toEqual([
      ['id', 'uuid', true],
      ['name', 'text', true],
      ['contact_email', 'text', false],
      ['phone', 'text', true],
      ['gst_no', 'text', false],
      ['active', 'boolean', true],
      ['wards', 'jsonb', true],
      ['city_id', 'uuid', false],
      ['rating', 'numeric(10, 2)', false],
      ['notes', 'jsonb', false],
      ...stamps,
    ]);
    expect(suppliers!.foreignKeys).toEqual([['city_id', 'cities', 'restrict']]);
    expect(supplyOrders!.columns).toEqual([
      ['id', 'uuid', true],
      ['supplier_id', 'uuid', true],
      ['status', 'text', true],
      ['expected_on', 'date', false],
      ['at', 'timestamp with time zone', false],
      ['priority', 'text', true],
      ['price', 'numeric(12, 2)', false],
      ['qty', 'integer', true],
      ...stamps,
    ]);
    expect(supplyOrders!.foreignKeys).toEqual([['supplier_id', 'suppliers', 'restrict']]);
    expect(supplyOrdersLines).toEqual({
      name: 'supply_orders_lines',
      columns: [
        ['id', 'uuid', true],
        ['parent_id', 'uuid', true],
        ['position', 'integer', true],
        ['product_id', 'uuid', true],
        ['quantity', 'integer', true],
        ['unit_cost', 'numeric(12, 2)', true],
      ],
      foreignKeys: [
        ['parent_id', 'supply_orders', 'cascade'],
        ['product_id', 'products', 'restrict'],
      ],
      indexes: ['supply_orders_lines_parent_idx', 'supply_orders_lines_product_id_idx'],
    });
  });

  it('validates with the rules derived from kind, label and required', () => {
    expect(probe.suppliers.empty).toEqual([
      ['name', 'Name is required'],
      ['phone', 'Phone is required'],
    ]);
    expect(probe.suppliers.bad.map(([field]) => field)).toEqual(['contact_email', 'phone', 'rating']);
    expect(probe.suppliers.ok).toMatchObject({ name: 'Shree Traders', phone: '98765 43210', active: true, wards: ['Aliganj'], rating: 4.5 });
    expect(probe.orders.empty.map(([field]) => field)).toEqual(['supplier_id', 'priority', 'qty', 'lines']);
    expect(probe.orders.bad).toContainEqual(['qty', 'Qty must be a whole number']);
    expect(probe.orders.bad.map(([field]) => field)).toEqual([
      'expected_on',
      'at',
      'priority',
      'qty',
      'lines.0.product_id',
      'lines.0.quantity',
      'lines.0.unit_cost',
    ]);
    // The status is the workflow's: a body cannot set it.
    expect(probe.orders.ok).toEqual({
      supplier_id: 'x',
      priority: 'high',
      qty: 2,
      expected_on: '2026-12-01',
      lines: [{ product_id: '8ad7be2d-d96e-4566-a27e-0ce01b7e5a38', quantity: 3, unit_cost: 12.5 }],
    });
  });

  it('writes code that type-checks: every file it wrote or changed, with all they import', () => {
    // Those files, not all of src/ (which npm test's type-check covers): the whole tree took 50 s alone, 175 s in a run.
    const written = walk(path.join(copy, 'src')).filter((file) => {
      if (!/\.tsx?$/.test(file)) return false;
      const original = path.join(repo, path.relative(copy, file));
      return !fs.existsSync(original) || fs.readFileSync(original, 'utf8') !== fs.readFileSync(file, 'utf8');
    });
    expect(written.length).toBeGreaterThan(2);
    fs.writeFileSync(path.join(copy, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files: written }));
    expect(() => execFileSync(path.join(repo, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.check.json'], { cwd: copy, encoding: 'utf8' })).not.toThrow();
  }, 180_000);

  it('guesses labels, nouns and a lines amount only where they are plain', () => {
    expect(['gst_no', 'contact_email', 'partially_received'].map(labelOf)).toEqual(['GST no', 'Contact email', 'Partially received']);
    expect(['suppliers', 'categories', 'addresses', 'purchases', 'boxes', 'stock'].map(singularOf)).toEqual([
      'supplier',
      'category',
      'address',
      'purchase',
      'box',
      'stock',
    ]);
    const source = (...args: string[]) => declarationSource(parseResourceArgs(['orders', ...args]), () => 'name');
    expect(source('lines:lines(qty:decimal!,price:money!)')).toContain("totals: { amount: { label: 'Amount', of: ['qty', 'price'], kind: 'money' } }");
    // Not where the document's own field is called amount, nor with two prices to choose from.
    expect(source('amount:money', 'lines:lines(qty:decimal!,price:money!)')).not.toContain('totals');
    expect(source('lines:lines(qty:integer!,price:money!,mrp:money)')).not.toContain('totals');
  });

  it('refuses a bad spec, saying what is wrong and what it takes there', () => {
    const refusal = (...args: string[]) => {
      try {
        parseResourceArgs(args);
      } catch (error) {
        if (error instanceof SpecError) return error.message;
        throw error;
      }
      throw new Error(`accepted ${args.join(' ')}`);
    };
    expect(refusal()).toMatch(/Give the resource's name and its fields/);
    expect(refusal('Depots', 'name:text')).toMatch(/'Depots' is not a resource name: write a plural of lower-case letters/);
    expect(refusal('name:text!')).toMatch(/the resource's name comes first/);
    expect(refusal('depots')).toMatch(/at least one field, e.g. name:text!/);
    expect(refusal('depots', 'name')).toMatch(/has no kind: write <field>:<kind>/);
    expect(refusal('depots', 'Name:text')).toMatch(/'Name' is not a field name: write snake_case/);
    expect(refusal('depots', 'name:texty')).toMatch(/'texty' is not a kind: write one of text, email, phone, .*lines\(<field>:<kind>,\.\.\.\)/);
    expect(refusal('depots', 'name:text(40)')).toMatch(/text takes nothing in parentheses/);
    expect(refusal('depots', 'price:money=3')).toMatch(/'=3' after the kind is not understood: only '!'/);
    expect(refusal('depots', 'price:money=true')).toMatch(/'=true' is a flag's default/);
    expect(refusal('depots', 'active:boolean!')).toMatch(/a flag always has a value, so takes no '!'/);
    expect(refusal('depots', 'supplier:ref')).toMatch(/ref needs its resource: ref\(suppliers\)/);
    expect(refusal('depots', 'supplier:ref(Suppliers)')).toMatch(/'Suppliers' is not a resource name/);
    expect(refusal('depots', 'kind:choice(a)')).toMatch(/at least two values/);
    expect(refusal('depots', 'kind:choice(a,B)')).toMatch(/'B' is not a choice value: write snake_case values/);
    expect(refusal('depots', 'status:workflow(draft>ordered)')).toMatch(/is not a step: write <from>><to>:<action>/);
    expect(refusal('depots', 'status:workflow(draft>ordered:edit)')).toMatch(/'edit' is a CRUD action already/);
    expect(refusal('depots', 'status:workflow(draft>draft:stay)')).toMatch(/goes from 'draft' to itself/);
    expect(refusal('depots', 'status:workflow(a>b:go,b>c:go)')).toMatch(/'go' is named twice/);
    expect(refusal('depots', 'status:workflow(a>b:go)!')).toMatch(/set by the server/);
    expect(refusal('depots', 'a:workflow(a>b:go)', 'b:workflow(a>b:go)')).toMatch(/at most one workflow/);
    expect(refusal('depots', 'lines:lines(a:lines(b:text))')).toMatch(/lines cannot hold lines/);
    expect(refusal('depots', 'lines:lines(s:workflow(a>b:go))')).toMatch(/a line has no workflow/);
    expect(refusal('depots', 'lines:lines(position:integer)')).toMatch(/'position' is a column every lines table has/);
    expect(refusal('depots', 'lines:lines(qty:integer')).toMatch(/its '\(' is never closed/);
    expect(refusal('depots', 'created:date')).toMatch(/'created' is a column every generated table has/);
    expect(refusal('depots', 'city:ref(cities)', 'city_id:text')).toMatch(/'city_id' is given twice \(a reference x is named x_id\)/);
    expect(refusal('depots', 'city:ref(cities)', 'city_name:text')).toMatch(/'city_name' is what the API calls the record city_id points at/);
  });

  it('refuses, before writing anything, a name that is taken or a reference to no declared resource', () => {
    const before = [read('src/domain/resources/index.ts'), read('src/server/db/declared-schema.ts')];
    const stderr = (...args: string[]) => {
      try {
        newResource(...args);
      } catch (error) {
        expect((error as { status: number }).status).toBe(1);
        return String((error as { stderr: string }).stderr);
      }
      throw new Error(`accepted ${args.join(' ')}`);
    };
    const unknown = stderr('depots', 'name:text!', 'hub:ref(hubs)');
    expect(unknown).toMatch(
      /ref\(hubs\): 'hubs' is not a declared resource; ref\(\.\.\.\) takes one of products, users, cities, .*supply-orders, or depots itself/,
    );
    expect(unknown).toMatch(/Usage: npm run new-resource -- <name> <field>:<kind>\[!\]/);
    expect(stderr('transfers', 'name:text!')).toMatch(/'transfers' is a resource already \(the access policy/);
    expect(stderr('suppliers', 'name:text!')).toMatch(/suppliers\.ts already exists/);
    expect(stderr('depots', 'name:text!', '--force')).toMatch(/'--force' is not an option/);
    expect([read('src/domain/resources/index.ts'), read('src/server/db/declared-schema.ts')]).toEqual(before);
    expect(fs.existsSync(path.join(copy, 'src/domain/resources/depots.ts'))).toBe(false);
  }, 60_000);
});
