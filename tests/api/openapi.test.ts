import crypto from 'node:crypto';
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

  it('every error answer uses the one shared error schema', () => {
    for (const o of operations) {
      for (const [status, response] of Object.entries(o.op.responses as Json)) {
        if (Number(status) < 400 || o.path === '/api/health') continue;
        expect(response.content['application/json'].schema, `${o.method} ${o.path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    expect(doc.components.schemas.Error.required).toEqual(['message']);
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
        const res = await t.app.inject({ method: o.method as 'POST', url, payload: '<x/>', headers: { 'content-type': 'application/xml', authorization: `Bearer ${await t.token('admin')}` } });
        check(o, res.statusCode, 'XML body');
        const big = await t.app.inject({ method: o.method as 'POST', url, payload: huge, headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.token('admin')}` } });
        check(o, big.statusCode, 'huge body');
      }
      if (o.path.includes('{')) {
        check(o, (await t.request(o.method, url, { ...asAdmin, body })).status, 'unknown id');
        check(o, (await t.request(o.method, fill(o.path, () => 'x'.repeat(150)), { ...asAdmin, body })).status, 'long id');
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
