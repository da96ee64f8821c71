import type { PgTable } from 'drizzle-orm/pg-core';
import type { ZodType } from 'zod';
import type { CrudService } from './http/crud-routes.js';
import type { AppDeps, WarningLog } from './http/types.js';
import type { Cascade, UsedBy } from './services/declared-delete.js';
import type { DeclaredTables } from './services/declared-refs.js';
import type { DeclaredScope } from './services/declared-scope.js';
import type { ActionHook } from './services/declared-workflow.js';
import type { CurrentUser } from './auth/access.js';
import type { DbOrTx, Tx } from './db/client.js';
import { isWarehouseScoped } from '../domain/policy.js';
import type { ResourceDeclaration } from '../domain/resource.js';
import './db/declared-schema.js';
import { isGenerated, resourceTable } from './db/resource-tables.js';

type Row = Record<string, unknown>;

/**
 * The server side of a declaration: its table (an existing one, or generated from the fields), what keeps a record
 * from deletion (`usedBy`, for what a foreign key cannot say) and what goes with it (`cascade`), and its warehouse
 * `scope` where its rows belong to one. A special resource (users: passwords, sessions, assignments) brings its own
 * `service` instead of the generic one; the declared routes serve it all the same.
 */
export type ServerPart = {
  table: PgTable;
  usedBy?: UsedBy[];
  cascade?: Cascade[];
  scope?: DeclaredScope;
  /**
   * A service of its own. `log`: where it reports what it could not clean up after a request that succeeded;
   * `generic`: the declared service it may wrap, `spec` and `tables` what that one was built from.
   */
  service?: (
    deps: Pick<AppDeps, 'database' | 'sessions'> & {
      log: WarningLog;
      spec: ResourceDeclaration;
      tables: DeclaredTables;
      generic: () => CrudService<Row, Row, Row>;
    },
  ) => CrudService<Row, Row, unknown>;
  /**
   * A document's own code before a create or an update writes, in its transaction (the header locked): it may check
   * the body (a 400 naming the line) and set read-only fields (each line's GST rate from its product). `record`: the
   * row before an update.
   */
  beforeWrite?: (tx: Tx, write: { input: Row; by: CurrentUser; record?: Row }) => Promise<void>;
  /**
   * A document's own figures added to what the API sends (a purchase order's tax split, each line's due quantity):
   * to each row of a list page (`list`) and to a record with its lines (`record`), in the reading transaction.
   */
  present?: (db: DbOrTx, row: Row, view: 'list' | 'record') => Row | Promise<Row>;
  /** Cost figures of its answers beyond its declaration's (hidden from a role without costs, as those are). */
  costFields?: readonly string[];
  /** The resource's own code run by a workflow step, in its transaction, and what more the step's body takes. */
  actions?: Record<string, ActionHook>;
  actionInput?: Record<string, ZodType>;
};

/**
 * What `src/server/resources/<name>.ts` exports as default where a resource has server code of its own: its part, the
 * table left out where the declaration's generated one serves (a purchase order's receive step).
 */
export type ServerPartModule = Omit<ServerPart, 'table'> & { table?: PgTable };

/** A declaration with its server part. */
export type ServedResource = { spec: ResourceDeclaration; part: ServerPart };

/** An import of a file that is not there (node, vitest, or the esbuild bundle's map of this folder). */
function isMissing(error: unknown, file: string): boolean {
  const message = error instanceof Error ? error.message : '';
  return (
    message.includes(file) &&
    /ERR_MODULE_NOT_FOUND|Cannot find module|Unknown variable dynamic import|not found in bundle/i.test(`${(error as { code?: string }).code} ${message}`)
  );
}

/**
 * The server code of a resource, found from its declaration's name: the default export of `src/server/resources/<name>.ts`
 * when that file exists (a table written by hand, SPEC.md's delete messages, a service or workflow hooks of its own).
 */
async function partModuleOf(name: string): Promise<ServerPartModule | undefined> {
  const file = `${name}.ts`;
  try {
    // A pattern, not a literal: esbuild bundles every file of that folder; tsx, vitest and node load the one named.
    return ((await import(`./resources/${name}.ts`)) as { default: ServerPartModule }).default;
  } catch (error) {
    if (isMissing(error, file)) return undefined;
    throw error;
  }
}

/**
 * A declaration's server part, checked at start-up: it has a table (its own, else the one generated from its
 * fields), and a warehouse scope exactly where WAREHOUSE_SCOPED lists the resource (the access hook sets a caller's
 * scope only there: a scope without the entry would see everything). A part with its own service applies the
 * caller's scope itself, as inventory's does.
 */
export function checkedPart(name: string, part: ServerPartModule): ServerPart {
  const table: PgTable | undefined = part.table ?? (isGenerated(name) ? resourceTable(name) : undefined);
  if (!table) throw new Error(`Resource '${name}' has no table: run npm run new-resource, or export one from src/server/resources/${name}.ts`);
  const scoped = isWarehouseScoped(name);
  if ((part.scope && !scoped) || (scoped && !part.scope && !part.service)) {
    throw new Error(`Resource '${name}': a scope in src/server/resources/${name}.ts goes with an entry in WAREHOUSE_SCOPED`);
  }
  return { ...part, table };
}

/**
 * Each declaration with its server part: its module's, else its generated table alone. `given`: parts handed over in
 * code instead of a file (a test's own declarations).
 */
export async function servedResources(
  specs: readonly ResourceDeclaration[],
  given: Readonly<Record<string, ServerPartModule>> = {},
): Promise<ServedResource[]> {
  return Promise.all(specs.map(async (spec) => ({ spec, part: checkedPart(spec.name, given[spec.name] ?? (await partModuleOf(spec.name)) ?? {}) })));
}
