import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/app/providers/data-provider.js';
import { createHttpClient } from '../../../src/app/providers/http-client.js';
import { createSession } from '../../../src/app/providers/session.js';
import { defaultErrorMessage, findDeclaration } from '../../../src/app/resources/index.js';
import { memoryStorage } from './helpers.js';

type Reply = { status?: number; body?: unknown };
type Seen = { method: string; url: string; params: Record<string, unknown>; body: unknown; ifMatch?: string };

/** The real client and provider over a stub transport that records each request and answers `reply`. */
function provider(reply: Reply | ((seen: Seen) => Reply)) {
  const requests: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const seen: Seen = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...(config.params as Record<string, unknown>) },
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      ifMatch: (config.headers.get('If-Match') as string | undefined) ?? undefined,
    };
    requests.push(seen);
    const { status = 200, body } = typeof reply === 'function' ? reply(seen) : reply;
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  const http = createHttpClient({ baseURL: '/api', session: createSession(memoryStorage()), onSessionExpired: () => undefined, adapter });
  return { data: createDataProvider({ http, apiUrl: '/api', findDeclaration, defaultErrorMessage }), requests };
}

const page = { currentPage: 2, pageSize: 10 };

describe('data provider: list shapes of SPEC.md section 7 → {data, total}', () => {
  it('users: {users, total}', async () => {
    const { data, requests } = provider({ body: { users: [{ _id: 'u1' }, { _id: 'u2' }], total: 12, page: 2, limit: 10 } });
    const result = await data.getList({ resource: 'users', pagination: page });
    expect(result).toEqual({
      data: [
        { _id: 'u1', id: 'u1' },
        { _id: 'u2', id: 'u2' },
      ],
      total: 12,
    });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/users', params: { page: 2, limit: 10 } });
  });

  it('cities, warehouses, products: {data, total, page, limit}', async () => {
    for (const resource of ['cities', 'warehouses', 'products', 'handling-charges', 'inventory']) {
      const { data, requests } = provider({ body: { data: [{ _id: 'x' }], total: 31, page: 1, limit: 10 } });
      await expect(data.getList({ resource })).resolves.toEqual({ data: [{ _id: 'x', id: 'x' }], total: 31 });
      expect(requests[0]!.url).toBe(`/${resource}`);
    }
  });

  it('a bare array (legacy products): total is its length', async () => {
    const { data } = provider({ body: [{ _id: 'p1' }, { _id: 'p2' }, { _id: 'p3' }] });
    await expect(data.getList({ resource: 'products' })).resolves.toMatchObject({ total: 3 });
  });

  it('sellers: {data} without a total', async () => {
    const { data, requests } = provider({ body: { data: [{ _id: 's1' }, { _id: 's2' }] } });
    await expect(data.getList({ resource: 'sellers' })).resolves.toMatchObject({ total: 2 });
    expect(requests[0]!.url).toBe('/users/by-role/seller');
  });

  it('category tree: {MainCategories} at /categories/main', async () => {
    const { data, requests } = provider({ body: { MainCategories: [{ category: 'Fruits', category_id: 'c1' }] } });
    const result = await data.getList({ resource: 'category-tree' });
    expect(result).toEqual({ data: [{ category: 'Fruits', category_id: 'c1' }], total: 1 });
    expect(requests[0]!.url).toBe('/categories/main');
  });

  it("any other shape is refused with 'Invalid response format from server'", async () => {
    for (const body of [{ items: [] }, { users: [] }, 'oops', null]) {
      const { data } = provider({ body });
      await expect(data.getList({ resource: 'products' })).rejects.toMatchObject({ message: 'Invalid response format from server' });
    }
  });
});

