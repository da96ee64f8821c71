import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { CRUD_ACTIONS, defineResource } from '../../src/domain/resource.js';
import type { Db } from '../../src/server/db/client.js';
import { declaredTable, linesTable } from '../../src/server/db/declared-table.js';
import * as schema from '../../src/server/db/schema.js';
import type { PolicySource } from '../../src/server/auth/access.js';
import type { ServerPartModule } from '../../src/server/served-resources.js';

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
      kind: 'choice', label: 'Status', filter: true,
      options: [
        { value: 'draft', label: 'Draft' }, { value: 'ordered', label: 'Ordered' },
        { value: 'received', label: 'Received' }, { value: 'cancelled', label: 'Cancelled' },
      ],
      workflow: {
        initial: 'draft',
        editable: ['draft'],
        actions: {
          submit: { from: ['draft'], to: 'ordered', grants: ['warehouse-user'] },
          receive: { from: ['ordered'], to: 'received' },
          cancel: { from: ['draft', 'ordered'], to: 'cancelled', note: 'required', confirm: 'Cancel this order?' },
        },
      },
    },
    expected_on: { kind: 'date', label: 'Expected on', filter: 'range', sort: true },
    freight: { kind: 'money', label: 'Freight', cost: true, sort: true },
    lines: {
      kind: 'lines', label: 'Lines',
      lines: {
        itemLabel: 'Line', min: 1, max: 50,
        fields: {
          product_id: { kind: 'ref', label: 'Product', required: true, ref: { resource: 'products', labelField: 'productname' } },
          quantity: { kind: 'integer', label: 'Quantity', required: true, min: 1, max: 100_000 },
          unit_cost: { kind: 'money', label: 'Unit cost', required: true },
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

/** Receiving a test order counts its units into `test_received` (a resource's own code hooked to a step). */
export const testOrderPart: ServerPartModule = {
  actions: {
    receive: async (tx, { record }) => {
      await tx.execute(sql`insert into test_received (order_id, units)
        select ${record.id as string}::uuid, coalesce(sum(quantity), 0) from test_orders_lines where parent_id = ${record.id as string}::uuid`);
      if (record.freight === 13) throw new Error('the hook failed'); // a hook that fails takes its step with it
    },
  },
};

/** The default policy with the test resources' rows: admin has every action, the warehouse user what the declarations grant. */
export function testPolicy(): PolicySource {
  const steps = ['submit', 'receive', 'cancel'];
  const policy: Policy = structuredClone(DEFAULT_POLICY);
  const grants = policy.grants as Record<string, Record<string, readonly string[]>>;
  grants.admin!['test-suppliers'] = CRUD_ACTIONS;
  grants.admin!['test-orders'] = [...CRUD_ACTIONS, ...steps];
  grants['warehouse-user']!['test-suppliers'] = ['list', 'show'];
  grants['warehouse-user']!['test-orders'] = ['list', 'show', 'create', 'edit', 'submit'];
  return { current: async () => policy };
}
