import type { FastifyReply } from 'fastify';
import { z, type ZodType } from 'zod';
import type { Action, Resource } from '../../domain/policy.js';
import { idParam, listQueryFor, type ListQuery } from '../../domain/schemas/common.js';
import type { CurrentUser } from '../auth/access.js';
import type { Page } from '../services/list-helpers.js';
import type { Outcome } from '../services/idempotency.js';
import { entityTag, expectedVersion, type RecordVersions } from '../services/record-version.js';
import { VersionConflict } from '../db/actor.js';
import { created, idempotencyKeyHeader, ifMatchHeader } from './openapi.js';
import type { Api } from './types.js';
import { sendCsvDownload, type RowSource } from './csv-download.js';
import { downloadWords } from '../services/report-language.js';
import { exportLineOf, type ExportColumn, type ListRecord } from '../../domain/list-csv.js';
import { COST_FIELDS } from '../auth/cost-fields.js';
import type { Db } from '../db/client.js';

export type CrudService<TCreate, TUpdate, TOut> = {
  /** What `sort` may name: the list route's query (and so the API document) allows exactly these. */
  sortFields: readonly string[];
  /** Plain query parameters that filter the list by equality (`?category_id=`). */
  filterFields?: readonly string[];
  /** Further list query parameters with their own rules (products' warehouse and stock status); the service reads them. */
  listQuery?: z.ZodRawShape;
  /** `by`: the caller, for services whose rows are scoped to the caller (warehouses). */
  list(query: ListQuery & Record<string, unknown>, by?: CurrentUser): Promise<Page<TOut>>;
  /**
   * Every row of the list for `query` (its search, filters and sort, no page), for a download (`GET <path>.csv`): the
   * list's own statement, and a batch of its raw rows as the list sends them. A query the list refuses is refused here
   * alike (a 400), before anything is sent.
   */
  exportRows?(query: ExportQuery, by?: CurrentUser): ListSource<TOut> | Promise<ListSource<TOut>>;
  get(id: string, by?: CurrentUser): Promise<TOut>;
  create(input: TCreate, by: CurrentUser): Promise<TOut>;
  /**
   * A create that an Idempotency-Key makes safe to retry (inventory): the route takes the header and sends what the
   * first request with that key answered, marked `idempotent-replayed`.
   */
  createOnce?(input: TCreate, by: CurrentUser, key: string | string[] | undefined): Promise<Outcome & { replayed: boolean }>;
  update(id: string, input: TUpdate, by: CurrentUser): Promise<TOut>;
  remove(id: string, by: CurrentUser): Promise<void>;
  /** A document's workflow step (`POST <path>/{id}/<action>`), once per Idempotency-Key. */
  act?(
    id: string,
    action: string,
    input: Record<string, unknown>,
    by: CurrentUser,
    key: string | string[] | undefined,
  ): Promise<Outcome & { replayed: boolean }>;
};

/** A list's query without its page: what a download of the list takes. */
export type ExportQuery = Omit<ListQuery, 'page' | 'limit'> & Record<string, unknown>;
/** A list's rows for a download: its statement (the list's, with flat fields and no page) and its rows of a batch. */
export type ListSource<T> = RowSource<T>;

/** A workflow step's route: its name (the matrix action), its body (a note, and what the resource's own code takes). */
export type StepRoute = { name: string; body: ZodType; summary: string };