describe('data provider: what reaches the API', () => {
  it('passes server-side paging, sorting and filters through with the API names', async () => {
    const { data, requests } = provider({ body: { data: [], total: 0 } });
    await data.getList({
      resource: 'products',
      pagination: { currentPage: 3, pageSize: 25 },
      sorters: [{ field: 'productname', order: 'desc' }],
      filters: [
        { field: 'q', operator: 'contains', value: 'rice' },
        { field: 'warehouse_id', operator: 'eq', value: 'w1' },
        { field: 'category', operator: 'eq', value: '' },
      ],
    });
    expect(requests[0]!.params).toEqual({ page: 3, limit: 25, sort: 'productname', order: 'desc', q: 'rice', warehouse_id: 'w1' });
  });

  it('without server paging it asks for the whole list (up to the API limit)', async () => {
    const { data, requests } = provider({ body: { data: [], total: 0 } });
    await data.getList({ resource: 'cities', pagination: { mode: 'off' } });
    expect(requests[0]!.params).toEqual({ page: 1, limit: 1000 });
  });

  it('creates users at POST /users/create and others at POST /<resource>', async () => {
    const { data, requests } = provider(({ body }) => ({ status: 201, body: { _id: 'n1', ...(body as object) } }));
    await expect(data.create({ resource: 'users', variables: { firstname: 'Asha' } })).resolves.toEqual({ data: { _id: 'n1', id: 'n1', firstname: 'Asha' } });
    await data.create({ resource: 'cities', variables: { name: 'Pune' } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /users/create', 'POST /cities']);
    expect(requests[1]!.body).toEqual({ name: 'Pune' });
  });

  it('updates products with PATCH and the others with PUT', async () => {
    const { data, requests } = provider({ body: { _id: 'x' } });
    await data.update({ resource: 'products', id: 'p1', variables: { price: 10 } });
    await data.update({ resource: 'users', id: 'u1', variables: { firstname: 'A' } });
    await data.update({ resource: 'warehouses', id: 'w1', variables: { name: 'W' } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PATCH /products/p1', 'PUT /users/u1', 'PUT /warehouses/w1']);
  });

  it('sends If-Match with the version its form loaded (meta.version), and none when no version is known', async () => {
    const { data, requests } = provider({ body: { _id: 'x', version: 8 } });
    await data.update({ resource: 'cities', id: 'c1', variables: { name: 'Pune' }, meta: { version: 7 } });
    await data.update({ resource: 'products', id: 'p1', variables: { price: 10 }, meta: { version: '12' } });
    await data.update({ resource: 'cities', id: 'c1', variables: { name: 'Pune' } });
    await data.update({ resource: 'cities', id: 'c1', variables: { name: 'Pune' }, meta: { version: undefined } });
    expect(requests.map((r) => r.ifMatch)).toEqual(['"7"', '"12"', undefined, undefined]);
    expect(requests[0]!.body).toEqual({ name: 'Pune' });
  });

  it("refuses an update over a newer version with the server's message, its status and whole answer (the record now)", async () => {
    const answer = {
      message: 'This record was changed by Ravi Kumar since you opened it.',
      changed_by: { id: 'u2', name: 'Ravi Kumar' },
      changed_at: '2026-11-25T06:00:00.000Z',
      current: { _id: 'c1', name: 'Pune City', version: 9 },
    };
    const { data } = provider({ status: 409, body: answer });
    const refusal = data.update({ resource: 'cities', id: 'c1', variables: { name: 'Pune' }, meta: { version: 7 } });
    await expect(refusal).rejects.toMatchObject({ statusCode: 409, message: answer.message, body: answer });
  });

  it('reads and deletes one record at /<path>/<id>', async () => {
    const { data, requests } = provider({ body: { _id: 'c1', name: 'Pune' } });
    await expect(data.getOne({ resource: 'cities', id: 'c1' })).resolves.toEqual({ data: { _id: 'c1', id: 'c1', name: 'Pune' } });
    await data.deleteOne({ resource: 'cities', id: 'c1' });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /cities/c1', 'DELETE /cities/c1']);
  });

  it('custom calls take API paths (with or without the base) and drop empty query values', async () => {
    const { data, requests } = provider({ body: { summary: {} } });
    await data.custom!({ url: '/api/inventory/report', method: 'get', query: { report_type: 'summary', warehouse_id: '', limit: 100 } });
    await data.custom!({ url: '/inventory/adjust-stock', method: 'post', payload: { new_stock: 4 } });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/inventory/report', params: { report_type: 'summary', limit: 100 } });
    expect(requests[1]).toMatchObject({ method: 'POST', url: '/inventory/adjust-stock', body: { new_stock: 4 } });
  });
});

describe('data provider: catalogue defaults of SPEC.md section 8', () => {
  it('names the operation when the server gives no message', async () => {
    const cases: [() => Promise<unknown>, string][] = [];
    const { data } = provider({ status: 500 });
    cases.push([() => data.getList({ resource: 'cities' }), 'Failed to fetch cities']);
    cases.push([() => data.getOne({ resource: 'users', id: 'u1' }), 'Failed to fetch user']);
    cases.push([() => data.create({ resource: 'products', variables: {} }), 'Failed to add product']);
    cases.push([() => data.create({ resource: 'users', variables: {} }), 'Failed to create user']);
    cases.push([() => data.update({ resource: 'warehouses', id: 'w', variables: {} }), 'Failed to update warehouse']);
    cases.push([() => data.deleteOne({ resource: 'handling-charges', id: 'h' }), 'Failed to delete handling charge']);
    cases.push([() => data.getList({ resource: 'handling-charges' }), 'Failed to fetch handling charges']);
    for (const [run, message] of cases) await expect(run()).rejects.toMatchObject({ statusCode: 500, message });
  });

  it("keeps the server's message, and a screen may name its own default", async () => {
    const { data } = provider({ status: 409, body: { message: 'City is used by 2 warehouses' } });
    await expect(data.deleteOne({ resource: 'cities', id: 'c' })).rejects.toMatchObject({ statusCode: 409, message: 'City is used by 2 warehouses' });
    const silent = provider({ status: 500 }).data;
    await expect(silent.custom!({ url: '/inventory/report', method: 'get', meta: { errorMessage: 'Failed to generate report' } })).rejects.toMatchObject({
      message: 'Failed to generate report',
    });
  });
});
