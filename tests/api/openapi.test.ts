import crypto from 'node:crypto';
import http from 'node:http';
import SwaggerParser from '@apidevtools/swagger-parser';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerOpenApi } from '../../src/server/http/openapi.js';
import type { Api } from '../../src/server/http/types.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document
type Operation = { method: string; path: string; url: string; op: Json };

let t: TestApp;
let doc: Json;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request('GET', '/api/openapi.json')).body;
  operations = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json).map(([method, op]) => ({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, ':p'), op })),
  );
});
afterAll(() => t.close());

const documented = (o: Operation, status: number) => Object.hasOwn(o.op.responses ?? {}, String(status));
const fill = (path: string, value: () => string) => path.replace(/\{[^}]+\}/g, () => encodeURIComponent(value()));
const hasBody = (o: Operation) => Boolean(o.op.requestBody);
const isPublic = (o: Operation) => Array.isArray(o.op.security) && o.op.security.length === 0;

/** A `$ref` of the document, followed. */
const resolve = (schema: Json): Json => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]) : schema);

/** What of `body` its documented schema does not allow: a field it does not name, a required one missing, a value off its enum. */
function conforms(body: Json, documentedSchema: Json): string[] {
  const schema = resolve(documentedSchema);
  const problems: string[] = [];
  for (const field of schema.required ?? []) if (!(field in body)) problems.push(`missing ${field}`);
  for (const [field, value] of Object.entries(body)) {
    const rule = schema.properties?.[field];
    if (!rule) problems.push(`undocumented ${field}`);
    else if (rule.enum && !rule.enum.includes(value)) problems.push(`${field}=${String(value)} not in ${rule.enum.join('|')}`);
  }
  return problems;
}

