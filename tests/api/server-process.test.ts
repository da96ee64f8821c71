import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { images } from '../../src/server/db/schema.js';
import { dbKind } from '../support/test-app.js';
import { makePng } from '../support/images.js';
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
    first = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), TRUST_PROXY: '1' });
    expect(first.output()).toContain('admin@demo.local');
    // A hop count names no proxy: said at start, with what to set instead.
    // Logged by the server's logger, which writes beside the start lines: it may land after them.
    await expect.poll(() => first!.output()).toContain('TRUST_PROXY=1 names no proxy');
    expect(first.output()).toContain('Warehouse@123');
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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

  it('closes cleanly on SIGTERM and starts again on the same data without re-seeding, sweeping unused images', async () => {
    expect(await first!.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // As if the last run had stopped between a product's commit and the deletion of the picture it dropped.
    const offline = await openDatabase({ kind: 'pglite', dataDir });
    const png = makePng(2, 2, [1, 99, 1]);
    const hash = crypto.createHash('sha256').update(png).digest('hex');
    await offline.db.insert(images).values({ hash, mime: 'image/png', width: 2, height: 2, bytes: png, size: png.length });
    await offline.close();

    first = await startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(first.output()).not.toContain('Demo data loaded');
    expect((await fetch(`${first.url}/api/images/${hash}.png`)).status).toBe(404);
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: 'admin@demo.local', password: 'Admin@123' }),
    });
    expect(login.status).toBe(200);
  }, 120_000);
});

describe.skipIf(dbKind !== 'pglite')('the JWT secret', () => {
  it('a JWT_SECRET shorter than 32 bytes stops the start with a clear message and a non-zero exit', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grocery-secret-'));
    try {
      const start = startServerProcess({ DATA_DIR: dataDir, PORT: '0', JWT_SECRET: 'too-short-a-secret' });
      const failure = await start.then(
        async (server) => {
          await server.stop('SIGKILL');
          throw new Error('the server started with a short JWT_SECRET');
        },
        (error: { code?: number | null; output?: string }) => error,
      );
      expect(failure.code).toBe(1);
      expect(failure.output).toContain('JWT_SECRET is too short: 18 bytes, at least 32 are needed');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
