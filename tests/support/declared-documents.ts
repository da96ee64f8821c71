import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { CRUD_ACTIONS, defineResource } from '../../src/domain/resource.js';
import type { Db } from '../../src/server/db/client.js';
import { declaredTable, linesTable } from '../../src/server/db/declared-table.js';
import * as schema from '../../src/server/db/schema.js';
import type { PolicySource } from '../../src/server/auth/access.js';
import type { ServerPartModule } from '../../src/server/served-resources.js';
import { badRequest, conflict } from '../../src/server/http/errors.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { z } from 'zod';

/**
 * Two declarations that exist only in tests, as a developer would write them with `npm run new-resource`: a plain
 * resource with a reference, an optional e-mail and a phone, and a document with a number, a workflow, a date and
 * lines (references, a whole number, a cost) whose totals are computed in SQL. Their tables come from the same
 * declarations through drizzle-kit, as a generated migration would make them.
 */
export const testSuppliers = defineResource({
  name: 'test-suppliers',
  path: '/test-suppliers',
  label: 'Test Suppliers',
  entity: { title: 'Supplier', singular: 'supplier', plural: 'suppliers' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true, max: 100, search: true, sort: true, unique: true },
    email: { kind: 'email', label: 'E-mail' },
    phone: { kind: 'phone', label: 'Phone', required: true },
    city_id: { kind: 'ref', label: 'City', required: true, filter: true, ref: { resource: 'cities', labelField: 'name' } },
    active: { kind: 'boolean', label: 'Active', initial: true, filter: true },
  },
  related: [{ resource: 'test-orders', field: 'supplier_id' }],
});

export const testOrders = defineResource({
  name: 'test-orders',
  path: '/test-orders',
  label: 'Test Orders',
  entity: { title: 'Order', singular: 'order', plural: 'orders' },
  numbering: { field: 'number', prefix: 'TO', yearly: true, digits: 5 },
  fields: {
    number: { kind: 'text', label: 'Number', search: true, sort: true },
    supplier_id: { kind: 'ref', label: 'Supplier', required: true, filter: true, search: true, ref: { resource: 'test-suppliers', labelField: 'name' } },
    warehouse_id: { kind: 'ref', label: 'Warehouse', required: true, ref: { resource: 'warehouses', labelField: 'name' } },
    status: {
      kind: 'choice',
      label: 'Status',
      filter: true,
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'ordered', label: 'Ordered' },
        { value: 'partially_received', label: 'Partially received' },
        { value: 'received', label: 'Received' },
        { value: 'cancelled', label: 'Cancelled' },
      ],
      workflow: {
        initial: 'draft',
        editable: ['draft'],
        actions: {
          submit: { from: ['draft'], to: 'ordered', grants: ['warehouse-user'] },
          receive: { from: ['ordered', 'partially_received'], to: ['partially_received', 'received'] },
          recount: { from: ['partially_received', 'received'] },
          cancel: { from: ['draft', 'ordered'], to: 'cancelled', note: 'required', confirm: 'Cancel this order?' },
        },
      },
    },
    expected_on: { kind: 'date', label: 'Expected on', filter: 'range', sort: true },
    freight: { kind: 'money', label: 'Freight', cost: true, sort: true },
    lines: {
      kind: 'lines',
      label: 'Lines',
      lines: {
        itemLabel: 'Line',
        min: 1,
        max: 50,
        fields: {
          product_id: { kind: 'ref', label: 'Product', required: true, ref: { resource: 'products', labelField: 'productname' } },
          quantity: { kind: 'integer', label: 'Quantity', required: true, min: 1, max: 100_000 },
          unit_cost: { kind: 'money', label: 'Unit cost', required: true },
          received: { kind: 'integer', label: 'Received', readOnly: true, initial: 0 },
          gst_rate: { kind: 'decimal', label: 'GST %', readOnly: true },
        },
        totals: {
          amount: { label: 'Amount', of: ['quantity', 'unit_cost'], kind: 'money' },
          units: { label: 'Units', of: ['quantity'], kind: 'integer' },
        },
      },
    },
  },
  grants: { 'warehouse-user': ['list', 'show', 'create', 'edit'] },
  timestamps: { created: true, modified: true },
});

export const testDeclarations = [testSuppliers, testOrders];

const tables = {
  testSuppliersTable: declaredTable(testSuppliers),
  testOrdersTable: declaredTable(testOrders),
  testOrderLinesTable: linesTable(testOrders, 'lines'),
};

/** The SQL a generated migration would hold for the test tables: the app's schema before and after them. */
export async function createTestTables(db: Db): Promise<string[]> {
  const before = generateDrizzleJson(schema as Record<string, unknown>);
  const after = generateDrizzleJson({ ...schema, ...tables }, before.id);
  const statements = await generateMigration(before, after);
  for (const statement of statements) await db.execute(sql.raw(statement));
  return statements;
}

/**
 * The test order's own code: a write checks that no product is on two lines and gives each line its product's GST
 * rate; receiving takes `units` more of every line (all that is due without it), ends partially received or received,
 * and refuses at a freight of 13 (a refusal of a resource's code takes its step with it).
 */
export const testOrderPart: ServerPartModule = {
  beforeWrite: async (tx, { input }) => {
    const lines = input.lines as Record<string, unknown>[] | undefined;
    const seen = new Set<unknown>();
    for (const [i, line] of (lines ?? []).entries()) {
      if (seen.has(line.product_id)) throw badRequest(`lines.${i}.product_id`, 'This product is already on the order');
      seen.add(line.product_id);
      const [product] = rowsOf<{ gst_rate: number }>(
        await tx.execute(sql`select gst_rate::float8 as gst_rate from products where id = ${line.product_id as string}::uuid`),
      );
      line.gst_rate = product?.gst_rate ?? 0;
    }
  },
  actions: {
    receive: async (tx, { record, input }) => {
      if (record.freight === 13) throw conflict('Nothing may be received at a freight of 13');
      const units = typeof input.units === 'number' ? input.units : null;
      await tx.execute(sql`update test_orders_lines set received = least(quantity, received + coalesce(${units}::int, quantity))
        where parent_id = ${record.id as string}::uuid`);
      const [due] = rowsOf<{ left: number }>(
        await tx.execute(sql`select coalesce(sum(quantity - received), 0)::int as left
        from test_orders_lines where parent_id = ${record.id as string}::uuid`),
      );
      return { status: due && due.left > 0 ? 'partially_received' : 'received' };
    },
  },
  actionInput: { receive: z.object({ units: z.number().int().min(1).optional() }) },
};

/** The default policy with the test resources' rows: admin has every action, the warehouse user what the declarations grant. */
export function testPolicy(): PolicySource {
  const steps = ['submit', 'receive', 'recount', 'cancel'];
  const policy: Policy = structuredClone(DEFAULT_POLICY);
  const grants = policy.grants as Record<string, Record<string, readonly string[]>>;
  grants.admin!['test-suppliers'] = CRUD_ACTIONS;
  grants.admin!['test-orders'] = [...CRUD_ACTIONS, ...steps];
  grants['warehouse-user']!['test-suppliers'] = ['list', 'show'];
  grants['warehouse-user']!['test-orders'] = ['list', 'show', 'create', 'edit', 'submit'];
  return { current: async () => policy };
}
