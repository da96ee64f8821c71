import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '../../../src/app/providers/api-error.js';
import { createHttpClient, type HttpClient } from '../../../src/app/providers/http-client.js';
import { createSession, type Session } from '../../../src/app/providers/session.js';
import { fakeJwt, memoryStorage } from './helpers.js';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

/** A real HTTP server on a loopback port, so the client runs over axios's real Node transport. */
async function startServer(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: http.ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

/** The API's token rules in miniature: one valid access token, single-use rotating refresh tokens. */
function tokenServer(options: { refreshFails?: boolean; refreshHangsUp?: boolean; refreshDelayMs?: number } = {}) {
  const state = { access: fakeJwt({ jti: 'a0' }), refresh: 'r0', refreshCalls: 0, generation: 0 };
  const handler: Handler = (req, body, res) => {
    if (req.url === '/api/auth/refresh') {
      state.refreshCalls += 1;
      if (options.refreshHangsUp) return req.socket.destroy();
      const { refresh_token } = JSON.parse(body) as { refresh_token: string };
      if (options.refreshFails || refresh_token !== state.refresh) return json(res, 401, { message: 'Invalid or expired refresh token. Please log in again.' });
      state.generation += 1;
      state.access = fakeJwt({ jti: `a${state.generation}` });
      state.refresh = `r${state.generation}`;
      return setTimeout(() => json(res, 200, { access_token: state.access, refresh_token: state.refresh }), options.refreshDelayMs ?? 20);
    }
    if (req.headers.authorization !== `Bearer ${state.access}`) return json(res, 401, { message: 'Unauthorized access' });
    return json(res, 200, { path: req.url });
  };
  return { state, handler };
}

describe('HTTP client: token refresh', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let session: Session;
  let client: HttpClient;
  let onSessionExpired: Mock<() => void>;
  let tokens: ReturnType<typeof tokenServer>;

  async function setup(options: Parameters<typeof tokenServer>[0] = {}) {
    tokens = tokenServer(options);
    server = await startServer(tokens.handler);
    session = createSession(memoryStorage());
    // Signed in earlier: the stored access token is no longer the one the server accepts.
    session.save({ access_token: fakeJwt({ jti: 'stale' }), refresh_token: 'r0' });
    onSessionExpired = vi.fn<() => void>();
    client = createHttpClient({ baseURL: server.url, session, onSessionExpired });
  }

  afterEach(async () => {
    await server?.close();
  });

  it('five requests failing with 401 at once cause exactly one refresh, then all five succeed', async () => {
    await setup();
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => client.get(`/items/${n}`)));
    expect(replies.map((r) => r.data.path)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/items/${n}`));
    expect(tokens.state.refreshCalls).toBe(1);
    expect(session.accessToken()).toBe(tokens.state.access);
    expect(session.refreshToken()).toBe('r1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a request sent while a refresh is under way waits for it instead of refreshing again', async () => {
    await setup({ refreshDelayMs: 150 });
    const first = client.get('/first');
    await vi.waitFor(() => expect(tokens.state.refreshCalls).toBe(1));
    const second = client.get('/second');
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(tokens.state.refreshCalls).toBe(1);
  });

  it('a refused refresh clears the session, reports the expiry once and fails every waiting request', async () => {
    await setup({ refreshFails: true });
    const results = await Promise.allSettled([1, 2, 3].map((n) => client.get(`/items/${n}`)));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.statusCode).toBe(401);
      expect(error.message).toBe('Unauthorized. Please log in again.');
    }
    expect(tokens.state.refreshCalls).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(session.accessToken()).toBeNull();
    expect(session.refreshToken()).toBeNull();
  });

  it('a refresh that gets no answer keeps the session for when the server is back', async () => {
    await setup({ refreshHangsUp: true });
    const error = (await client.get('/items/1').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Network error. Please check your connection.');
    expect(session.refreshToken()).toBe('r0');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 401 from the login endpoint is an answer, not an expired session', async () => {
    await setup();
    const error = await client.post('/auth/login', {}, { skipAuthRefresh: true }).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Unauthorized access');
    expect(tokens.state.refreshCalls).toBe(0);
  });

  it('sends the stored token as a bearer header and JSON', async () => {
    let seen: http.IncomingHttpHeaders = {};
    server = await startServer((req, _body, res) => {
      seen = req.headers;
      json(res, 200, {});
    });
    session = createSession(memoryStorage());
    session.save({ access_token: 'tok', refresh_token: 'ref' });
    await createHttpClient({ baseURL: server.url, session, onSessionExpired: vi.fn() }).post('/things', { a: 1 });
    expect(seen.authorization).toBe('Bearer tok');
    expect(seen['content-type']).toContain('application/json');
  });
});

describe('HTTP client: SPEC.md section 8 error messages', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const client = (url: string, session = createSession(memoryStorage())) => createHttpClient({ baseURL: url, session, onSessionExpired: vi.fn() });

  beforeEach(async () => {
    server = await startServer((req, _body, res) => {
      if (req.url === '/api/with-message') return json(res, 409, { message: 'A city with this name already exists' });
      if (req.url === '/api/validation') {
        return json(res, 400, {
          message: 'pincode: Please enter a valid 6-digit pincode',
          errors: [{ field: 'pincode', message: 'Please enter a valid 6-digit pincode' }],
        });
      }
      if (req.url === '/api/no-message') return json(res, 500);
      if (req.url === '/api/unauthorized') return json(res, 401);
      if (req.url === '/api/proxy-down') {
        res.writeHead(502, { 'content-type': 'text/plain' });
        return res.end();
      }
      if (req.url === '/api/hang-up') return req.socket.destroy();
      return json(res, 404, { message: 'Not found' });
    });
  });
  afterEach(() => server.close());

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (e: unknown) => e as ApiError,
    );

  it("shows the server's message and keeps its field errors for the form", async () => {
    const conflict = await failure(client(server.url).get('/with-message'));
    expect(conflict).toMatchObject({ statusCode: 409, message: 'A city with this name already exists' });
    const invalid = await failure(client(server.url).post('/validation', {}));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.errors).toEqual({ pincode: 'Please enter a valid 6-digit pincode' });
  });

  it("falls back to the operation's catalogue default when the server says nothing", async () => {
    const error = await failure(client(server.url).get('/no-message', { errorMessage: 'Failed to fetch cities' }));
    expect(error).toMatchObject({ statusCode: 500, message: 'Failed to fetch cities' });
  });

  it('a bare status with no catalogue default reads as words, never as a status code (issue 28)', async () => {
    const error = await failure(client(server.url).get('/no-message'));
    expect(error).toMatchObject({ statusCode: 500, message: 'Something went wrong. Please try again.' });
  });

  it("a 401 without a message (and nothing to refresh) reads 'Unauthorized. Please log in again.'", async () => {
    const error = await failure(client(server.url).get('/unauthorized'));
    expect(error).toMatchObject({ statusCode: 401, message: 'Unauthorized. Please log in again.' });
  });

  it('no response at all is a network error', async () => {
    const error = await failure(client(server.url).get('/hang-up'));
    expect(error.message).toBe('Network error. Please check your connection.');
  });

  it('a refused connection, or a proxy answering 502 for a stopped API, says the server is not running', async () => {
    const refusedUrl = server.url;
    await server.close();
    const refused = await failure(client(refusedUrl).get('/anything'));
    expect(refused.message).toBe('Cannot connect to server. Please ensure the backend server is running.');
    server = await startServer((_req, _body, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    const proxied = await failure(client(server.url).get('/proxy-down'));
    expect(proxied.message).toBe('Cannot connect to server. Please ensure the backend server is running.');
  });
});
