import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { camelOf, filterFields, searchFields, serverSet, sortFields, stepTargets, type ResourceDeclaration } from '../../domain/resource.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { calendarDay } from '../../domain/schemas/dates.js';
import type { CurrentUser } from '../auth/access.js';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import type { CrudService } from '../http/crud-routes.js';
import { badRequest, conflict, notFound, pgCode, requireId, requireRef } from '../http/errors.js';
import { clearForDelete } from './declared-delete.js';
import { declaredLines, linesFieldsOf } from './declared-lines.js';
import { columnsOf, refJoins, type DeclaredTables } from './declared-refs.js';
import type { ServerPart } from '../served-resources.js';
import { declaredScope } from './declared-scope.js';
import { checkEditable, checkStep, workflowOf } from './declared-workflow.js';
import { nextNumber } from './document-numbers.js';
import { runIdempotent } from './idempotency.js';
import { countRows, equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter } from './list-helpers.js';
import { changedFields, historyOf, recordEvent } from './record-history.js';
import { transactionAs } from '../db/actor.js';
import { flatSelection } from '../db/flat-select.js';

type Row = Record<string, unknown>;

/** The generic Drizzle CRUD service of a declared resource: `_id` and snake_case out, as every resource of SPEC.md. */
export function declaredService(db: Db, spec: ResourceDeclaration, part: ServerPart, tables: DeclaredTables): CrudService<Row, Row, Row> {
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
  const scope =
    part.scope &&
    declaredScope(db, { name: spec.name, table, id, fields: fields.filter(([, f]) => f.kind !== 'lines').map(([name]) => [name, column(name)]) }, part.scope);
  const stamps = (['created', 'modified'] as const).filter((s) => spec.timestamps?.[s]);
  // A reference searches and sorts by its record's name.
  const searched = searchFields(spec).map((f) => joinOf(f)?.name ?? column(f));
  const sortable: Record<string, AnyPgColumn | SQL> = Object.fromEntries(
    sortFields(spec).map((key) => [key, joins.find((j) => j.as === key)?.name ?? column(key)]),
  );
  const fallback = [
    ...(spec.defaultSort ? [spec.defaultSort.order === 'desc' ? desc(column(spec.defaultSort.field)) : asc(column(spec.defaultSort.field))] : []),
    ...(spec.timestamps?.created ? [desc(column('created'))] : []),
    desc(id),
  ];
  const entity = spec.entity.title;
  // Date ranges: `?<field>_from=` and `?<field>_to=`, calendar days (the shared rule), both included.
  const ranges = filterFields(spec).filter((name) => spec.fields[name]!.filter === 'range');
  const rangeQuery = Object.fromEntries(
    ranges.flatMap((name) =>
      [`${name}_from`, `${name}_to`].map((param) => [param, z.preprocess((v) => (v === '' ? undefined : v), calendarDay(param).optional())]),
    ),
  );
  const rangeFilter = (query: Record<string, unknown>): SQL | undefined =>
    and(
      ...ranges.flatMap((name) => [
        ...(typeof query[`${name}_from`] === 'string' ? [gte(column(name), query[`${name}_from`] as string)] : []),
        ...(typeof query[`${name}_to`] === 'string' ? [lte(column(name), query[`${name}_to`] as string)] : []),
      ]),
    );
  const filterable: Record<string, EqualityFilter> = Object.fromEntries(
    filterFields(spec)
      .filter((name) => !ranges.includes(name))
      .map((name) => {
        const field = spec.fields[name]!;
        const kind = field.kind === 'ref' ? 'id' : field.kind === 'boolean' ? 'boolean' : field.filter === 'contains' ? 'contains' : 'text';
        // A choice may be filtered by several of its values (`?status=ordered,partially_received`: open orders).
        const values = field.options?.map((o) => o.value);
        return [name, { column: column(name), kind, notAnId: field.notAnId ?? `${field.label} not found`, values, multiple: field.kind === 'choice' }];
      }),
  );

  /** The row with each reference's record name right after the reference. */
  const toApi = (row: Row, names: Row = {}): Row => ({
    _id: row.id,
    ...Object.fromEntries(
      fields
        .filter(([, field]) => field.kind !== 'lines')
        .flatMap(([name]) => {
          const join = joinOf(name);
          const value = [name, row[camelOf(name)] ?? null];
          return join ? [value, [join.as, names[join.as] ?? null]] : [value];
        }),
    ),
    ...Object.fromEntries(stamps.map((s) => [s, row[s]])),
  });

  const selection = { row: table, ...Object.fromEntries(joins.map((j) => [`ref:${j.as}`, j.name])) };
  /** The table with each reference's record joined: what reads select from and count over. */
  const joined = <Q extends { leftJoin: (table: PgTable, on: SQL) => Q }>(query: Q): Q => joins.reduce((q, j) => q.leftJoin(j.joined, j.on), query);
  const fromSelected = (selected: Record<string, unknown>) => toApi(selected.row as Row, Object.fromEntries(joins.map((j) => [j.as, selected[`ref:${j.as}`]])));

  async function readIn(db2: DbOrTx, where: SQL | undefined): Promise<Row | undefined> {
    const [selected] = await joined(db2.select(selection).from(table).$dynamic()).where(where).limit(1);
    return selected && fromSelected(selected);
  }
  const read = (where: SQL | undefined) => readIn(db, where);

  const lines = linesFieldsOf(spec).map((field) => declaredLines(spec, field, tables));

  /** What `q` and the filters select, within the caller's warehouses. */
  const whereOf = (query: Record<string, unknown> & { q?: string }, by?: CurrentUser) =>
    and(searchFilter(query.q, searched), equalityFilters(query, filterable), rangeFilter(query), scope?.filter(by));

  /** Rows of a list page (or of a download's batch) as the list sends them: a document's with its lines' count and sums. */
  async function listed(db2: DbOrTx, selected: Record<string, unknown>[]): Promise<Row[]> {
    const page = selected.map(fromSelected);
    // A document's rows in the list carry how many lines it has and what they add up to, summed in SQL.
    for (const access of lines) {
      const sums = await access.summaries(
        db2,
        page.map((r) => r._id as string),
      );
      for (const row of page) Object.assign(row, sums.get(row._id as string) ?? access.empty());
    }
    const present = part.present;
    return present ? await Promise.all(page.map((row) => present(db2, row, 'list'))) : page;
  }
  const flow = workflowOf(spec);
  /** A document's history (every step, who and when) is part of its record; a plain resource has none here. */
  const isDocument = lines.length > 0 || flow !== null;
  /** What its history calls a document: its number ('PO-2026-00042'), where it has one. */
  const labelOf = (row: Row): string | null => (spec.numbering ? String(row[camelOf(spec.numbering.field)] ?? '') || null : null);

  /** A document as the API sends it: the header, each lines field's rows and sums, its history. */
  async function full(db2: DbOrTx, header: Row): Promise<Row> {
    if (!isDocument) return header;
    const out: Row = { ...header };
    for (const access of lines) {
      const rows = await access.read(db2, header._id as string);
      out[access.field] = rows;
      Object.assign(out, access.empty(), { [`${access.field}_count`]: rows.length });
      for (const name of Object.keys(spec.fields[access.field]!.lines!.totals ?? {})) {
        out[name] = Math.round(rows.reduce((sum, r) => sum + Number(r[name] ?? 0), 0) * 100) / 100;
      }
    }
    out.history = await historyOf(db2, spec.name, header._id as string);
    return part.present ? part.present(db2, out, 'record') : out;
  }

  /** A written row as the API sends it: read again only where references need their names, with its lines. */
  const written = async (tx: DbOrTx, row: Row) => full(tx, joins.length ? (await readIn(tx, eq(id, row.id as string)))! : toApi(row));

  function toColumns(input: Row): Row {
    const values: Row = {};
    for (const [name, field] of fields) {
      if (field.kind === 'lines' || (serverSet(spec, name) && !(field.readOnly && input[name] !== undefined))) continue;
      let value = input[name];
      if (field.kind === 'ref' && typeof value === 'string') value = requireRef(value, name, `${field.label}`);
      values[camelOf(name)] = value ?? null;
    }
    return values;
  }

  /** A reference to no record is the caller's mistake, a 400 naming the field, before anything is written. */
  async function assertRefsExist(values: Row, db2: DbOrTx = db): Promise<void> {
    for (const join of joins) {
      const value = values[camelOf(join.field)];
      if (typeof value !== 'string') continue;
      const [found] = await db2
        .select({ id: join.targetId })
        .from(join.target)
        .where(and(eq(join.targetId, value), join.allowed))
        .limit(1);
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

  /** The header row locked for this transaction (a step or an edit waits for another on the same document). */
  async function locked(tx: Tx, key: string): Promise<Row> {
    const [row] = await tx.select().from(table).where(eq(id, key)).for('update');
    if (!row) throw notFound(entity);
    return row as Row;
  }

  /** The values a create starts with that no body sets: the document's number and its first status. */
  async function serverValues(tx: Tx): Promise<Row> {
    const values: Row = {};
    if (spec.numbering) values[camelOf(spec.numbering.field)] = await nextNumber(tx, spec.name, spec.numbering);
    if (flow) values[camelOf(flow.field)] = flow.workflow.initial;
    return values;
  }

  const bodyNames = fields.filter(([name, f]) => f.kind !== 'lines' && !serverSet(spec, name)).map(([name]) => name);
  const linesOf = (input: Row, access: (typeof lines)[number]) => (Array.isArray(input[access.field]) ? (input[access.field] as Row[]) : undefined);

  async function writeDocument(tx: Tx, recordId: string, input: Row, replacing: boolean): Promise<void> {
    for (const access of lines) {
      const rows = linesOf(input, access);
      if (rows || !replacing) await access.write(tx, recordId, rows ?? []);
    }
  }

  const generic: CrudService<Row, Row, Row> = {
    sortFields: Object.keys(sortable),
    filterFields: Object.keys(filterable),
    ...(ranges.length ? { listQuery: rangeQuery } : {}),
    async list(query: ListQuery & Record<string, unknown>, by?: CurrentUser) {
      const where = whereOf(query, by);
      const [rows, total] = await Promise.all([
        joined(db.select(selection).from(table).$dynamic())
          .where(where)
          .orderBy(...sortOrder(query, sortable, fallback))
          .limit(query.limit)
          .offset(offsetOf(query)),
        where
          ? joined(db.select({ n: count() }).from(table).$dynamic())
              .where(where)
              .then(([r]) => Number(r?.n ?? 0))
          : countRows(db, table, undefined),
      ]);
      return { rows: await listed(db, rows), total };
    },
    exportRows(query, by) {
      const flat = flatSelection(selection);
      return {
        query: joined(db.select(flat.fields).from(table).$dynamic())
          .where(whereOf(query, by))
          .orderBy(...sortOrder(query, sortable, fallback))
          .getSQL(),
        rows: (db2, raw) => listed(db2, raw.map(flat.decode)),
      };
    },
    async get(recordId, by) {
      const found = await read(and(eq(id, requireId(recordId, entity)), scope?.filter(by)));
      if (!found) throw notFound(entity);
      return full(db, found);
    },
    async create(body, by) {
      await scope?.assertCreatable(by, body);
      return writing(() =>
        transactionAs(db, by, async (tx) => {
          const input = { ...body };
          await part.beforeWrite?.(tx, { input, by });
          const values = toColumns(input);
          await assertRefsExist(values, tx);
          const [row] = await tx
            .insert(table)
            .values({ ...values, ...(await serverValues(tx)) })
            .returning();
          const recordId = (row as Row).id as string;
          await writeDocument(tx, recordId, input, false);
          if (isDocument) await recordEvent(tx, { resource: spec.name, recordId, recordLabel: labelOf(row as Row), action: 'created', by });
          return written(tx, row as Row);
        }),
      );
    },
    async update(recordId, body, by) {
      const key = requireId(recordId, entity);
      await scope?.assertWritable(by, key, body);
      if (!isDocument) {
        const values = toColumns(body);
        await assertRefsExist(values);
        const set = { ...values, ...(spec.timestamps?.modified ? { modified: sql`now()` } : {}) };
        const [row] = await writing(() => transactionAs(db, by, (tx) => tx.update(table).set(set).where(eq(id, key)).returning()));
        if (!row) throw notFound(entity);
        return written(db, row as Row);
      }
      return writing(() =>
        transactionAs(db, by, async (tx) => {
          const before = await locked(tx, key);
          if (flow) checkEditable(spec, flow.field, flow.workflow, before[camelOf(flow.field)], 'changed');
          const input = { ...body };
          await part.beforeWrite?.(tx, { input, by, record: before });
          const values = toColumns(input);
          await assertRefsExist(values, tx);
          const set = { ...values, ...(spec.timestamps?.modified ? { modified: sql`now()` } : {}) };
          const [row] = await tx.update(table).set(set).where(eq(id, key)).returning();
          await writeDocument(tx, key, input, true);
          const changes = changedFields(Object.fromEntries(bodyNames.map((n) => [n, before[camelOf(n)]])), input, bodyNames);
          await recordEvent(tx, { resource: spec.name, recordId: key, recordLabel: labelOf(row as Row), action: 'updated', by, changes });
          return written(tx, row as Row);
        }),
      );
    },
    async remove(recordId, by) {
      const key = requireId(recordId, entity);
      await scope?.assertWritable(by, key);
      await writing(
        () =>
          transactionAs(db, by, async (tx) => {
            if (flow) checkEditable(spec, flow.field, flow.workflow, (await locked(tx, key))[camelOf(flow.field)], 'deleted');
            await clearForDelete(tx, entity, key, part);
            const [row] = await tx.delete(table).where(eq(id, key)).returning();
            if (!row) throw notFound(entity);
            if (isDocument) await recordEvent(tx, { resource: spec.name, recordId: key, recordLabel: labelOf(row as Row), action: 'deleted', by });
          }),
        true,
      );
    },
    /**
     * A workflow step, once per Idempotency-Key: the header is locked, the step checked against its status (409 naming
     * it), the status moved, the resource's own code run, the step recorded (who, when, the note) — in one transaction.
     */
    async act(recordId, action, input, by, idempotencyKey) {
      if (!flow?.workflow.actions[action]) throw notFound(entity);
      const key = requireId(recordId, entity);
      if (!(await read(eq(id, key)))) throw notFound(entity);
      // Another warehouse's record: 403, as its update and delete are.
      await scope?.assertWritable(by, key);
      const note = typeof input.note === 'string' ? input.note : undefined;
      return runIdempotent(db, { key: idempotencyKey, userId: by.id, route: `POST ${spec.path}/{id}/${action}`, payload: { id: key, input } }, async (tx) => {
        const record = await locked(tx, key);
        const current = record[camelOf(flow.field)];
        const step = checkStep(spec, flow.field, flow.workflow, action, current, note);
        const targets = stepTargets(step);
        const chosen = (await part.actions?.[action]?.(tx, { record, input, by, action }))?.status ?? targets[0];
        if (chosen !== undefined && !targets.includes(chosen)) throw new Error(`${spec.name}: step '${action}' cannot end in '${chosen}'`);
        const to = chosen ?? current;
        await tx
          .update(table)
          .set({ [camelOf(flow.field)]: to, ...(spec.timestamps?.modified ? { modified: sql`now()` } : {}) })
          .where(eq(id, key));
        const changes = to === current ? undefined : { [flow.field]: [current, to] as [unknown, unknown] };
        await recordEvent(tx, { resource: spec.name, recordId: key, recordLabel: labelOf(record), action, by, changes, note: note ?? '' });
        return { status: 200, body: await full(tx, (await readIn(tx, eq(id, key)))!) };
      });
    },
  };
  return generic;
}
