import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DECLARED_RESOURCES } from '../../domain/resources/index.js';
import { recordLabelFields, type ResourceDeclaration, type ResourceField } from '../../domain/resource.js';
import './declared-schema.js';
import { resourceTable } from './resource-tables.js';
import { stockTakes, transfers } from './schema.js';

/** Never recorded on any table: the record's own id (the entry names it) and its timestamps (the entry has its time). */
const ALWAYS_UNRECORDED = ['id', 'created', 'modified'];

/**
 * Per resource: columns an entry never carries. A password hash is a secret ('*': that it changed is recorded, never
 * its value); the session counter moves with it and says nothing more; a stock take's line counts and variance totals
 * follow its lines (and would tell a blind count's variances, and a cost, to whoever reads its history); an inventory
 * record's balances change with every stock movement, and the ledger is already their history (one row per movement,
 * who and when), so recording them twice would only slow stock writes.
 */
const UNRECORDED: Record<string, readonly string[]> = {
  users: ['*password_hash', 'session_version'],
  inventory: ['current_stock', 'unit_cost', 'stock_value', 'low_stock'],
  'stock-takes': ['apply_result', 'lines_total', 'lines_counted', 'lines_varied', 'variance_quantity', 'variance_value'],
};

/** Where a resource's own picker label is not what names a record in a sentence: a person's full name. */
const LABELS: Record<string, readonly string[]> = { users: ['firstname', 'lastname'] };

/** A document (lines or a workflow) records its own history, step by step (src/server/services/declared-service.ts). */
const recordsItsOwn = (spec: ResourceDeclaration) => Object.values(spec.fields).some((f) => f.kind === 'lines' || f.workflow !== undefined);

type Tracked = { resource: string; table: PgTable; warehouseColumn: string; labelColumns: readonly string[] };

/** Resources kept in a table of their own besides the declared ones. */
const SPECIAL = [
  { resource: 'transfers', table: transfers, warehouseColumn: 'from_warehouse_id', labelColumns: ['number'] },
  { resource: 'stock-takes', table: stockTakes, warehouseColumn: 'warehouse_id', labelColumns: [] },
] as const satisfies readonly Tracked[];

function tracked(): Tracked[] {
  const declared = DECLARED_RESOURCES.filter((spec) => !recordsItsOwn(spec)).map((spec) => {
    const table = resourceTable(spec.name);
    const columns = Object.values(getTableColumns(table)).map((c) => c.name);
    return {
      resource: spec.name,
      table,
      warehouseColumn: spec.name === 'warehouses' ? 'id' : columns.includes('warehouse_id') ? 'warehouse_id' : '',
      // The fields a record is suggested by in pickers (its name): a ref field's column is an id, so it names nothing.
      labelColumns:
        LABELS[spec.name] ?? recordLabelFields(spec).filter((f) => (spec.fields as Record<string, ResourceField>)[f]?.kind !== 'ref' && columns.includes(f)),
    };
  });
  return [...declared, ...SPECIAL];
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The statements attaching record_history_capture (functions/60-history.sql) to every resource's table, applied with
 * the functions (again whenever this text changes): a resource declared tomorrow is recorded without a line of code.
 */
export function historyTriggersSql(): string {
  return tracked()
    .map(({ resource, table, warehouseColumn, labelColumns }) => {
      const unrecorded = [...ALWAYS_UNRECORDED, ...(UNRECORDED[resource] ?? [])];
      const args = [resource, warehouseColumn, labelColumns.join(' '), ...unrecorded].map(literal).join(', ');
      // UPDATE OF the columns an entry can carry: a write that sets only others (a stock movement moving an inventory
      // record's balances) does not run the trigger at all.
      const watched = Object.values(getTableColumns(table))
        .map((c) => c.name)
        .filter((name) => !unrecorded.includes(name))
        .map((name) => `"${name}"`)
        .join(', ');
      return `CREATE OR REPLACE TRIGGER "record_history" AFTER INSERT OR DELETE OR UPDATE OF ${watched} ON "${getTableName(table)}"
  FOR EACH ROW EXECUTE FUNCTION record_history_capture(${args});`;
    })
    .join('\n');
}

/** The statement that announces each history entry at its commit (functions/70-events.sql; the ledger: ledger-announcer.ts). */
export function liveTriggersSql(): string {
  return `CREATE OR REPLACE TRIGGER "app_events" AFTER INSERT ON "record_history" FOR EACH ROW EXECUTE FUNCTION app_event_of_history();`;
}
