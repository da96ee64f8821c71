import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { camelOf, filterFields, searchFields, sortFields, type ResourceSpec } from '../../domain/resource.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import type { CurrentUser } from '../auth/access.js';
import type { Db } from '../db/client.js';
import type { CrudService } from '../http/crud-routes.js';
import type { AppDeps, WarningLog } from '../http/types.js';
import { badRequest, conflict, notFound, pgCode, requireId, requireRef } from '../http/errors.js';
import { clearForDelete, type Cascade, type UsedBy } from './declared-delete.js';
import { columnsOf, refJoins, type DeclaredTables } from './declared-refs.js';
import { declaredScope, type DeclaredScope } from './declared-scope.js';
import { countRows, equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter } from './list-helpers.js';

export type { Cascade, DeclaredScope, DeclaredTables, UsedBy };

type Row = Record<string, unknown>;

/**
 * The server side of a declaration: its table (an existing one, or generated from the fields), what keeps a record
 * from deletion (`usedBy`) and what goes with it (`cascade`), and its warehouse `scope` where its rows belong to one.
 * A special resource (users: passwords, sessions, assignments) brings its own `service` instead of the generic one;
 * the declared routes serve it all the same.
 */
export type ServerPart = {
  table: PgTable; usedBy?: UsedBy[]; cascade?: Cascade[]; scope?: DeclaredScope;
  /** `log`: where a special service reports what it could not clean up after a request that succeeded. */
  service?: (deps: Pick<AppDeps, 'database' | 'sessions'> & { log: WarningLog }) => CrudService<Row, Row, unknown>;
};

