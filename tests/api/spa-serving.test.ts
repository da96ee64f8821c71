import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { dbPolicySource } from '../../src/server/auth/db-policy-source.js';
import { createTokenSigner } from '../../src/server/auth/tokens.js';
import { openTestDatabase } from '../support/test-app.js';
import type { Api } from '../../src/server/http/types.js';
import type { Database } from '../../src/server/db/client.js';

let app: Api;
let database: Database;
const spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>SPA</title>');
  fs.mkdirSync(path.join(spaDir, 'assets'));
  fs.writeFileSync(path.join(spaDir, 'assets', 'app-abc123.js'), 'console.log("v1")');
  // As the build writes them (vite.config.ts): a brotli and a gzip copy beside each text asset.
  const bundle = `export const rows = [${Array.from({ length: 500 }, (_, i) => `"row ${i}"`).join(',')}];`;
  fs.writeFileSync(path.join(spaDir, 'assets', 'bundle-9f8e7d.js'), bundle);
  fs.writeFileSync(path.join(spaDir, 'assets', 'bundle-9f8e7d.js.br'), zlib.brotliCompressSync(bundle));
  fs.writeFileSync(path.join(spaDir, 'assets', 'bundle-9f8e7d.js.gz'), zlib.gzipSync(bundle));
  database = await openTestDatabase();
  app = await buildApp({ database, signer: createTokenSigner('x'.repeat(32)), policy: dbPolicySource(database.db), config: { loginRateLimit: 100 }, spaDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(spaDir, { recursive: true, force: true });
});

describe('serving the SPA beside the API', () => {
  it('answers / and every client route with index.html, revalidated', async () => {
    for (const url of ['/', '/users', '/product-edit/123', '/inventory-by-city/abc?warehouse_id=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets with a one-year cache, including files built after start-up', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.body).toBe('console.log("v1")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    fs.writeFileSync(path.join(spaDir, 'assets', 'app-def456.js'), 'console.log("v2")');
    expect((await app.inject({ method: 'GET', url: '/assets/app-def456.js' })).body).toBe('console.log("v2")');
  });

  it('sends the precompressed copy the browser accepts (brotli first), cached immutably, and the plain file otherwise', async () => {
    const url = '/assets/bundle-9f8e7d.js';
    const plain = fs.readFileSync(path.join(spaDir, 'assets', 'bundle-9f8e7d.js'), 'utf8');
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);

    const none = await app.inject({ method: 'GET', url });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('never answers a missing asset or an unknown API path with the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(asset.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    // Every error names its request as the X-Request-Id header does (what an operator finds in the log).
    expect(api.json()).toEqual({ message: 'Not found', code: 'api.pathNotFound', request_id: api.headers['x-request-id'] });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
