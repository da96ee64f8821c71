import type { RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../domain/schemas/common.js';
import type { Api } from './types.js';

/** The one body of every error answer, as a component every operation refers to. */
const errorResponse = errorBody.meta({ id: 'Error', description: '`message` says what went wrong; `errors` names each field at fault' });

/**
 * An error answer that says more than `Error` (the fields a client acts on), for the routes that send it: every field of
 * `Error` and these, optional as not every answer of that status has them. Loose, so a field is never dropped from an
 * answer by its document.
 */
export const errorWith = (id: string, description: string, extra: z.ZodRawShape) => z.looseObject({ ...errorBody.shape, ...extra }).meta({ id, description });

/** A route that answers 201: spread `created` into `schema.response` (the body is passed through as is). */
export const created = { 201: z.unknown() };

/** Error statuses a route's shape does not tell (a public sign-in's 401, a look-up's 404): spread into `schema.response`. */
export const errorReplies = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, errorResponse]));

/**
 * The Idempotency-Key header of stock-changing POSTs, for the document: the rule itself is enforced (with its own
 * message, naming the header) by parseKey in services/idempotency.ts. Loose: Fastify replaces the request's headers
 * with what validation returns, so every other header must pass through.
 */
/** An update's optimistic check: the ETag of the record as its author read it (crud-routes.ts). */
export const ifMatchHeader = z.looseObject({
  'if-match': z.string().optional().meta({
    description: 'The ETag of the record as read (e.g. "42"): an update of an older version is refused with 409 and the record as it is now',
  }),
});

export const idempotencyKeyHeader = z.looseObject({
  'idempotency-key': z.string().optional().meta({
    minLength: 1,
    maxLength: 255,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'Any 1 to 255 visible ASCII characters; a retry with the same key and body replays the first answer (422 if the body differs)',
  }),
});

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `errors` names each field and what is wrong with it',
  401: 'No valid access token (missing, expired, or its user was changed, deactivated or deleted since)',
  403: "The caller's role may not do this (or may not sign in)",
  404: 'No such record',
  409: 'Conflicts with the current data (a duplicate, a record still in use, stock that would go below 0, a concurrent change)',
  413: 'The request body (or an image in it) is too large',
  414: 'A path segment is too long',
  415: 'The body is not JSON',
  422: 'The Idempotency-Key was already used for a different request',
  429: 'Too many attempts: see Retry-After',
  431: 'The request line (address) or headers are too large: over 16 KB',
  503: 'Busy or unavailable: see Retry-After',
};

type RouteDoc = { method: string | string[]; url: string; config?: RouteOptions['config']; schema?: Record<string, unknown> };

/**
 * The error statuses a route can answer, read from its definition: its input schemas (400), its access rule
 * (401, 403), path parameters (404, 414), writes (409), a JSON body (413, 415), an Idempotency-Key header
 * (422), a rate limit (429). A status only some routes have (503 of sign-in, say) is declared in `schema.response`.
 */