/** The generic Drizzle CRUD service of a declared resource: `_id` and snake_case out, as every resource of SPEC.md. */
export function declaredService(db: Db, spec: ResourceSpec, part: ServerPart, tables: DeclaredTables): CrudService<Row, Row, Row> {
  const { table } = part;
  const columns = columnsOf(table);
  const column = (field: string) => {
    const c = columns[camelOf(field)];
    if (!c) throw new Error(`${spec.name}: the table has no column for field '${field}'`);
    return c;
  };
  const fields = Object.entries(spec.fields);
  const id = column('id');
  const joins = refJoins(spec, column, tables);
  const joinOf = (field: string) => joins.find((j) => j.field === field);
  const scope = part.scope && declaredScope(db, { name: spec.name, table, id, fields: fields.map(([name]) => [name, column(name)]) }, part.scope);
  const stamps = (['created', 'modified'] as const).filter((s) => spec.timestamps?.[s]);
  // A reference searches and sorts by its record's name.
  const searched = searchFields(spec).map((f) => joinOf(f)?.name ?? column(f));
  const sortable: Record<string, AnyPgColumn> = Object.fromEntries(sortFields(spec).map((key) => [key, joins.find((j) => j.as === key)?.name ?? column(key)]));
  const fallback = [
    ...(spec.defaultSort ? [spec.defaultSort.order === 'desc' ? desc(column(spec.defaultSort.field)) : asc(column(spec.defaultSort.field))] : []),
    ...(spec.timestamps?.created ? [desc(column('created'))] : []),
    desc(id),
  ];
  const entity = spec.entity.title;
  const filterable: Record<string, EqualityFilter> = Object.fromEntries(filterFields(spec).map((name) => {
    const field = spec.fields[name]!;
    const kind = field.kind === 'ref' ? 'id' : field.kind === 'boolean' ? 'boolean' : field.filter === 'contains' ? 'contains' : 'text';
    return [name, { column: column(name), kind, notAnId: field.notAnId ?? `${field.label} not found`, values: field.options?.map((o) => o.value) }];
  }));

  /** The row with each reference's record name right after the reference. */
  const toApi = (row: Row, names: Row = {}): Row => ({
    _id: row.id,
    ...Object.fromEntries(fields.flatMap(([name]) => {
      const join = joinOf(name);
      const value = [name, row[camelOf(name)] ?? null];
      return join ? [value, [join.as, names[join.as] ?? null]] : [value];
    })),
    ...Object.fromEntries(stamps.map((s) => [s, row[s]])),
  });

  const selection = { row: table, ...Object.fromEntries(joins.map((j) => [`ref:${j.as}`, j.name])) };
  /** The table with each reference's record joined: what reads select from and count over. */
  const joined = <Q extends { leftJoin: (table: PgTable, on: SQL) => Q }>(query: Q): Q => joins.reduce((q, j) => q.leftJoin(j.joined, j.on), query);
  const fromSelected = (selected: Record<string, unknown>) =>
    toApi(selected.row as Row, Object.fromEntries(joins.map((j) => [j.as, selected[`ref:${j.as}`]])));

  async function read(where: SQL | undefined): Promise<Row | undefined> {
    const [selected] = await joined(db.select(selection).from(table).$dynamic()).where(where).limit(1);
    return selected && fromSelected(selected);
  }

  /** A written row as the API sends it: read again only where references need their names. */
  const written = async (row: Row) => (joins.length ? (await read(eq(id, row.id as string)))! : toApi(row));

  function toColumns(input: Row): Row {
    const values: Row = {};
    for (const [name, field] of fields) {
      let value = input[name];
      if (field.kind === 'ref' && typeof value === 'string') value = requireRef(value, name, `${field.label}`);
      values[camelOf(name)] = value ?? null;
    }
    return values;
  }

  /** A reference to no record is the caller's mistake, a 400 naming the field, before anything is written. */
  async function assertRefsExist(values: Row): Promise<void> {
    for (const join of joins) {
      const value = values[camelOf(join.field)];
      if (typeof value !== 'string') continue;
      const [found] = await db.select({ id: join.targetId }).from(join.target).where(eq(join.targetId, value)).limit(1);
      if (!found) throw badRequest(join.field, `${join.label} not found`);
    }
  }

  /** Unique and reference violations are the caller's mistake: 409 and 400, never a 500. */
  async function writing<T>(write: () => Promise<T>, deleting = false): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = pgCode(error);
      if (code === '23505') throw conflict(spec.duplicateMessage ?? `${entity} already exists`);
      // Deleting: a row that came to use the record since the check. Writing: a record referred to went meanwhile.
      if (code === '23503' && deleting) throw conflict(`${entity} is in use and cannot be deleted`);
      if (code === '23503' && joins[0]) throw badRequest(joins[0].field, `${joins[0].label} not found`);
      throw error;
    }
  }

  return {
    sortFields: Object.keys(sortable),
    filterFields: filterFields(spec),
    async list(query: ListQuery & Record<string, unknown>, by?: CurrentUser) {
      const where = and(searchFilter(query.q, searched), equalityFilters(query, filterable), scope?.filter(by));
      const [rows, total] = await Promise.all([
        joined(db.select(selection).from(table).$dynamic()).where(where).orderBy(...sortOrder(query, sortable, fallback)).limit(query.limit).offset(offsetOf(query)),
        where
          ? joined(db.select({ n: count() }).from(table).$dynamic()).where(where).then(([r]) => Number(r?.n ?? 0))
          : countRows(db, table, undefined),
      ]);
      return { rows: rows.map(fromSelected), total };
    },
    async get(recordId, by) {
      const found = await read(and(eq(id, requireId(recordId, entity)), scope?.filter(by)));
      if (!found) throw notFound(entity);
      return found;
    },
    async create(input, by) {
      await scope?.assertCreatable(by, input);
      const values = toColumns(input);
      await assertRefsExist(values);
      const [row] = await writing(() => db.insert(table).values(values).returning());
      return written(row as Row);
    },
    async update(recordId, input, by) {
      const key = requireId(recordId, entity);
      await scope?.assertWritable(by, key, input);
      const values = toColumns(input);
      await assertRefsExist(values);
      const set = { ...values, ...(spec.timestamps?.modified ? { modified: sql`now()` } : {}) };
      const [row] = await writing(() => db.update(table).set(set).where(eq(id, key)).returning());
      if (!row) throw notFound(entity);
      return written(row as Row);
    },
    async remove(recordId, by) {
      const key = requireId(recordId, entity);
      await scope?.assertWritable(by, key);
      await writing(() => db.transaction(async (tx) => {
        await clearForDelete(tx, entity, key, part);
        const [row] = await tx.delete(table).where(eq(id, key)).returning({ id });
        if (!row) throw notFound(entity);
      }), true);
    },
  };
}