export type CrudRoutes<TCreate extends ZodType, TUpdate extends ZodType, TOut> = {
  /** Collection path, e.g. '/cities'. */
  path: string;
  resource: Resource;
  /** 'City': used in messages such as 'City deleted successfully'. */
  entity: string;
  createSchema: TCreate;
  updateSchema: TUpdate;
  service: CrudService<z.output<TCreate>, z.output<TUpdate>, TOut>;
  /** Key of the list array in the response: SPEC.md uses `data` for most and `users` for users. */
  listKey?: string;
  /** SPEC.md: users are created at POST /users/create. */
  createPath?: string;
  updateMethod?: 'PUT' | 'PATCH';
  /** Workflow steps, each `POST <path>/{id}/<name>` with its own permission. */
  steps?: readonly StepRoute[];
  /** Cost figures of this resource's answers beyond COST_FIELDS: hidden, with their sorts and filters, from a role without costs. */
  costFields?: readonly string[];
  /** Before a delete: a 409 while other records point at this one (derived from the declarations). */
  beforeDelete?: (id: string) => Promise<void>;
  /** Each record answer carries its version (and an ETag); an update naming an older one is refused. */
  versions: RecordVersions;
  /** The list as a CSV download, `GET <path>.csv`, where the service can give its rows (`exportRows`): the file's name and columns. */
  csv?: {
    db: Db;
    name: string;
    columns: readonly ExportColumn[];
    /** The header and our words in the cells ('Yes') in the request's language (Accept-Language); not where the columns are a format read back (an import's). */
    localisedHeader: boolean;
  };
};

/** What a refused update says: who changed the record since its author read it. */
const changedMessage = (name: string | undefined) => `This record was changed by ${name || 'someone else'} since you opened it.`;

/** Raw bodies' `version`, taken before validation drops the keys a resource's schema does not name. */
const bodyVersions = new WeakMap<object, unknown>();

