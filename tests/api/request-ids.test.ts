import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { dbPolicySource } from '../../src/server/auth/db-policy-source.js';
import { createTokenSigner } from '../../src/server/auth/tokens.js';
import type { Api } from '../../src/server/http/types.js';
import type { Database } from '../../src/server/db/client.js';
import { TEST_JWT_SECRET, openTestDatabase } from '../support/test-app.js';

/** The API with its log written to `lines`, a route that fails as a defect would, and the given proxies trusted. */
async function loggedApp(database: Database, lines: string[], trustProxy: string[] | false): Promise<Api> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    database,
    signer: createTokenSigner(TEST_JWT_SECRET),
    policy: dbPolicySource(database.db, 0),
    config: { loginRateLimit: 1000 },
    trustProxy,
    logger: { level: 'info', stream },
  });
  app.get('/api/test-defect', { config: { access: 'public' } }, async () => {
    throw new Error('a defect of ours');
  });
  await app.ready();
  return app;
}

describe('request ids: what a person reads beside an error is what the log names the request by', () => {
  let database: Database;
  let app: Api;
  let proxied: Api;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase({ seeded: true });
    app = await loggedApp(database, lines, false);
    proxied = await loggedApp(database, [], ['127.0.0.1']);
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await database?.close();
  });

  it('every answer names its request in X-Request-Id, each a different one', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/health' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it('a 500 says only that something went wrong, with the request id the log line of the defect carries', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-defect' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'api.internal', request_id: id });
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: { message: string } });
    const defect = logged.find((entry) => entry.msg === 'unhandled error');
    expect(defect).toMatchObject({ reqId: id, err: { message: 'a defect of ours' } });
  });

  it('4xx answers carry it too: a refused token, a bad body, an unknown address', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/users' }),
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrPhone: '' } }),
      await app.inject({ method: 'GET', url: '/api/nowhere' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 400, 404]);
    for (const answer of answers) expect(answer.json().request_id).toBe(answer.headers['x-request-id']);
  });

  it("keeps a trusted proxy's X-Request-Id, and ignores anyone else's", async () => {
    const headers = { 'x-request-id': 'edge-7f3a-91' };
    expect((await proxied.inject({ method: 'GET', url: '/api/nowhere', headers })).json().request_id).toBe('edge-7f3a-91');
    const direct = await app.inject({ method: 'GET', url: '/api/nowhere', headers });
    expect(direct.headers['x-request-id']).not.toBe('edge-7f3a-91');
    // Not one a log line would misread, even from a trusted proxy.
    const odd = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  });
});