export function errorStatuses(route: RouteDoc): number[] {
  const schema = route.schema ?? {};
  const config = (route.config ?? {}) as { access?: unknown; rateLimit?: unknown };
  const methods = [route.method].flat();
  // Any request may carry more than Node's 16 KB of address and headers: answered 431 before it reaches a route.
  const statuses = new Set<number>([431]);
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (config.access !== undefined && config.access !== 'public') [401, 403].forEach((s) => statuses.add(s));
  if (route.url.includes(':')) [404, 414].forEach((s) => statuses.add(s));
  if (config.access !== 'public' && methods.some((m) => WRITES.has(m))) statuses.add(409);
  if (schema.body) [413, 415].forEach((s) => statuses.add(s));
  const headers = schema.headers as z.ZodObject | undefined;
  if (headers?.shape && 'idempotency-key' in headers.shape) statuses.add(422);
  if (config.rateLimit) statuses.add(429);
  for (const status of Object.keys(schema.response ?? {}).map(Number)) if (status >= 400) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

/** Adds every error status (one shared schema) and the success status to a route's documented responses. */
function withResponses(route: RouteDoc, schema: Record<string, unknown>): Record<string, unknown> {
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = { ...declared };
  if (!Object.keys(declared).some((s) => s.startsWith('2'))) response[200] = json('OK', z.unknown());
  for (const status of Object.keys(declared).filter((s) => s.startsWith('2'))) {
    response[status] = json(status === '201' ? 'Created' : 'OK', declared[status] as z.ZodType);
  }
  for (const status of errorStatuses(route)) {
    response[status] = json(ERROR_DESCRIPTIONS[status] ?? 'Error', status in declared ? (declared[status] as z.ZodType) : errorResponse);
  }
  return { ...schema, response };
}

type Override = NonNullable<NonNullable<Parameters<typeof createJsonSchemaTransform>[0]['zodToJsonConfig']>['override']>;
type OverrideContext = Parameters<Override>[0];
type Json = Record<string, unknown>;

const RULE_KEYS = [
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'multipleOf',
  'enum',
] as const;

/** Copies what `rules` constrains onto `target` where their types agree (into the matching branch of an anyOf). */
function mergeRules(target: Json, rules: Json): void {
  if (Array.isArray(target.anyOf)) {
    for (const branch of target.anyOf as Json[]) if (branch.type === rules.type) mergeRules(branch, rules);
    return;
  }
  if (target.type !== rules.type) return;
  for (const key of RULE_KEYS) if (rules[key] !== undefined && target[key] === undefined) target[key] = rules[key];
  if (target.items && rules.items && typeof target.items === 'object' && typeof rules.items === 'object') {
    mergeRules(target.items as Json, rules.items as Json);
  }
}

/**
 * zod documents an input by what it first accepts: for `a.transform(f).pipe(b)` only `a` shows, so the rules of `b`
 * (the pincode pattern, the e-mail format, at least one ward) and fields that only `b` makes required were missing.
 * This shows them, from the same schemas the server validates with. It also keeps what fastify-type-provider-zod's
 * own override does for OpenAPI 3.0 (a nullable union becomes `nullable: true`), which a custom one replaces.
 */
function showRules(ctx: OverrideContext): void {
  const schema = ctx.zodSchema as unknown as z.ZodType;
  const json = ctx.jsonSchema as Json;
  const def = schema._zod.def as unknown as { type: string; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType> };
  if (def.type === 'union' && Array.isArray(json.anyOf)) {
    const branches = (json.anyOf as Json[]).filter((b) => Object.keys(b).length > 0);
    const isNull = (b: Json) => b.nullable === true && Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === null;
    const others = branches.filter((b) => !isNull(b));
    if (others.length === 1 && others.length < branches.length) {
      delete json.anyOf;
      Object.assign(json, others[0], { nullable: true });
    } else {
      json.anyOf = others.length < branches.length ? others : branches;
      if (others.length < branches.length) json.nullable = true;
    }
  }
  // A JSON Schema pattern has no flags: /x/i would be documented as a different, case-sensitive rule.
  for (const check of (schema._zod.def as { checks?: { _zod: { def: { format?: string; pattern?: unknown } } }[] }).checks ?? []) {
    const { format, pattern } = check._zod.def;
    if (format === 'regex' && pattern instanceof RegExp && pattern.flags.replace(/[gu]/g, '')) {
      throw new Error(`The pattern ${String(pattern)} has flags the API document cannot show: write it without them`);
    }
  }
  if (def.type === 'pipe' && def.in && def.out && !def.in._zod.traits.has('$ZodTransform')) {
    mergeRules(json, z.toJSONSchema(def.out, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as Json);
  }
  // Required is what the server refuses to go without, whatever the optional-looking wrapper (a preprocess) says.
  if (def.type === 'object' && def.shape) {
    const required = Object.entries(def.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([key]) => key);
    if (required.length) json.required = required;
    else delete json.required;
  }
}

const toComponents = createJsonSchemaTransformObject({});

/** zod's registry yields an input and an output copy of every named schema; keep those some operation refers to. */
function withoutUnusedSchemas(document: Json): Json {
  const components = document.components as { schemas?: Json } | undefined;
  if (!components?.schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: {} } });
  const schemas = Object.fromEntries(Object.entries(components.schemas).filter(([name]) => text.includes(`"#/components/schemas/${name}"`)));
  return { ...document, components: { ...components, schemas } };
}

/** /api/openapi.json and /api/docs, generated from the routes' own definitions. */
export async function registerOpenApi(app: Api): Promise<void> {
  const transform = createJsonSchemaTransform({ zodToJsonConfig: { override: showRules } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Grocery back-office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const route = document.route as RouteDoc;
      const schema = document.schema as Record<string, unknown> | undefined;
      if (!schema || schema.hide || !route.url.startsWith('/api')) return transform(document);
      return transform({ ...document, schema: withResponses(route, schema) as typeof document.schema });
    },
    transformObject: (document) => withoutUnusedSchemas(toComponents(document) as Json),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
}
