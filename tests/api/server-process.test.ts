import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind } from '../support/test-app.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// The embedded database and its data-dir lock only exist in PGlite mode; the PostgreSQL project
// starts real processes in the stock concurrency tests instead.
describe.skipIf(dbKind !== 'pglite')('the server process in embedded mode', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grocery-data-'));
  let first: ServerProcess | undefined;
  afterAll(async () => {
    await first?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty data dir, seeds the demo data, prints the demo logins and answers health', async () => {
    first = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(first.output()).toContain('admin@demo.local');
    expect(first.output()).toContain('Warehouse@123');
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: 'admin@demo.local', password: 'Admin@123' }),
    });
    expect(login.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
  }, 120_000);

  it('refuses a second process on the same data dir with a clear error', async () => {
    const second = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await expect(second).rejects.toThrow(/in use by another process/);
    // The first one is unharmed.
    expect((await fetch(`${first!.url}/api/health`)).status).toBe(200);
  }, 120_000);

  it('closes cleanly on SIGTERM and starts again on the same data without re-seeding', async () => {
    expect(await first!.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    first = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(first.output()).not.toContain('Demo data loaded');
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: 'admin@demo.local', password: 'Admin@123' }),
    });
    expect(login.status).toBe(200);
  }, 120_000);
});
