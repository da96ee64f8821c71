import { z, type ZodType } from 'zod';
import type { Action, Resource } from '../../domain/policy.js';
import { idParam, listQueryFor, type ListQuery } from '../../domain/schemas/common.js';
import type { CurrentUser } from '../auth/access.js';
import type { Page } from '../services/list-helpers.js';
import type { Outcome } from '../services/idempotency.js';
import { created, idempotencyKeyHeader } from './openapi.js';
import type { Api } from './types.js';

export type CrudService<TCreate, TUpdate, TOut> = {
  /** What `sort` may name: the list route's query (and so the API document) allows exactly these. */
  sortFields: readonly string[];
  /** Plain query parameters that filter the list by equality (`?category_id=`). */
  filterFields?: readonly string[];
  /** Further list query parameters with their own rules (products' warehouse and stock status); the service reads them. */
  listQuery?: z.ZodRawShape;
  /** `by`: the caller, for services whose rows are scoped to the caller (warehouses). */
  list(query: ListQuery & Record<string, unknown>, by?: CurrentUser): Promise<Page<TOut>>;
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
};

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

  app.get(item, { config: perm(d.resource, 'show'), schema: { tags, params: idParam } }, (request) => d.service.get(request.params.id, request.user!));

  const { createOnce } = d.service;
  app.post(
    d.createPath ?? d.path,
    { config: perm(d.resource, 'create'), schema: { tags, ...(createOnce && { headers: idempotencyKeyHeader }), body: d.createSchema, response: created } },
    async (request, reply) => {
      const body = request.body as z.output<TCreate>;
      if (!createOnce) return reply.status(201).send(await d.service.create(body, request.user!));
      const outcome = await createOnce(body, request.user!, request.headers['idempotency-key']);
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      // The stored outcome of a create is its 201 (a refusal is thrown, never stored).
      return reply.status(outcome.status as 201).send(outcome.body);
    },
  );

  app.route({
    method: d.updateMethod ?? 'PUT',
    url: item,
    config: perm(d.resource, 'edit'),
    schema: { tags, params: idParam, body: d.updateSchema },
    handler: (request) => d.service.update((request.params as { id: string }).id, request.body as z.output<TUpdate>, request.user!),
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
