import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createAuditLogProvider, HISTORY_ERROR_MESSAGE } from '../../../../src/app/providers/audit-log-provider.js';
import { createHttpClient } from '../../../../src/app/providers/http-client.js';
import { createSession } from '../../../../src/app/providers/session.js';
import { memoryStorage } from '../helpers.js';

type Seen = { method: string; url: string; params: Record<string, unknown> };

function provider(status = 200, body: unknown = { data: [{ _id: '7', action: 'updated' }], total: 31, page: 2, limit: 10 }) {
  const requests: Seen[] = [];
  const changed: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    requests.push({ method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', params: { ...(config.params as Record<string, unknown>) } });
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  const http = createHttpClient({ baseURL: '/api', session: createSession(memoryStorage()), onSessionExpired: () => undefined, adapter });
  return { audit: createAuditLogProvider({ http, onRecordChanged: (resource) => changed.push(resource) }), requests, changed };
}

describe('audit log provider (issue 32): reads GET /api/history, writes nothing', () => {
  it("reads a record's page of history: meta.id is the API's record_id, empty filters are left out", async () => {
    const { audit, requests } = provider();
    const page = await audit.get({ resource: 'products', meta: { id: 'p1', page: 2, limit: 10, user_id: '', action: undefined } });
    expect(requests).toEqual([{ method: 'GET', url: '/history', params: { resource: 'products', record_id: 'p1', page: 2, limit: 10 } }]);
    expect(page).toMatchObject({ total: 31, capped: false, data: [{ _id: '7', id: '7', action: 'updated' }] });
  });

  it('says when the API stopped counting (total_capped): the total is at least that', async () => {
    const { audit } = provider(200, { data: [], total: 10000, total_capped: true, page: 1, limit: 20 });
    expect(await audit.get({ resource: '', meta: { page: 1, limit: 20 } })).toMatchObject({ total: 10000, capped: true });
  });

  it('reads everything with the Activity filters when no resource is named', async () => {
    const { audit, requests } = provider();
    await audit.get({ resource: '', meta: { page: 1, limit: 20, user_id: 'u1', action: 'created', from: '2026-11-01', to: '2026-11-24' } });
    expect(requests[0]!.params).toEqual({ page: 1, limit: 20, user_id: 'u1', action: 'created', from: '2026-11-01', to: '2026-11-24' });
  });

  it("says the history could not be read, in the server's words when it gives some", async () => {
    await expect(provider(500, {}).audit.get({ resource: 'products', meta: { id: 'p1' } })).rejects.toMatchObject({ message: HISTORY_ERROR_MESSAGE });
    await expect(provider(400, { message: 'to must be on or after from' }).audit.get({ resource: '', meta: {} })).rejects.toMatchObject({
      message: 'to must be on or after from',
    });
  });

  it('sends nothing when Refine logs a change (the API has already recorded it) and only says the shown history is stale', async () => {
    const { audit, requests, changed } = provider();
    await audit.create({ resource: 'products', action: 'update', data: { price: 1 }, previousData: { price: 2 }, meta: { id: 'p1' } });
    await audit.update({ id: '7', name: 'renamed' });
    expect(requests).toEqual([]);
    expect(changed).toEqual(['products']);
  });
});