function patterns(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => patterns(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.push(value);
      else patterns(value, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(operations.length).toBeGreaterThan(40);
  });

  it('every pattern is a valid ECMAScript regular expression (unicode mode)', () => {
    const all = patterns(doc);
    expect(all.length).toBeGreaterThan(3);
    for (const pattern of all) expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
  });

  it('refuses to document a pattern with flags: /(?i)/-style rules would read as case-sensitive ones', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app as unknown as Api);
    app.get('/api/flagged', { config: { access: 'public' }, schema: { querystring: z.object({ code: z.string().regex(/^ab$/i) }) } }, () => ({}));
    await app.ready();
    expect(() => app.swagger()).toThrow(/flags the API document cannot show/);
    await app.close();
  });

  it('every error answer is the one shared error schema, or one with each of its fields that says more', () => {
    const shared = doc.components.schemas.Error;
    expect(shared.required).toEqual(['message']);
    const more = new Set<string>();
    for (const o of operations) {
      for (const [status, response] of Object.entries(o.op.responses as Json)) {
        // Health's and readiness' 503 is their own answer for monitors and load balancers ({status: 'unavailable', message}).
        if (Number(status) < 400 || (['/api/health', '/api/ready'].includes(o.path) && status === '503')) continue;
        const ref = String(response.content['application/json'].schema.$ref);
        expect(ref, `${o.method} ${o.path} ${status}`).toMatch(/^#\/components\/schemas\//);
        if (ref === '#/components/schemas/Error') continue;
        const schema = resolve({ $ref: ref });
        more.add(ref);
        expect(schema.required, ref).toEqual(['message']);
        for (const [field, rule] of Object.entries(shared.properties)) expect(schema.properties[field], `${ref}.${field}`).toEqual(rule);
      }
    }
    expect([...more].sort()).toEqual(
      ['ConfirmExpired', 'ImportRefused', 'SettingsImportRefused', 'StockTakeOverlap', 'TransferConflict'].map((n) => `#/components/schemas/${n}`),
    );
  });

  it('documents 431 (address or headers too large) on every operation, and the server answers it with that body', async () => {
    for (const o of operations) expect(documented(o, 431), `${o.method} ${o.path}`).toBe(true);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((done, fail) => {
        const req = http.request(`${address}${path}`, { headers }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', fail);
        req.end();
      });
    for (const [what, answer] of [
      ['headers', await raw('/api/cities', { 'x-padding': 'x'.repeat(20_000) })],
      ['address', await raw(`/api/cities?q=${'x'.repeat(20_000)}`, {})],
    ] as const) {
      expect(answer.status, what).toBe(431);
      expect(conforms(JSON.parse(answer.body), doc.paths['/api/cities'].get.responses['431'].content['application/json'].schema), what).toEqual([]);
    }
  });

  it("the product import's refusal of a file with errors is sent as documented: dry_run, created, updated, errors with rows", async () => {
    const csv = 'sku,productname\nX-1,\n';
    const res = await t.request('POST', '/api/products/import?dry_run=false', {
      role: 'admin',
      body: csv,
      headers: { 'content-type': 'text/csv', 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ dry_run: false, created: 0, updated: 0 });
    expect(res.body.errors[0]).toHaveProperty('row');
    const documentedBody = doc.paths['/api/products/import'].post.responses['400'].content['application/json'].schema;
    expect(conforms(res.body, documentedBody)).toEqual([]);
    // The check itself can fail: the shared error schema does not have them.
    expect(conforms(res.body, { $ref: '#/components/schemas/Error' })).not.toEqual([]);
  });

  it("a transfer step its status does not allow is refused (409) with the transfer's status, as documented", async () => {
    const warehouses = (await t.request('GET', '/api/warehouses?limit=2', { role: 'admin' })).body.data as { _id: string }[];
    const product = (await t.request('GET', '/api/products?limit=1', { role: 'admin' })).body.data[0] as { _id: string };
    const made = await t.request('POST', '/api/transfers', {
      role: 'admin',
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { from_warehouse_id: warehouses[0]!._id, to_warehouse_id: warehouses[1]!._id, lines: [{ product_id: product._id, quantity: 1 }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const receive = await t.request('POST', `/api/transfers/${made.body._id}/receive`, {
      role: 'admin',
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { lines: [{ product_id: product._id, quantity: 1 }] },
    });
    expect(receive.status, JSON.stringify(receive.body)).toBe(409);
    expect(receive.body.status).toBe('draft');
    const documentedBody = doc.paths['/api/transfers/{id}/receive'].post.responses['409'].content['application/json'].schema;
    expect(conforms(receive.body, documentedBody)).toEqual([]);
  });

  it('every operation that takes input or needs a token documents its 4xx: 400, 401, 403, 404 ...', () => {
    for (const o of operations) {
      const takesInput = hasBody(o) || (o.op.parameters ?? []).length > 0;
      const fourXx = Object.keys(o.op.responses).filter((s) => s.startsWith('4'));
      if (!takesInput && isPublic(o)) continue; // health: nothing to refuse
      expect(fourXx.length, `${o.method} ${o.path}`).toBeGreaterThan(0);
      if (takesInput) expect(documented(o, 400), `${o.method} ${o.path} 400`).toBe(true);
      if (!isPublic(o)) expect(documented(o, 401) && documented(o, 403), `${o.method} ${o.path} 401/403`).toBe(true);
    }
  });

  it('the statuses the API really answers are documented: no token, a wrong role, NUL input, unknown id, long id, XML, huge body', async () => {
    const undocumented: string[] = [];
    const check = (o: Operation, status: number, what: string) => {
      if (!documented(o, status)) undocumented.push(`${o.method} ${o.path}: ${status} (${what})`);
    };
    const huge = 'x'.repeat(13 * 1024 * 1024);
    for (const o of operations) {
      if (o.path.startsWith('/api/docs')) continue;
      const url = fill(o.path, () => crypto.randomUUID());
      const body = hasBody(o) ? {} : undefined;
      if (!isPublic(o)) {
        check(o, (await t.request(o.method, url, { body })).status, 'no token');
        check(o, (await t.request(o.method, url, { role: 'warehouse-user', body })).status, 'warehouse-user');
      }
      const asAdmin = { role: 'admin' as const };
      const query = (o.op.parameters ?? []).find((p: Json) => p.in === 'query');
      if (query) check(o, (await t.request(o.method, `${url}?${query.name}=%00`, asAdmin)).status, 'NUL in query');
      if (hasBody(o)) {
        check(o, (await t.request(o.method, url, { ...asAdmin, body: { x: 'a\u0000b' } })).status, 'NUL in body');
        const res = await t.app.inject({
          method: o.method as 'POST',
          url,
          payload: '<x/>',
          headers: { 'content-type': 'application/xml', authorization: `Bearer ${await t.token('admin')}` },
        });
        check(o, res.statusCode, 'XML body');
        const big = await t.app.inject({
          method: o.method as 'POST',
          url,
          payload: huge,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.token('admin')}` },
        });
        check(o, big.statusCode, 'huge body');
      }
      if (o.path.includes('{')) {
        check(o, (await t.request(o.method, url, { ...asAdmin, body })).status, 'unknown id');
        check(
          o,
          (
            await t.request(
              o.method,
              fill(o.path, () => 'x'.repeat(150)),
              { ...asAdmin, body },
            )
          ).status,
          'long id',
        );
      }
    }
    expect(undocumented).toEqual([]);
  }, 120_000);

  it('shows the rules the server enforces: pincode pattern, e-mail format, at least one ward, sort values, required dates', async () => {
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: Json) => p.name === name);
    const city = body('/api/cities', 'post');
    expect(JSON.stringify(city.properties.pincode)).toContain('"pattern":"^\\\\d{6}$"');
    expect(city.properties.wards.minItems).toBe(1);
    expect(body('/api/users/create', 'post').properties.email.format).toBe('email');
    expect(body('/api/warehouses', 'post').properties.contact_email.format).toBe('email');
    expect(param('/api/cities', 'sort').schema.enum).toEqual(expect.arrayContaining(['name', 'pincode']));
    expect(param('/api/products', 'sort').schema.enum).toEqual(expect.arrayContaining(['productname', 'current_stock']));
    for (const name of ['warehouse_id', 'start_date', 'end_date']) expect(param('/api/reports/warehouse-sale-purchase', name).required, name).toBe(true);
    expect(param('/api/inventory/report', 'start_date').required).toBe(false);
  });

  it('every documented sort value of every list is one the server sorts by', async () => {
    const failures: string[] = [];
    for (const o of operations.filter((op) => op.method === 'GET')) {
      const sort = (o.op.parameters ?? []).find((p: Json) => p.name === 'sort');
      for (const value of sort?.schema.enum ?? []) {
        const res = await t.request('GET', `${o.path}?sort=${value}&order=desc&limit=2`, { role: 'admin' });
        if (res.status !== 200) failures.push(`${o.path} sort=${value} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
