import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../../src/app/providers/auth-provider.js';
import { createHttpClient } from '../../../src/app/providers/http-client.js';
import { createSession, SESSION_KEYS } from '../../../src/app/providers/session.js';
import { fakeJwt, memoryStorage } from './helpers.js';
import { stubApi, type StubReply, type StubRequest } from './stub-api.js';

function setup(routes: Record<string, (request: StubRequest) => StubReply>, stored: Record<string, string> = {}) {
  const storage = memoryStorage(stored);
  const session = createSession(storage);
  const api = stubApi(routes);
  const onSessionChange = vi.fn();
  const http = createHttpClient({ baseURL: '/api', session, onSessionExpired: vi.fn(), adapter: api.adapter });
  const auth = createAuthProvider({ http, session, onSessionChange, homeRoute: '/admin-dashboard', loginRoute: '/login' });
  return { auth, storage, session, requests: api.requests, onSessionChange };
}

const pair =
  (claims: Parameters<typeof fakeJwt>[0], refresh = 'refresh-1') =>
  () => ({ body: { access_token: fakeJwt(claims), refresh_token: refresh } });
const expired = () => fakeJwt({ exp: Math.floor(Date.now() / 1000) - 60 });

describe('auth provider', () => {
  it('login stores the session of SPEC.md section 3 and goes to the dashboard', async () => {
    const { auth, storage, onSessionChange } = setup({ 'POST /auth/login': pair({ role: 'warehouse-user', firstname: 'Vikram' }) });
    await expect(auth.login({ emailOrPhone: 'warehouse@demo.local', password: 'Warehouse@123' })).resolves.toEqual({
      success: true,
      redirectTo: '/admin-dashboard',
    });
    expect(storage.getItem(SESSION_KEYS.token)).toMatch(/^ey/);
    expect(storage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-1');
    expect(storage.getItem(SESSION_KEYS.role)).toBe('warehouse-user');
    expect(storage.getItem(SESSION_KEYS.userName)).toBe('Vikram');
    expect(onSessionChange).toHaveBeenCalledOnce();
  });

  it("names a user without a first name 'Admin User'", async () => {
    const { auth, session } = setup({ 'POST /auth/login': pair({ firstname: '' }) });
    await auth.login({ emailOrPhone: 'admin@demo.local', password: 'Admin@123' });
    expect(session.userName()).toBe('Admin User');
    await expect(auth.getIdentity!()).resolves.toMatchObject({ name: 'Admin User', role: 'admin', roleLabel: 'Admin' });
  });

  it('follows the API on who may sign in: a role the live policy lets in is signed in, whatever the default policy says', async () => {
    const { auth, session } = setup({ 'POST /auth/login': pair({ role: 'sub-admin', firstname: 'Meera' }) });
    await expect(auth.login({ emailOrPhone: 'subadmin@demo.local', password: 'Demo@123' })).resolves.toEqual({ success: true, redirectTo: '/admin-dashboard' });
    expect(session.role()).toBe('sub-admin');
    await expect(auth.check!()).resolves.toEqual({ authenticated: true });
  });

  it('refuses a token it cannot read (a malformed role), and revokes the refresh token it was given', async () => {
    const { auth, storage, requests } = setup({
      'POST /auth/login': () => ({ body: { access_token: fakeJwt({ role: 'Not A Role!' }), refresh_token: 'odd-refresh' } }),
      'POST /auth/logout': () => ({ body: {} }),
    });
    const result = await auth.login({ emailOrPhone: 'someone@demo.local', password: 'Demo@123' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe('You are not authorized to access this application.');
    expect(storage.length).toBe(0);
    expect(requests.at(-1)).toMatchObject({ url: '/auth/logout', body: { refresh_token: 'odd-refresh' } });
  });

  it("shows the server's refusal", async () => {
    const { auth } = setup({ 'POST /auth/login': () => ({ status: 401, body: { message: 'Invalid email/phone or password' } }) });
    const result = await auth.login({ emailOrPhone: 'admin@demo.local', password: 'wrong-password' });
    expect(result).toMatchObject({ success: false, error: { message: 'Invalid email/phone or password' } });
  });

  it('recovers the role from the stored token when the role key is missing', () => {
    const { session, storage } = setup({}, { token: fakeJwt({ role: 'warehouse-user' }), refresh_token: 'r' });
    expect(session.role()).toBe('warehouse-user');
    expect(storage.getItem('role')).toBe('warehouse-user');
  });

  it('check: a valid token passes without a request', async () => {
    const { auth, requests } = setup({}, { token: fakeJwt(), refresh_token: 'r' });
    await expect(auth.check!()).resolves.toEqual({ authenticated: true });
    expect(requests).toHaveLength(0);
  });

  it('check: an expired token with a usable refresh token is refreshed, not thrown away', async () => {
    const { auth, requests, session } = setup(
      { 'POST /auth/refresh': pair({ firstname: 'Aarti' }, 'refresh-2') },
      { token: expired(), refresh_token: 'refresh-1' },
    );
    await expect(auth.check!()).resolves.toEqual({ authenticated: true });
    expect(requests).toEqual([expect.objectContaining({ url: '/auth/refresh', body: { refresh_token: 'refresh-1' } })]);
    expect(session.refreshToken()).toBe('refresh-2');
  });

  it('check: an expired session that cannot be refreshed goes to /login and is cleared', async () => {
    const { auth, storage } = setup(
      { 'POST /auth/refresh': () => ({ status: 401, body: { message: 'Invalid or expired refresh token. Please log in again.' } }) },
      { token: expired(), refresh_token: 'spent', role: 'admin', userName: 'Aarti' },
    );
    await expect(auth.check!()).resolves.toEqual({ authenticated: false, redirectTo: '/login' });
    expect(storage.length).toBe(0);
  });

  it('check: nobody signed in goes to /login', async () => {
    await expect(setup({}).auth.check!()).resolves.toEqual({ authenticated: false, redirectTo: '/login' });
  });

  it('logout revokes the refresh token, clears the session and goes to /', async () => {
    const { auth, storage, requests, onSessionChange } = setup(
      { 'POST /auth/logout': () => ({ body: { message: 'Logged out' } }) },
      { token: fakeJwt(), refresh_token: 'refresh-9', role: 'admin', userName: 'Aarti' },
    );
    await expect(auth.logout!({})).resolves.toEqual({ success: true, redirectTo: '/' });
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/logout', body: { refresh_token: 'refresh-9' } })]);
    expect(storage.length).toBe(0);
    expect(onSessionChange).toHaveBeenCalledOnce();
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    const { auth, storage } = setup({ 'POST /auth/logout': () => ({ status: 502 }) }, { token: fakeJwt(), refresh_token: 'r' });
    await expect(auth.logout!({})).resolves.toMatchObject({ success: true });
    expect(storage.length).toBe(0);
  });
});