/** list, show, create, update and delete routes for one resource: one declaration, five thin routes. */
export function registerCrud<TCreate extends ZodType, TUpdate extends ZodType, TOut>(app: Api, d: CrudRoutes<TCreate, TUpdate, TOut>): void {
  const tags = [d.resource];
  const perm = (resource: Resource, action: Action) => ({ access: { resource, action }, ...(d.costFields?.length ? { costFields: d.costFields } : {}) });
  const item = `${d.path}/:id`;

  const filters = Object.fromEntries((d.service.filterFields ?? []).map((f) => [f, z.string().trim().max(100).optional()]));
  // Typed as the plain list query: the filters reach the service through its `Record<string, unknown>` side.
  const querystring = listQueryFor(d.service.sortFields)
    .extend(filters)
    .extend(d.service.listQuery ?? {}) as unknown as ReturnType<typeof listQueryFor>;
  app.get(d.path, { config: perm(d.resource, 'list'), schema: { tags, querystring } }, async (request) => {
    const { rows, total } = await d.service.list(request.query, request.user!);
    return { [d.listKey ?? 'data']: rows, total, page: request.query.page, limit: request.query.limit };
  });

  const { exportRows } = d.service;
  const { csv } = d;
  if (csv && exportRows) {
    const summary = `Every ${d.entity.toLowerCase()} of the list's search, filters and sort, as a CSV file (streamed; no page)`;
    app.get(
      `${d.path}.csv`,
      { config: perm(d.resource, 'list'), schema: { tags, summary, querystring: querystring.omit({ page: true, limit: true }), produces: ['text/csv'] } },
      async (request, reply) => {
        const source = await exportRows(request.query, request.user!);
        // A role without 'costs: see' gets no cost column, not an empty one.
        const hidden = request.user!.seesCosts === false ? new Set([...COST_FIELDS, ...(d.costFields ?? [])]) : new Set<string>();
        const columns = csv.columns.filter((c) => !hidden.has(c.key));
        const words = csv.localisedHeader ? downloadWords(reply) : (title: string) => title;
        const file = { filename: `${csv.name}-${new Date().toISOString().slice(0, 10)}.csv`, header: columns.map((c) => words(c.title)) };
        // Columns that are each a field as it is: the statement writes the lines (see RowSource).
        if (source.lines && columns.every((c) => !c.value && !c.words)) {
          return sendCsvDownload(reply, csv.db, { ...file, query: source.lines(columns.map((c) => c.key)), toLine: (row: { line: string }) => row.line });
        }
        const line = exportLineOf(columns, csv.localisedHeader ? words : undefined);
        return sendCsvDownload(reply, csv.db, { ...file, toLine: (row) => line(row as ListRecord), ...source });
      },
    );
  }

  const { versions } = d;
  /** The record with its version; read version first, so a change in between makes the version older, never newer. */
  const versioned = async (reply: FastifyReply, id: string, read: () => Promise<TOut>) => {
    const version = await versions.of(id);
    const row = await read();
    void reply.header('etag', entityTag(version));
    return { ...row, version };
  };

  /** A created record's answer with its version (answers name their id `_id`, SPEC.md's Mongo heritage). */
  const withVersion = async (body: unknown) => {
    const id = body && typeof body === 'object' ? ((body as { _id?: unknown; id?: unknown })._id ?? (body as { id?: unknown }).id) : undefined;
    return typeof id === 'string' ? { ...(body as object), version: await versions.of(id) } : body;
  };

  app.get(item, { config: perm(d.resource, 'show'), schema: { tags, params: idParam } }, (request, reply) =>
    versioned(reply, request.params.id, () => d.service.get(request.params.id, request.user!)),
  );

  const { createOnce } = d.service;
  app.post(
    d.createPath ?? d.path,
    { config: perm(d.resource, 'create'), schema: { tags, ...(createOnce && { headers: idempotencyKeyHeader }), body: d.createSchema, response: created } },
    async (request, reply) => {
      const body = request.body as z.output<TCreate>;
      if (!createOnce) return reply.status(201).send(await withVersion(await d.service.create(body, request.user!)));
      const outcome = await createOnce(body, request.user!, request.headers['idempotency-key']);
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      // The stored outcome of a create is its 201 (a refusal is thrown, never stored); its version is the record's now.
      return reply.status(outcome.status as 201).send(await withVersion(outcome.body));
    },
  );

  app.route({
    method: d.updateMethod ?? 'PUT',
    url: item,
    config: perm(d.resource, 'edit'),
    schema: { tags, params: idParam, body: d.updateSchema, headers: ifMatchHeader },
    preValidation: async (request) => {
      const raw = request.body;
      if (raw && typeof raw === 'object') bodyVersions.set(request, (raw as { version?: unknown }).version);
    },
    handler: async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const version = expectedVersion(request.headers['if-match'], bodyVersions.get(request));
      const ifMatch = version === undefined ? undefined : versions.expect(id, version);
      const by = ifMatch ? { ...request.user!, ifMatch } : request.user!;
      try {
        const saved = await d.service.update(id, request.body as z.output<TUpdate>, by);
        // The version after the update: read before the record, which is read again to go with it.
        return await versioned(reply, id, async () => (await d.service.get(id, request.user!).catch(() => null)) ?? saved);
      } catch (error) {
        if (!(error instanceof VersionConflict)) throw error;
        const change = await versions.lastChange(id);
        const current = await versioned(reply, id, () => d.service.get(id, request.user!));
        return reply.status(409).send({ message: changedMessage(change.changed_by?.name), ...change, current });
      }
    },
  });

  app.delete(item, { config: perm(d.resource, 'delete'), schema: { tags, params: idParam } }, async (request) => {
    await d.beforeDelete?.(request.params.id);
    await d.service.remove(request.params.id, request.user!);
    return { message: `${d.entity} deleted successfully` };
  });

  const { act } = d.service;
  for (const step of d.steps ?? []) {
    if (!act) throw new Error(`${d.resource}: workflow steps need a service that can act`);
    app.post(
      `${item}/${step.name}`,
      {
        config: perm(d.resource, step.name as Action),
        schema: { tags, summary: step.summary, params: idParam, headers: idempotencyKeyHeader, body: step.body },
      },
      async (request, reply) => {
        const outcome = await act(
          request.params.id,
          step.name,
          (request.body ?? {}) as Record<string, unknown>,
          request.user!,
          request.headers['idempotency-key'],
        );
        if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(outcome.status).send(outcome.body);
      },
    );
  }
}
