import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { camelOf, filterFields, searchFields, sortFields, type ResourceSpec } from '../../domain/resource.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import type { Db } from '../db/client.js';
import type { CrudService } from '../http/crud-routes.js';
import { badRequest, conflict, notFound, pgCode, requireId, requireRef } from '../http/errors.js';
import { countRows, equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter } from './list-helpers.js';

type Row = Record<string, unknown>;

/**
 * Rows of another table that keep a record from being deleted (products of a category): a 409 with their count,
 * worded from the rows' noun ('Category is used by 3 products and cannot be deleted'), or a message of its own
 * where the API already has one ('This city has 2 warehouse(s). Move or delete them before deleting the city.').
 */
export type UsedBy = { table: PgTable; column: AnyPgColumn } & (
  | { noun: { singular: string; plural: string } }
  | { message: (count: number) => string }
);

/** The server side of a declaration: its table (an existing one, or generated from the fields) and its guards. */
export type ServerPart = { table: PgTable; usedBy?: UsedBy[] };

/** Tables of the declared resources by name, so a `ref` field can name the record it points at. */
export type DeclaredTables = ReadonlyMap<string, PgTable>;

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, AnyPgColumn>;

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
  const refs = fields.filter(([, f]) => f.kind === 'ref' && f.ref);
  const id = column('id');
  const stamps = (['created', 'modified'] as const).filter((s) => spec.timestamps?.[s]);
  const sortable = Object.fromEntries(sortFields(spec).map((f) => [f, column(f)]));
  const fallback = [
    ...(spec.defaultSort ? [spec.defaultSort.order === 'desc' ? desc(column(spec.defaultSort.field)) : asc(column(spec.defaultSort.field))] : []),
    ...(spec.timestamps?.created ? [desc(column('created'))] : []),
    desc(id),
  ];
  const entity = spec.entity.title;
  const filterable: Record<string, EqualityFilter> = Object.fromEntries(filterFields(spec).map((name) => {
    const field = spec.fields[name]!;
    const kind = field.kind === 'ref' ? 'id' : field.kind === 'boolean' ? 'boolean' : field.filter === 'contains' ? 'contains' : 'text';
    return [name, { column: column(name), kind, notAnId: `${field.label} not found` }];
  }));

  const toApi = (row: Row): Row => ({
    _id: row.id,
    ...Object.fromEntries(fields.map(([name]) => [name, row[camelOf(name)] ?? null])),
    ...Object.fromEntries(stamps.map((s) => [s, row[s]])),
  });

  /** `<ref>_name` beside each reference: one query per referenced table for a whole page. */
  async function withRefNames(rows: Row[]): Promise<Row[]> {
    const out = rows.map(toApi);
    for (const [name, field] of refs) {
      const target = tables.get(field.ref!.resource);
      if (!target) continue;
      const ids = [...new Set(out.map((r) => r[name]).filter((v): v is string => typeof v === 'string'))];
      if (!ids.length) continue;
      const targetColumns = columnsOf(target);
      const found = await db.select({ id: targetColumns.id!, label: targetColumns[camelOf(field.ref!.labelField)]! }).from(target).where(inArray(targetColumns.id!, ids));
      const labels = new Map(found.map((f) => [f.id as string, f.label]));
      for (const r of out) r[`${name.replace(/_id$/, '')}_name`] = labels.get(r[name] as string) ?? null;
    }
    return out;
  }

  function toColumns(input: Row): Row {
    const values: Row = {};
    for (const [name, field] of fields) {
      let value = input[name];
      if (field.kind === 'ref' && typeof value === 'string') value = requireRef(value, name, `${field.label}`);
      values[camelOf(name)] = value ?? null;
    }
    return values;
  }

  /** Unique and reference violations are the caller's mistake: 409 and 400, never a 500. */
  async function writing<T>(write: () => Promise<T>, deleting = false): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = pgCode(error);
      if (code === '23505') throw conflict(spec.duplicateMessage ?? `${entity} already exists`);
      // Deleting: a row that came to use the record since the check. Writing: a reference to no record.
      if (code === '23503' && deleting) throw conflict(`${entity} is in use and cannot be deleted`);
      if (code === '23503' && refs[0]) throw badRequest(refs[0][0], `${refs[0][1].label} not found`);
      throw error;
    }
  }

  async function inUse(recordId: string): Promise<void> {
    for (const used of part.usedBy ?? []) {
      const n = await countRows(db, used.table, eq(used.column, recordId));
      if (n === 0) continue;
      throw conflict('message' in used ? used.message(n) : `${entity} is used by ${n} ${n === 1 ? used.noun.singular : used.noun.plural} and cannot be deleted`);
    }
  }

  return {
    sortFields: Object.keys(sortable),
    filterFields: filterFields(spec),
    async list(query: ListQuery & Record<string, unknown>) {
      const where = and(searchFilter(query.q, searchFields(spec).map(column)), equalityFilters(query, filterable));
      const [rows, total] = await Promise.all([
        db.select().from(table).where(where).orderBy(...sortOrder(query, sortable, fallback)).limit(query.limit).offset(offsetOf(query)),
        countRows(db, table, where),
      ]);
      return { rows: await withRefNames(rows), total };
    },
    async get(recordId) {
      const [row] = await db.select().from(table).where(eq(id, requireId(recordId, entity))).limit(1);
      if (!row) throw notFound(entity);
      return (await withRefNames([row]))[0]!;
    },
    async create(input) {
      const [row] = await writing(() => db.insert(table).values(toColumns(input)).returning());
      return (await withRefNames([row as Row]))[0]!;
    },
    async update(recordId, input) {
      const key = requireId(recordId, entity);
      const set = { ...toColumns(input), ...(spec.timestamps?.modified ? { modified: sql`now()` } : {}) };
      const [row] = await writing(() => db.update(table).set(set).where(eq(id, key)).returning());
      if (!row) throw notFound(entity);
      return (await withRefNames([row as Row]))[0]!;
    },
    async remove(recordId) {
      const key = requireId(recordId, entity);
      await inUse(key);
      const [row] = await writing(() => db.delete(table).where(eq(id, key)).returning({ id }), true);
      if (!row) throw notFound(entity);
    },
  };
}

