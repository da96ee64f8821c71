import crypto from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET, createTestApp, dbKind, type TestApp } from '../support/test-app.js';
import { stockFixtures } from '../support/stock-fixtures.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The scrape as a Prometheus server parses it, by metric name. */
async function scrape(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
  return { text: res.body, families: new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f])) };
}

const value = (families: Awaited<ReturnType<typeof scrape>>['families'], name: string, labels: Record<string, string> = {}) =>
  Number(families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);

describe('GET /api/metrics: Prometheus text, scraped and parsed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('requests by route pattern and status (never the address asked for), their latency, refused sign-ins, statements, movements', async () => {
    const products = (await t.request('GET', '/api/products?limit=2', { role: 'admin' })).body.data as { _id: string }[];
    for (const p of products) expect((await t.request('GET', `/api/products/${p._id}`, { role: 'admin' })).status).toBe(200);
    expect((await t.request('GET', `/api/products/${crypto.randomUUID()}`, { role: 'admin' })).status).toBe(404);
    expect((await t.request('GET', '/api/no-such-route/123')).status).toBe(404);
    const wrong = await t.request('POST', '/api/auth/login', { body: { emailOrPhone: 'admin@demo.local', password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    const before = value((await scrape(t)).families, 'stock_movements_written_total');

    const fx = stockFixtures(t.db);
    const p = await fx.stocked();
    const added = await t.request('POST', '/api/inventory/add-stock', {
      role: 'admin',
      body: {
        product_id: p.productId,
        warehouse_id: p.warehouseId,
        quantity: 3,
        unit_cost: 10,
        movement_reason: 'return',
        reference_id: 'R-1',
        reference_type: 'invoice',
        notes: 'back',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    const { text, families } = await scrape(t);
    expect(value(families, 'http_requests_total', { method: 'GET', route: '/api/products/:id', status: '200' })).toBe(products.length);
    expect(value(families, 'http_requests_total', { method: 'GET', route: '/api/products/:id', status: '404' })).toBe(1);
    expect(value(families, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // One series per route: no label holds an id, a query string or the unknown address.
    for (const metric of families.get('http_requests_total')!.metrics) expect(metric.labels!.route).not.toMatch(/[0-9a-f]{8}-|\?|no-such-route/);
    const latency = families.get('http_request_duration_seconds')!;
    expect(latency.type).toBe('HISTOGRAM');
    // This parser merges a labelled histogram's buckets into one (prom2json's shape); its count per series is in the text.
    expect(Object.keys(latency.metrics[0]!.buckets!)).toEqual(expect.arrayContaining(['0.1', '+Inf']));
    expect(text).toContain(`http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="200"} ${products.length}`);

    expect(value(families, 'auth_sign_in_failures_total', { reason: 'wrong_credentials' })).toBe(1);
    expect(value(families, 'stock_movements_written_total') - before).toBe(1);
    const queries = families.get('db_query_duration_seconds')!.metrics[0]!;
    expect(Number(queries.count)).toBeGreaterThan(5);
    expect(value(families, 'sse_subscribers')).toBe(0);
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(families.has('nodejs_eventloop_lag_seconds')).toBe(true);
    if (dbKind === 'postgres') expect(value(families, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    else expect(families.get('db_pool_connections')?.metrics ?? []).toEqual([]);
    // No secret in any label or value.
    expect(text).not.toContain(TEST_JWT_SECRET);
    expect(text).not.toContain('not-the-password');
  });

  it('without METRICS_TOKEN, only this machine: another address, or a request a proxy forwarded, is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    const forwarded = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json().message).toBe('Metrics are served to this machine only: set METRICS_TOKEN to scrape them from elsewhere');
    // Signing in does not help: the metrics are not a person's route.
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${await t.token('admin')}` },
    });
    expect(asAdmin.statusCode).toBe(403);
  });
});

describe('health and readiness', () => {
  it('GET /api/health and GET /api/ready answer only while the database does', async () => {
    const t = await createTestApp({ seed: false });
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/api/ready')).body).toEqual({ status: 'ready' });
    await t.database.close();
    expect(await t.request('GET', '/api/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', message: 'Database is not reachable' } });
    expect((await t.request('GET', '/api/health')).status).toBe(503);
    // Its database is gone: what closing the app does with it is not this test's subject.
    await t.app.close().catch(() => {});
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t?.close());

  it('needs Authorization: Bearer <the token>, from any address, and never shows it', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    const remote = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).not.toContain(TOKEN);
  });
});
